import { Command } from 'commander';
import { gameById } from '../../games/registry.js';
import { addSearchOptions, cardStyleFrom, limitsFrom, openDealArg, type SearchOptionValues } from '../options.js';

interface SolveOptions extends SearchOptionValues {
  optimize?: boolean;
  winnabilityOnly?: boolean;
}

export function solveCommand(): Command {
  const cmd = new Command('solve')
    .description('solve deals: winnable, the most cards any line removes, the fewest moves and an optimal line')
    .argument('<deals...>', 'deal codes (PY1-N-AAAAAAS, DS1-D1N-AAAAAAB), deal files, or - for standard input')
    .option('--optimize', 'Double Solitaire: search for shorter lines after a win and prove the minimum when possible')
    .option('--winnability-only', 'answer winnable only (fastest): no move count, no solution, the stuck figure only when it comes free');
  addSearchOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Examples:
  cardsolve solve PY1-N-AAAAAAA
  cardsolve solve PY1-N-AAAAAAA --rules msc --json
  cardsolve solve my-deal.txt --time-limit 2m
  cardsolve solve DS1-D1N-AAAAAAB --optimize --time-limit 30s`,
  );
  return cmd.action((args: string[], options: SolveOptions) => {
    const limits = limitsFrom(options);
    const style = cardStyleFrom(options);
    // Every deal is read and checked before any is solved: bad input stops the run up front.
    const deals = args.map((arg) => openDealArg(arg, options));
    for (const deal of deals) {
      const analysis = deal.analyse(limits, {
        optimize: options.optimize === true,
        winnabilityOnly: options.winnabilityOnly === true,
      });
      const line = options.json ? JSON.stringify(analysis) : gameById(deal.game).describe(analysis, style);
      process.stdout.write(line + '\n');
    }
  });
}
