/**
 * The page's side of its solver workers: each call answers what the API route of the same
 * name answers, parsed, and fails with the same `ApiFailure`. Two workers: the rules engine's
 * quick answers (a position, a line, the games, a month of daily deals) never wait behind a
 * long solve (hints, fair hints, analyses).
 */
// From its own module, not the core's index: the page's script keeps out the games the workers hold.
import { looksLikeCode } from '../../codes/dealCode';
import type { Games } from '../../contract';
import type { MoveJson, PlayResponse } from '../../core';
import { type Analysis, ApiFailure, api, type DailyMonth, type FairHint, type Hint, type LineAnswer } from '../api';
import { STATIC_SITE } from '../staticSite';
import { WorkerLane } from './lane';
import type { DealAt, Dealt, SolverRequest } from './protocol';

function startWorker(): Worker {
  return new Worker(new URL('./worker.ts', import.meta.url), { type: 'module', name: 'cardsolve solver' });
}

const rulesLane = new WorkerLane(startWorker);
const solverLane = new WorkerLane(startWorker);

/** The server's deal texts of app codes, by code (null: no dealer of the server deals it). */
const dealtTexts = new Map<string, Promise<Dealt | null>>();

/**
 * A code the core does not read as its own (`ACME-17`) may be an app's, dealt by the server's
 * dealer (`serve --dealer`): the workers get its text. The static site has no server and so
 * no dealer: such a code gets the core's own refusal there.
 */
async function withDealt<T extends { deal: string }>(at: T, signal?: AbortSignal): Promise<T> {
  const code = at.deal.trim();
  if (STATIC_SITE || looksLikeCode(code) || /\s/.test(code) || code === '') return at;
  let found = dealtTexts.get(code);
  if (!found) {
    found = api.dealt(code, signal).then(
      ({ code: dealtCode, dealer, text }) => ({ code: dealtCode, dealer, text }),
      (error: unknown) => {
        dealtTexts.delete(code);
        if (error instanceof ApiFailure && error.status === 404) return null;
        throw error;
      },
    );
    dealtTexts.set(code, found);
  }
  const dealt = await found;
  return dealt === null ? at : { ...at, dealt };
}

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
  const reply = await rulesLane.ask({ kind: 'line', ...(await withDealt(at, signal)), line: steps }, signal);
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
  play: async (at: DealAt, signal?: AbortSignal) =>
    ask<PlayResponse>(rulesLane, { kind: 'play', ...(await withDealt(at, signal)) }, signal),
  line,
  games: (signal?: AbortSignal) => ask<Games>(rulesLane, { kind: 'games' }, signal),
  month: (query: { game?: string; rules?: string; month?: string }, signal?: AbortSignal) =>
    ask<DailyMonth>(rulesLane, { kind: 'month', ...query }, signal),
  hint: async (at: DealAt & { line?: string }, signal?: AbortSignal) =>
    ask<Hint>(solverLane, { kind: 'hint', ...(await withDealt(at, signal)) }, signal),
  fairHint: async (at: DealAt, signal?: AbortSignal) =>
    ask<FairHint>(solverLane, { kind: 'fair', ...(await withDealt(at, signal)) }, signal),
  analysis: async (deal: string, rules?: string, signal?: AbortSignal) =>
    ask<Analysis>(solverLane, { kind: 'analysis', ...(await withDealt({ deal, rules }, signal)) }, signal),
};
