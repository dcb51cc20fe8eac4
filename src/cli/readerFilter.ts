/** What the reading commands (stats, lookup, export) share: which rows the options select. */
import { ruleFilterOf } from '../games/ruleSets.js';
import type { GameId, RuleFlags } from '../games/types.js';
import type { ResultFilter } from '../store/results.js';

/** The rows selected by `--game` and the rule options (none given: every rule set). */
export function readerFilter(game: GameId | undefined, flags: RuleFlags): ResultFilter {
  const filter: ResultFilter = {};
  if (game !== undefined) filter.game = game;
  const rules = ruleFilterOf(game, flags);
  if (rules !== null) filter.rules = rules;
  return filter;
}
