/**
 * What travels through the queue: a chunk of deals with everything a worker needs to analyse
 * them (and the versions it must have), and the analyses it sends back. Both are checked on
 * arrival: a worker refuses a chunk of other versions, the coordinator stores only results
 * that answer the deals it asked about.
 */
import { shortHash } from '../../codes/shortHash.js';
import { figureProblem } from '../../games/figures.js';
import { gameById, gameOf } from '../../games/registry.js';
import type { AnalyseOptions, Analysis, DealInput, GameId, RuleFlags } from '../../games/types.js';
import { dealersSignature } from '../../plugins/dealerModules.js';
import type { Limits } from '../../search/limits.js';
import type { AnalysisMode } from '../../store/results.js';
import { CARDSOLVE_VERSION } from '../../version.js';
import type { PlannedDeal } from '../inputs.js';
import type { DealOutcome } from '../messages.js';
import { solverVersionOf } from '../version.js';

export const JOB_FORMAT = 1;

/** One deal of a chunk with the key its result is stored under. */
interface QueuedDeal {
  input: DealInput;
  key: string;
  game: GameId;
  rules: string;
  /** The solver version the coordinator expects (`pyramide 1`). */
  solver: string;
}

/** Limits as JSON: null for none (JSON has no Infinity). */
interface JsonLimits {
  timeMs: number | null;
  nodes: number | null;
  memoryBytes: number | null;
}

export interface ChunkJob {
  format: number;
  cardsolve: string;
  /** The batch's settings (analysis, rules, limits, versions): chunks of one batch share it. */
  batch: string;
  mode: AnalysisMode;
  flags: RuleFlags;
  limits: JsonLimits;
  options: AnalyseOptions;
  /**
   * The coordinator's dealers (`dealersSignature`: each module's name and a hash of its text);
   * absent without dealers. A worker with other dealers would deal other cards under the codes.
   */
  dealers?: string;
  deals: QueuedDeal[];
}

export interface WorkerIdentity {
  host: string;
  pid: number;
  threads: number;
}

export interface ChunkReply {
  format: number;
  cardsolve: string;
  worker: WorkerIdentity;
  outcomes: DealOutcome[];
  /** Solver time of the chunk in the worker's thread. */
  ms: number;
}

function limitsToJson(limits: Limits): JsonLimits {
  const n = (v: number): number | null => (Number.isFinite(v) ? v : null);
  return { timeMs: n(limits.timeMs), nodes: n(limits.nodes), memoryBytes: n(limits.memoryBytes) };
}

export function limitsFromJson(limits: JsonLimits): Limits {
  const n = (v: number | null): number => (v === null ? Infinity : v);
  return { timeMs: n(limits.timeMs), nodes: n(limits.nodes), memoryBytes: n(limits.memoryBytes) };
}

/** The settings signature: chunks left in the queue by an earlier run of the same batch carry the same one. */
export function batchSignature(mode: AnalysisMode, flags: RuleFlags, limits: Limits, options: AnalyseOptions): string {
  const dealers = dealersSignature();
  const text = JSON.stringify({
    cardsolve: CARDSOLVE_VERSION,
    mode,
    flags,
    limits: limitsToJson(limits),
    options,
    ...(dealers ? { dealers } : {}),
  });
  return shortHash(text);
}

export function chunkJob(
  batch: string,
  mode: AnalysisMode,
  flags: RuleFlags,
  limits: Limits,
  options: AnalyseOptions,
  deals: readonly PlannedDeal[],
): ChunkJob {
  return {
    format: JOB_FORMAT,
    cardsolve: CARDSOLVE_VERSION,
    batch,
    mode,
    flags,
    limits: limitsToJson(limits),
    options,
    ...(dealersSignature() !== '' ? { dealers: dealersSignature() } : {}),
    deals: deals.map((d) => ({ input: d.input, key: d.dealKey, game: d.game.id, rules: d.rules, solver: d.solverVersion })),
  };
}

/** The deals of a chunk as the plan names them. */
export function plannedOf(job: ChunkJob): PlannedDeal[] {
  return job.deals.map((d) => ({ input: d.input, game: gameById(d.game), dealKey: d.key, rules: d.rules, solverVersion: d.solver }));
}

/** States of a job still to come back. */
export const PENDING_STATES = ['wait', 'active', 'delayed', 'prioritized', 'paused', 'waiting-children'] as const;

const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/** Whether a job's data is a cardsolve chunk at all (another program may share the Redis). */
export function isChunkJob(data: unknown): data is ChunkJob {
  return (
    isObject(data) &&
    typeof data.format === 'number' &&
    typeof data.cardsolve === 'string' &&
    typeof data.batch === 'string' &&
    isObject(data.limits) &&
    Array.isArray(data.deals) &&
    data.deals.every((d) => isObject(d) && isObject(d.input) && typeof d.key === 'string' && typeof d.solver === 'string')
  );
}

/**
 * Why this program must not analyse a chunk (other job format, cardsolve or solver version),
 * or null when it may.
 */
