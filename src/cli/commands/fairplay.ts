import { Command } from 'commander';
import { jsonInStyle } from '../../cards/notation.js';
import { InputError } from '../../errors/inputError.js';
import { describeFairPlay } from '../../games/fairPlay.js';
import { gameById } from '../../games/registry.js';
import { addSearchOptions, cardStyleFrom, limitsFrom, openDealArg, type SearchOptionValues, wholeNumber } from '../options.js';

interface FairPlayOptions extends SearchOptionValues {
  games: string;
  samples: string;
  seed: string;
}

export function fairplayCommand(): Command {
  const cmd = new Command('fairplay')
    .description('how often a strong player who sees only what a player sees wins the deal: the fair player’s games')
    .argument('<deal>', 'a deal code, a deal file, or - for standard input')
    .option('--games <n>', 'games played, each with its own samples', '10')
    .option('--samples <n>', 'deals sampled per hint (Pyramide), or tried per plan (Double Solitaire)', '20')
    .option('--seed <n>', 'the seed of the samples (the same seed, the same games)', '1');
  addSearchOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Pyramide: at each step the fair player asks a fair hint (hint --fair: each legal move's
chance of still winning over deals sampled from what it has seen, each solved exactly) and
plays the best move, a removal before a draw among equal chances; it resigns when no move
keeps a chance. Double Solitaire (a fair hint a move would take hours a game): it follows a
winning line of a sampled deal and samples again when a card turns up that the sample had
wrong (--samples: the deals it tries for a plan before it resigns); with unlimited
turn-overs it looks through the stock first. The limits are for all the games together; a
game they cut short counts neither way. Under the app's modes (Pyramide app, D1N, D3N) it
won every winnable deal measured; with --passes it loses some. Every game's moves are in
--json, in the notation play --moves takes.
Examples:
  cardsolve fairplay PY1-N-AAAAAAC --passes 1 --games 5 --samples 10
  cardsolve fairplay DS1-D1N-AAAAAAB --games 3 --samples 3 --json`,
  );
  return cmd.action((arg: string, options: FairPlayOptions) => {
    const deal = openDealArg(arg, options);
    const games = wholeNumber(options.games, '--games', 1);
    const samples = wholeNumber(options.samples, '--samples', 1);
    const seed = wholeNumber(options.seed, '--seed', 0);
    if (deal.fairPlay === undefined) {
      throw new InputError(`fairplay: ${gameById(deal.game).name} has no fair player yet`);
    }
    const result = deal.fairPlay({ games, samples, seed, limits: limitsFrom(options) });
    const style = cardStyleFrom(options);
    process.stdout.write((options.json ? jsonInStyle(result, style) : describeFairPlay(result, style)) + '\n');
  });
}
