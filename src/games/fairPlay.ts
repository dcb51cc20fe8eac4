/** The fair player's record (`fairPlayTypes.ts`) written for people. */
import type { CardStyle } from '../cards/notation.js';
import { FAIR_GAME_ENDS, type FairPlayResult } from './fairPlayTypes.js';
import { moveText } from './hint.js';

const percent = (x: number): string => `${Math.round(x * 1000) / 10}%`;

/** The record in a few lines: the win rate, how the games ended, the first game's moves. */
export function describeFairPlay(r: FairPlayResult, style: CardStyle): string {
  const who = r.code ?? `deal ${r.fingerprint}`;
  const rate =
    r.winRate === null
      ? 'no game finished'
      : `won ${r.wins} of ${r.games} game${r.games === 1 ? '' : 's'}, ${percent(r.winRate)} (95%: ${percent(r.low!)}-${percent(r.high!)})`;
  const ends = FAIR_GAME_ENDS.filter((e) => r.ends[e] > 0)
    .map((e) => `${r.ends[e]} ${e}`)
    .join(', ');
  const lines = [
    `${who}  ${r.rules}  fair player: ${rate}; ${r.samplesPer === 'hint' ? `${r.samples} samples a hint` : `up to ${r.samples} samples a plan`} (seed ${r.seed}); ${ends}`,
  ];
  const first = r.played[0];
  if (first !== undefined) {
    lines.push(`  game 1 (${first.end}, ${first.moves.length} moves, ${first.blindSteps} chosen before every card was seen):`);
    lines.push(`  ${first.moves.map((m) => moveText(r.game, m, style)).join('; ')}`);
  }
  if (r.limit !== null) lines.push(`  stopped by ${r.limit}: the games it cut short count neither way`);
  lines.push(`  (${r.assumption})`);
  return lines.join('\n');
}
