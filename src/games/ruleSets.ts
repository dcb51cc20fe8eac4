/** The rule-set names results are stored under, worked out without solving anything. */
import { allGames, gameById, openDeal } from './registry.js';
import type { GameModule, RuleFlags } from './types.js';

/** The stored rule-set name of a game's deals under these flags, one per code option. */
function ruleSetsOf(game: GameModule, flags: RuleFlags): string[] {
  const names = new Set<string>();
  // Without --rules a Double Solitaire deal takes its rules from its code's letters.
  for (const options of game.codes.options) {
    names.add(openDeal({ kind: 'code', code: `${game.codes.family}-${options}-AAAAAAA` }, flags).rules);
  }
  return [...names];
}

/** Whether any rule option was given on the command line. */
export function hasRuleFlags(flags: RuleFlags): boolean {
  return Object.values(flags).some((v) => v !== undefined);
}

/**
 * The rule sets a reader (`stats`, `export`, `lookup`) should look at: null when no rule option
 * was given (every rule set), else the names these flags give in the chosen game or every game.
 */
export function ruleFilterOf(gameId: string | undefined, flags: RuleFlags): string[] | null {
  if (!hasRuleFlags(flags)) return null;
  const games = gameId === undefined ? [...allGames()] : [gameById(gameId)];
  const names: string[] = [];
  let lastError: unknown = null;
  for (const game of games) {
    try {
      names.push(...ruleSetsOf(game, flags));
    } catch (error) {
      // These flags may make sense for one game only (--passes is Pyramide's).
      lastError = error;
    }
  }
  if (names.length === 0 && lastError !== null) throw lastError;
  return names;
}

/** A game's own rule set when none is named: its first code's (`app`, `D1N`). */
export function defaultRules(game: GameModule): string {
  return ruleSetsOf(game, {})[0]!;
}
