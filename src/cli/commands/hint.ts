import { Command } from 'commander';
import { jsonInStyle } from '../../cards/notation.js';
import { InputError } from '../../errors/inputError.js';
import { describeFairHint } from '../../games/fairHint.js';
import { describeHint, hint } from '../../games/hint.js';
import { gameById } from '../../games/registry.js';
import {
  addAnalysisOptions,
  addSearchOptions,
  analysisFlags,
  cardStyleFrom,
  limitsFrom,
  openDealArg,
  refuseForeignAnalysisOptions,
  type SearchOptionValues,
  wholeNumber,
} from '../options.js';

interface HintOptions extends SearchOptionValues {
  moves?: string;
  line?: string;
  fair?: boolean;
  samples: string;
  seed: string;
}

export function hintCommand(): Command {
  const cmd = new Command('hint')
    .description('judge every legal move of a position: which still win, which lose, the best first')
    .argument('<deal>', 'a deal code, a deal file, or - for standard input')
    .option('--moves <list>', 'the moves played so far, separated by ";" (as for play); none: the deal as dealt', '')
    .option(
      '--line <list>',
      'moves known to win from the position, separated by ";" (the rest of a line solve or hint printed): no move is said to need more moves than this line',
    )
    .option(
      '--fair',
      'judge each move with only what the player has seen: its chance of still winning over sampled deals (Pyramide, Double Solitaire)',
    )
    .option('--samples <n>', '--fair: deals sampled', '100')
    .option('--seed <n>', '--fair: the seed of the samples (the same seed, the same answer)', '1');
  addAnalysisOptions(cmd);
  addSearchOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Labels. Pyramide (exact): optimal (on a shortest win), winnable (wins, N moves longer),
losing (no win any more; the most pyramid cards still removable). Double Solitaire:
winning (a win is known after it), losing (proven), unknown (a limit stopped it); the
limits are for the whole hint, shared among the moves. Its lines are the shortest found
within them: with --line (the rest of a line solve printed, which looks longer for lines
with fewer turn-overs) the line's first move is judged by it where its own search found a
longer one, so the hint and the analysis tell one story.
--fair judges with only what the player has seen (the cards not yet seen are shuffled
among their places in each sample: Pyramide's stock cards not yet turned, Double Solitaire's
face-down cards and stock cards never drawn; every sample is solved exactly): each move's
chance of still winning, with its 95% interval. The limits are for the whole fair hint.
Pyramide under the app's rules (turn-overs unlimited): the stock's order decided no win on
the deals measured, so the fair chances came out as the exact verdicts; with --passes or
--rules msc they differ. Double Solitaire costs far more: each sample judges every move
with a search, and a sample the solver cannot decide quickly takes what the others leave,
so such a hint runs to its --time-limit (10 s by default). Measured on D1N: 10 samples a
median of 0.07 to 0.3 s, 100 samples 3 to 7 s (a quarter to a half of those hints ran to
the 10 s limit); under Vegas scoring samples are seldom decided.
Examples:
  cardsolve hint PY1-N-AAAAAAA --moves "J♦ + 2♦; draw"
  cardsolve hint DS1-D1N-AAAAAAB --moves "9♦ c3-c2; draw" --time-limit 20s --json
  cardsolve hint PY1-N-AAAAAAA --rules msc --fair --samples 200
  cardsolve hint DS1-D1N-AAAAAAB --moves "draw; draw; draw" --fair --samples 30`,
  );
  return cmd.action((arg: string, options: HintOptions) => {
    const deal = openDealArg(arg, options);
    const limits = limitsFrom(options);
    if (options.fair) {
      const game = gameById(deal.game);
      if (options.line !== undefined)
        throw new InputError('--line is for the hint that sees the whole deal: --fair judges moves by their chances, not by lines');
      if (deal.fairHint === undefined) {
        throw new InputError(`--fair: ${game.name} has no fair hint yet; without --fair the hint sees the whole deal`);
      }
      const samples = wholeNumber(options.samples, '--samples', 1);
      const seed = wholeNumber(options.seed, '--seed', 0);
      const fair = deal.fairHint(options.moves ?? '', { samples, seed, limits });
      const style = cardStyleFrom(options);
      process.stdout.write((options.json ? jsonInStyle(fair, style) : describeFairHint(fair, style)) + '\n');
      return;
    }
    const own = analysisFlags(options);
    refuseForeignAnalysisOptions([gameById(deal.game)], own);
    const result = hint(deal, options.moves ?? '', limits, options.line === undefined ? own : { ...own, line: options.line });
    const style = cardStyleFrom(options);
    process.stdout.write((options.json ? jsonInStyle(result, style) : describeHint(result, style)) + '\n');
  });
}
