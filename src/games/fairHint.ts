/** A fair hint (`fairHintTypes.ts`) written for people. */
import type { CardStyle } from '../cards/notation.js';
import type { FairHintResult } from './fairHintTypes.js';
import { moveText } from './hint.js';

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
