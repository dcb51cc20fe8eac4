import { Command } from 'commander';
import { planBatch } from '../../batch/inputs.js';
import { jsonInStyle } from '../../cards/notation.js';
import { gameById, openDeal } from '../../games/registry.js';
import {
  addAnalysisOptions,
  addSearchOptions,
  analysisFlags,
  cardStyleFrom,
  gamesOf,
  limitsFrom,
  refuseForeignAnalysisOptions,
  ruleFlags,
  type SearchOptionValues,
} from '../options.js';

interface SolveOptions extends SearchOptionValues {
  winnabilityOnly?: boolean;
}

export function solveCommand(): Command {
  const cmd = new Command('solve')
    .description('solve deals: winnable, the most cards any line removes, the fewest moves and an optimal line')
    .argument(
      '<deals...>',
      'deal codes (PY1-N-AAAAAAS, DS1-D1N-AAAAAAB), ranges FIRST..LAST (both ends included), deal files, or - for standard input',
    )
    .option('--winnability-only', 'answer winnable only (fastest): no move count, no solution, the stuck figure only when it comes free');
  addAnalysisOptions(cmd);
  addSearchOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Examples:
  cardsolve solve PY1-N-AAAAAAA
  cardsolve solve PY1-N-AAAAAAA --rules msc --json
  cardsolve solve PY1-N-AAAAAAA..PY1-N-AAAAAAJ --winnability-only
  cardsolve solve my-deal.txt --time-limit 2m
  cardsolve solve DS1-D1N-AAAAAAB --optimize --time-limit 30s`,
  );
  return cmd.action((args: string[], options: SolveOptions) => {
    const limits = limitsFrom(options);
    const style = cardStyleFrom(options);
    // Every input is read and checked before any deal is solved (a range by its two ends):
    // bad input stops the run up front. The deals of a range are opened one at a time.
    const flags = ruleFlags(options);
    const plan = planBatch({ args }, flags);
    const own = analysisFlags(options);
    refuseForeignAnalysisOptions(gamesOf(plan), own);
    for (const planned of plan.deals()) {
      const deal = openDeal(planned.input, flags);
      const analysis = deal.analyse(limits, {
        ...own,
        winnabilityOnly: options.winnabilityOnly === true,
        // One deal at a time, as a player reads it: the lost deal's line is a shortest one.
        shortestStuckLine: true,
      });
      const line = options.json ? jsonInStyle(analysis, style) : gameById(deal.game).describe(analysis, style);
      process.stdout.write(line + '\n');
    }
  });
}
