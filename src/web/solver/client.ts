/**
 * The page's side of its solver workers: each call answers what the API route of the same
 * name answers, parsed, and fails with the same `ApiFailure`. Two workers: the rules engine's
 * quick answers (a position, a line, the games, a month of daily deals) never wait behind a
 * long solve (hints, fair hints, analyses).
 */
import type { MoveJson, PlayResponse } from '../../core';
import type { ApiGame } from '../../serve/apiTypes';
import type { Analysis, DailyMonth, FairHint, Hint, LineAnswer } from '../api';
import { WorkerLane } from './lane';
import type { DealAt, SolverRequest } from './protocol';

function startWorker(): Worker {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'cardsolve solver' });
}

const rulesLane = new WorkerLane(startWorker);
const solverLane = new WorkerLane(startWorker);

async function ask<T>(lane: WorkerLane, request: SolverRequest, signal?: AbortSignal): Promise<T> {
  return JSON.parse((await lane.ask(request, signal)).json) as T;
}

/** Time for the page's other work (a tap, a frame) between slices of parsing. */
function nextTask(): Promise<void> {
  return new Promise((resolve) => setTimeout(resolve, 0));
}

/** The most parsing done in one task: well under the 50 ms that holds the page. */
const SLICE_MS = 8;

/** A line of JSON moves played after `at`: its answer, the positions parsed a few at a time. */
async function line(at: DealAt, steps: MoveJson[], signal?: AbortSignal): Promise<LineAnswer> {
  const reply = await rulesLane.ask({ kind: 'line', ...at, line: steps }, signal);
  const { texts } = JSON.parse(reply.json) as Pick<LineAnswer, 'texts'>;
  const positions: PlayResponse[] = [];
  const { bytes, ends } = reply.positions ?? { bytes: new Uint8Array(), ends: [] };
  const decoder = new TextDecoder();
  let started = performance.now();
  for (const [i, end] of ends.entries()) {
    if (performance.now() - started > SLICE_MS) {
      await nextTask();
      started = performance.now();
    }
    positions.push(JSON.parse(decoder.decode(bytes.subarray(ends[i - 1] ?? 0, end))) as PlayResponse);
  }
  return { texts, positions };
}

export const solver = {
  play: (at: DealAt, signal?: AbortSignal) => ask<PlayResponse>(rulesLane, { kind: 'play', ...at }, signal),
  line,
  games: (signal?: AbortSignal) => ask<{ games: ApiGame[] }>(rulesLane, { kind: 'games' }, signal),
  month: (query: { game?: string; rules?: string; month?: string }, signal?: AbortSignal) =>
    ask<DailyMonth>(rulesLane, { kind: 'month', ...query }, signal),
  hint: (at: DealAt, signal?: AbortSignal) => ask<Hint>(solverLane, { kind: 'hint', ...at }, signal),
  fairHint: (at: DealAt, signal?: AbortSignal) => ask<FairHint>(solverLane, { kind: 'fair', ...at }, signal),
  analysis: (deal: string, rules?: string, signal?: AbortSignal) => ask<Analysis>(solverLane, { kind: 'analysis', deal, rules }, signal),
};
