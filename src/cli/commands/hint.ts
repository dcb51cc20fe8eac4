import { Command } from 'commander';
import { jsonInStyle } from '../../cards/notation.js';
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
} from '../options.js';

interface HintOptions extends SearchOptionValues {
  moves?: string;
}

export function hintCommand(): Command {
  const cmd = new Command('hint')
    .description('judge every legal move of a position: which still win, which lose, the best first')
    .argument('<deal>', 'a deal code, a deal file, or - for standard input')
    .option('--moves <list>', 'the moves played so far, separated by ";" (as for play); none: the deal as dealt', '');
  addAnalysisOptions(cmd);
  addSearchOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Labels. Pyramide (exact): optimal (on a shortest win), winnable (wins, N moves longer),
losing (no win any more; the most pyramid cards still removable). Double Solitaire:
winning (a win is known after it), losing (proven), unknown (a limit stopped it); the
limits are for the whole hint, shared among the moves.
Examples:
  cardsolve hint PY1-N-AAAAAAA --moves "J♦ + 2♦; draw"
  cardsolve hint DS1-D1N-AAAAAAB --moves "9♦ c3-c2; draw" --time-limit 20s --json`,
  );
  return cmd.action((arg: string, options: HintOptions) => {
    const deal = openDealArg(arg, options);
    const limits = limitsFrom(options);
    const own = analysisFlags(options);
    refuseForeignAnalysisOptions([gameById(deal.game)], own);
    const result = hint(deal, options.moves ?? '', limits, own);
    const style = cardStyleFrom(options);
    process.stdout.write((options.json ? jsonInStyle(result, style) : describeHint(result, style)) + '\n');
  });
}