export function versionMismatch(job: ChunkJob): string | null {
  if (job.format !== JOB_FORMAT) return `the chunk is in job format ${job.format}, this worker reads format ${JOB_FORMAT}`;
  if (job.cardsolve !== CARDSOLVE_VERSION)
    return `the batch runs cardsolve ${job.cardsolve}, this worker is cardsolve ${CARDSOLVE_VERSION}`;
  const dealers = dealersSignature();
  if ((job.dealers ?? '') !== dealers) {
    return `the batch deals with dealers ${job.dealers || '(none)'}, this worker has ${dealers || '(none)'} (--dealer or CARDSOLVE_DEALERS)`;
  }
  for (const deal of job.deals) {
    let mine: string;
    try {
      mine = solverVersionOf(gameOf(deal.input));
    } catch {
      return `this worker does not know the game of ${deal.key}`;
    }
    if (mine !== deal.solver) return `the batch expects solver ${deal.solver} for ${deal.key}, this worker has ${mine}`;
  }
  return null;
}

const VERDICT_WINNABLE = { winnable: true, unwinnable: false, unknown: null } as const;

const count = (v: unknown): v is number => typeof v === 'number' && Number.isInteger(v) && v >= 0;
const countOrNull = (v: unknown): boolean => v === null || count(v);

/** What is wrong with one analysis sent back for a deal, or null when it answers that deal. */
function analysisProblem(deal: QueuedDeal, a: unknown): string | null {
  if (!isObject(a)) return 'no analysis';
  if (a.game !== deal.game) return `game ${String(a.game)}, expected ${deal.game}`;
  if (a.rules !== deal.rules) return `rules ${String(a.rules)}, expected ${deal.rules}`;
  // Stored under the code when it has one (a deal text given with an app's code, `--deals`, too).
  const key = deal.input.kind === 'code' || deal.input.code !== undefined ? a.code : a.fingerprint;
  if (key !== deal.key) return `an answer for ${String(key)}, expected ${deal.key}`;
  if (typeof a.fingerprint !== 'string') return 'no fingerprint';
  if (a.verdict !== 'winnable' && a.verdict !== 'unwinnable' && a.verdict !== 'unknown') return `verdict ${String(a.verdict)}`;
  if (a.winnable !== VERDICT_WINNABLE[a.verdict]) return `winnable ${String(a.winnable)} with verdict ${a.verdict}`;
  if (!countOrNull(a.minMoves) || !countOrNull(a.moves) || typeof a.minMovesProved !== 'boolean') return 'bad move counts';
  if (a.verdict !== 'winnable' && (a.minMoves !== null || a.solution !== null)) return `a move count or solution with verdict ${a.verdict}`;
  if (a.solution !== null && !(Array.isArray(a.solution) && a.solution.every((m) => isObject(m) && typeof m.move === 'string')))
    return 'a malformed solution';
  if (!count(a.nodes) || typeof a.ms !== 'number' || !Number.isFinite(a.ms) || a.ms < 0) return 'bad nodes or time';
  if (a.limit !== null && typeof a.limit !== 'string') return 'a malformed limit';
  if (!Array.isArray(a.notes) || !a.notes.every((n) => typeof n === 'string')) return 'malformed notes';
  return figureProblem(gameById(deal.game), a);
}

/**
 * Checks a worker's reply against the chunk it answers: same versions, one outcome per deal,
 * each analysis about that deal under those rules and well formed. Returns the outcomes, or
 * the reason the reply cannot be stored.
 */
export function checkReply(
  job: ChunkJob,
  reply: unknown,
): { ok: true; outcomes: DealOutcome[]; worker: WorkerIdentity; ms: number } | { ok: false; reason: string } {
  if (!isObject(reply) || reply.format !== JOB_FORMAT) return { ok: false, reason: 'not a cardsolve reply' };
  if (reply.cardsolve !== job.cardsolve)
    return { ok: false, reason: `a reply from cardsolve ${String(reply.cardsolve)}, the batch runs ${job.cardsolve}` };
  const worker = reply.worker;
  if (!isObject(worker) || typeof worker.host !== 'string' || !count(worker.pid) || !count(worker.threads))
    return { ok: false, reason: 'no worker named' };
  if (!Array.isArray(reply.outcomes) || reply.outcomes.length !== job.deals.length) {
    return { ok: false, reason: `${Array.isArray(reply.outcomes) ? reply.outcomes.length : 'no'} outcomes for ${job.deals.length} deals` };
  }
  const ms = typeof reply.ms === 'number' && Number.isFinite(reply.ms) ? reply.ms : 0;
  const outcomes: DealOutcome[] = [];
  for (let i = 0; i < job.deals.length; i++) {
    const deal = job.deals[i]!;
    const o: unknown = reply.outcomes[i];
    if (isObject(o) && o.ok === false && typeof o.error === 'string') {
      outcomes.push({ ok: false, error: o.error });
      continue;
    }
    const problem = isObject(o) && o.ok === true ? analysisProblem(deal, o.analysis) : 'neither an analysis nor an error';
    if (problem !== null) return { ok: false, reason: `deal ${deal.key}: ${problem}` };
    outcomes.push({ ok: true, analysis: (o as { analysis: Analysis }).analysis });
  }
  return { ok: true, outcomes, worker: { host: worker.host, pid: worker.pid, threads: worker.threads }, ms };
}
