/** A fair hint (`fairHintTypes.ts`) written for people, and the refusal for a game that has none. */
import type { CardStyle } from '../cards/notation.js';
import { InputError } from '../errors/inputError.js';
import type { FairHintResult } from './fairHintTypes.js';
import { moveText } from './hint.js';
import { allGames, gameById, openDeal } from './registry.js';
import type { OpenedDeal } from './types.js';

const percent = (x: number): string => `${Math.round(x * 1000) / 10}%`;

/** The fair hint for people: one line a move, the best first, then what it assumes. */
export function describeFairHint(h: FairHintResult, style: CardStyle): string {
  const n = h.played.length;
  const head =
    `${h.code ?? `deal ${h.fingerprint}`}  ${h.rules}  fair hint after ${n} move${n === 1 ? '' : 's'}: ` +
    (h.hidden === 0
      ? 'every card has been seen, so the chances are exact'
      : `${h.hidden} card${h.hidden === 1 ? '' : 's'} not seen, ${h.samples} sampled deals (seed ${h.seed})`);
  const texts = h.moves.map((m) => moveText(h.game, m.move, style));
  const width = Math.max(0, ...texts.map((t) => t.length));
  const lines = h.moves.map((m, i) => {
    const chance =
      m.chance === null
        ? 'not decided (a limit stopped it)'
        : h.hidden === 0
          ? m.chance === 1
            ? 'wins'
            : 'loses'
          : `${percent(m.chance).padStart(6)}  (95%: ${percent(m.low!)}-${percent(m.high!)}, ${m.wins} of ${m.decided})`;
    return `  ${texts[i]!.padEnd(width)}  ${chance}`;
  });
  const limit = h.limit === null ? [] : [`  stopped by ${h.limit}: the chances count the samples decided before it`];
  return [head, ...lines, ...limit, `  (${h.assumption})`].join('\n');
}

/** The games whose deals have a fair hint, by name, for the refusal's message. */
function gamesWithFairHint(): string[] {
  return allGames()
    .filter((game) => openDeal({ kind: 'code', code: `${game.codes.family}-${game.codes.options[0]}-AAAAAAA` }, {}).fairHint !== undefined)
    .map((game) => game.name);
}

/** Refuses a fair hint for a deal whose game has none, with the command line's message. */
export function refuseWithoutFairHint(deal: OpenedDeal): void {
  if (deal.fairHint !== undefined) return;
  const have = gamesWithFairHint();
  const which = have.length === 0 ? '' : ` (${have.join(', ')} ${have.length === 1 ? 'has' : 'have'})`;
  throw new InputError(`fair: ${gameById(deal.game).name} has no fair hint yet${which}; without fair=true the hint sees the whole deal`);
}
