/** The games as a menu shows them: their rule sets, each set's first code and tiers, and the stuck figure. */
import { TIERS, thresholdsFor } from './difficulty.js';
import type { GameId } from './moveJson.js';
import { allGames, openDeal } from './registry.js';

export interface GameSummary {
  id: GameId;
  name: string;
  /** The rule sets (`app`, `msc`; `D1N`, `D3N`, `D1V`, `D3V`): those given first, then the game's own. */
  rules: string[];
  /** The first code of each of the game's rule sets, e.g. `PY1-N-AAAAAAA`. */
  firstCodes: Record<string, string>;
  /** The tiers of the difficulty scale (`easy` ... `expert`), per rule set; empty when it has none. */
  tiers: Record<string, string[]>;
  /** The stuck figure: its JSON field (`maxRemoved`) and title. */
  stuck: { field: string; title: string };
}

/** Every game known now; `seen` (the rule sets of stored results, say) come first in each game's list. */
export function gameSummaries(seen: readonly { game: string; rules: string }[] = []): GameSummary[] {
  return allGames().map((game) => {
    const firstCodes: Record<string, string> = {};
    for (const letters of game.codes.options) {
      const code = `${game.codes.family}-${letters}-AAAAAAA`;
      firstCodes[openDeal({ kind: 'code', code }, {}).rules] = code;
    }
    const rules = [...new Set([...seen.filter((s) => s.game === game.id).map((s) => s.rules), ...Object.keys(firstCodes)])];
    const tiers: Record<string, string[]> = {};
    for (const r of rules) tiers[r] = thresholdsFor(game.difficulty, r) === null ? [] : [...TIERS];
    return { id: game.id, name: game.name, rules, firstCodes, tiers, stuck: { field: game.stuck.field, title: game.stuck.title } };
  });
}
