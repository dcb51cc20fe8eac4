/** A fair hint's answer (`fairHintTypes.ts`) from a game's own estimate, the same for every game that has one. */
import { FAIR_ASSUMPTION, type FairHintResult, type FairMoveJson } from './fairHintTypes.js';
import type { GameId, MoveJson } from './moveJson.js';

export function fairHintResult(
  deal: { code: string | null; fingerprint: string; game: GameId; rules: string },
  played: MoveJson[],
  h: { hidden: number; samples: number; seed: number; nodes: number; ms: number; limit: string | null },
  judged: FairMoveJson[],
): FairHintResult {
  return {
    ...deal,
    played,
    fair: true,
    hidden: h.hidden,
    samples: h.samples,
    seed: h.seed,
    best: judged[0]?.move ?? null,
    moves: judged,
    assumption: FAIR_ASSUMPTION,
    nodes: h.nodes,
    ms: h.ms,
    limit: h.limit,
  };
}
