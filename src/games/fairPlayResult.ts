/** The fair player's record from its games, the same for every game that has one. */
import { wilson95 } from './difficulty.js';
import { FAIR_GAME_ENDS, type FairGameEnd, type FairGameJson, type FairPlayOptions, type FairPlayResult } from './fairPlayTypes.js';
import type { GameId } from './moveJson.js';

export function fairPlayResult(
  deal: { code: string | null; fingerprint: string; game: GameId; rules: string },
  played: FairGameJson[],
  options: FairPlayOptions,
  run: { nodes: number; ms: number; limit: string | null },
  how: { samplesPer: 'hint' | 'plan'; assumption: string },
): FairPlayResult {
  const ends = Object.fromEntries(FAIR_GAME_ENDS.map((e) => [e, 0])) as Record<FairGameEnd, number>;
  for (const g of played) ends[g.end]++;
  const games = played.length - ends.limit;
  const wins = ends.won;
  const interval = games === 0 ? null : wilson95(wins, games);
  return {
    ...deal,
    fairPlayer: true,
    games,
    wins,
    winRate: games === 0 ? null : wins / games,
    low: interval?.low ?? null,
    high: interval?.high ?? null,
    ends,
    samples: options.samples,
    samplesPer: how.samplesPer,
    seed: options.seed,
    played,
    assumption: how.assumption,
    nodes: run.nodes,
    ms: run.ms,
    limit: run.limit,
  };
}
