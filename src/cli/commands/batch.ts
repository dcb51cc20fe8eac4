import { Command, Option } from 'commander';
import { type BatchPlan, LIST_FORMAT, planBatch } from '../../batch/inputs.js';
import { createPool, defaultWorkers, runRows, type SolverPool } from '../../batch/pool.js';
import { formatDuration, progressReporter } from '../../batch/progress.js';
import { connect, DEFAULT_QUEUE_NAME, queueTarget } from '../../batch/queue/connection.js';
import type { QueueReport } from '../../batch/queue/coordinator.js';
import { type BatchProgress, type BatchSummary, MAX_CHUNK, modeOf, type Presolved, rowTaskOf, runBatch } from '../../batch/run.js';
import { InputError } from '../../errors/inputError.js';
import { allDealers } from '../../games/dealers.js';
import type { AnalyseOptions } from '../../games/types.js';
import type { Limits } from '../../search/limits.js';
import { DEFAULT_DB_PATH, openDatabase } from '../../store/database.js';
import { CARDSOLVE_VERSION } from '../../version.js';
import {
  addAnalysisOptions,
  addLimitOptions,
  addRuleOptions,
  analysisFlagNames,
  analysisFlags,
  gamesOf,
  type LimitOptionValues,
  limitsFrom,
  type RuleOptionValues,
  refuseForeignAnalysisOptions,
  ruleFlags,
} from '../options.js';

interface BatchOptionValues extends RuleOptionValues, LimitOptionValues {
  count?: string;
  list?: string;
  deals?: string;
  db: string;
  workers?: string;
  chunkSize?: string;
  retryUnknown?: boolean;
  force?: boolean;
  winnabilityOnly?: boolean;
  json?: boolean;
  /** Undefined: a bar on a terminal only (see `progressReporter`). */
  progress?: boolean;
  queue?: string;
  queueName: string;
  discardQueued?: boolean;
}

function positiveInt(text: string | undefined, flag: string, max = Number.MAX_SAFE_INTEGER): number | undefined {
  if (text === undefined) return undefined;
  const t = text.trim().replace(/_/g, '');
  if (!/^\d+$/.test(t) || Number(t) < 1 || Number(t) > max) {
    throw new InputError(`${flag} "${text}" is not a whole number from 1 to ${max}`);
  }
  return Number(t);
}

function percent(part: number, whole: number): string {
  return whole > 0 ? `${((100 * part) / whole).toFixed(1)}%` : '-';
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

function summaryText(s: BatchSummary & { queue?: QueueReport }, what: string, rules: string[], db: string): string {
  const where = s.queue
    ? `through the queue ${s.queue.name}: ${`${s.queue.workerProcesses} worker process${s.queue.workerProcesses === 1 ? '' : 'es'}`}, ${plural(s.queue.threads, 'thread')}`
    : plural(s.workers, 'worker');
  const lines = [
    `batch ${what}: ${s.deals} deal${s.deals === 1 ? '' : 's'}, ${rules.join('; ')}`,
    `  analysed ${s.analysed} in ${formatDuration(s.elapsedMs / 1000)} (${s.dealsPerSecond.toFixed(1)} deals/s, ${where}), ` +
      `${s.skipped} already stored, ${s.failed} failed`,
    `  this run: ${s.thisRun.winnable} winnable, ${s.thisRun.unwinnable} unwinnable, ${s.thisRun.unknown} unknown`,
  ];
  if (s.queue && s.queue.recovered + s.queue.adopted + s.queue.stalled > 0) {
    lines.push(
      `  queue: ${s.queue.recovered} deals found finished in the queue and stored, ${s.queue.adopted} found still queued and awaited, ` +
        `${plural(s.queue.stalled, 'chunk')} taken again after a worker stopped answering`,
    );
  }
  const decided = s.stored.winnable + s.stored.unwinnable;
  const all = decided + s.stored.unknown;
  lines.push(
    `  all ${all} stored: ${s.stored.winnable} winnable (${percent(s.stored.winnable, decided)} of those decided), ` +
      `${s.stored.unwinnable} unwinnable, ${s.stored.unknown} unknown`,
  );
  if (s.stored.cut > 0) {
    lines.push(`  ${s.stored.cut} of them settled but cut short by a limit (minMoves or the stuck figure not proven)`);
  }
  if (s.stored.unknown + s.stored.cut > 0) lines.push('  rerun with larger limits and --retry-unknown to finish the deals a limit stopped');
  for (const f of s.failures) lines.push(`  failed: ${f}`);
  lines.push(`  database ${db}`);
  return lines.join('\n') + '\n';
}

/** Dealers' codes checked a slice at a time; the solver threads take each checked slice meanwhile. */
const CHECK_SLICE = 256;
/** At most this many deals solved ahead of the check (their texts wait in memory for a thread). */
const MAX_AHEAD = 50_000;

/**
 * Deals and checks the dealers' codes of the plan, as the database must not be opened before
 * every one is checked. While the main thread checks, the solver threads solve the checked
 * ones (a plan of dealers' codes only, the first `MAX_AHEAD`): their answers are stored once
 * the check is through, and dropped with the batch when a code is refused.
 */
async function checkWhileSolving(plan: BatchPlan, pool: SolverPool, limits: Limits, analyse: AnalyseOptions): Promise<Presolved[]> {
  const presolved: Presolved[] = [];
  let ahead = plan.dealersOnly ? 0 : MAX_AHEAD;
  while (!plan.allChecked) {
    const slice = plan.checkDealt(CHECK_SLICE);
    if (ahead + slice.length <= MAX_AHEAD) {
      const result = runRows(pool, rowTaskOf(slice, plan, limits, analyse));
      // A failure is met when the batch takes the answer; a refused plan drops them all.
      result.catch(() => undefined);
      presolved.push({ count: slice.length, result });
      ahead += slice.length;
    } else {
      // From here the batch sends the rest: the answers ahead stay the plan's first deals.
      ahead = MAX_AHEAD + 1;
    }
    // The event loop hands the slice to a thread (and starts the threads) before the next check.
    await new Promise((resolve) => setImmediate(resolve));
  }
  return presolved;
}

export function batchCommand(): Command {
  const cmd = new Command('batch')
    .description('analyse many deals on worker threads and store every result in an SQLite database')
    .argument('[deals...]', 'deal codes, ranges FIRST..LAST (both ends included), or deal files')
    .option('--count <n>', 'with one start code: that many deals from it (the start code included)')
    .option('--list <file>', 'read codes, ranges and deal file paths from a list file (- for standard input)')
    .option(
      '--deals <file>',
      'deals with their codes as JSON lines, one {"code","deal"} a line: an app\'s codes and deal texts, no dealer needed',
    )
    .option('--db <path>', 'the results database (created on first use)', DEFAULT_DB_PATH)
    .option('--workers <n>', `solver threads (default: the number of cores, ${defaultWorkers()} here)`)
    .option('--chunk-size <n>', `deals sent to a thread at a time (default: adapts to the deals' speed, up to ${MAX_CHUNK})`)
    .option(
      '--retry-unknown',
      'analyse again the deals stored as unknown or cut short by a limit (minMoves not proven), with the limits given now',
    )
    .option('--force', 'analyse every deal again, even those stored already')
    .option('--winnability-only', 'answer winnable only (fastest): no move count, no solution, the stuck figure only when it comes free')
    .option('--json', 'print the summary as one JSON object')
    .option(
      '--progress',
      'progress on standard error even when it is not a terminal: a line every few seconds (a bar on a terminal, the default)',
    )
    .option('--no-progress', 'no progress on standard error, not even on a terminal')
    .addOption(
      // From the environment too: a URL with its password stays out of the process list.
      new Option(
        '--queue <url>',
        'analyse on cardsolve worker processes through a Redis queue (redis://HOST:6379, rediss:// for TLS); results are stored here',
      ).env('CARDSOLVE_QUEUE'),
    )
    .option('--queue-name <name>', 'the queue to use on that Redis (one batch at a time per queue)', DEFAULT_QUEUE_NAME)
    .option('--discard-queued', 'with --queue: drop the chunks another batch left on the queue instead of refusing to start');
  addAnalysisOptions(cmd);
  addRuleOptions(cmd);
  addLimitOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Deals already stored for the same rules, analysis and solver version are skipped, so an
interrupted batch is resumed by running it again. Results are committed chunk by chunk.
Each thread may use up to --memory-limit for its search tables at once.

${LIST_FORMAT}

Examples:
  cardsolve batch PY1-N-AAAAAAA..PY1-N-AAAAABA          27 deals
  cardsolve batch PY1-N-AAAAAAA --count 10000 --workers 4
  cardsolve batch --list deals.txt --rules msc --time-limit 2s
  cardsolve batch --deals acme.jsonl                    an app's deals: {"code":"ACME-1","deal":"game: pyramide\\n..."}
  cardsolve batch PY1-N-AAAAAAA --count 10000 --retry-unknown --time-limit 1m
  cardsolve batch PY1-N-AAAAAAA --count 1000000 --queue redis://10.0.0.5:6379
                  (with cardsolve worker --queue redis://10.0.0.5:6379 on each machine)`,
  );
  return cmd.action(async (args: string[], values: BatchOptionValues) => {
    const settings = readSettings(values);
    const inputs = await planInputs(args, values, settings);
    // An unreachable queue or a wrong password is refused before the database is touched too.
    if (settings.queue) (await connect(settings.queue)).disconnect();
    await runPlanned(values, settings, inputs);
  });
}

/** What the flags ask, read and checked before anything is opened. */
interface BatchSettings {
  flags: ReturnType<typeof ruleFlags>;
  limits: Limits;
  workers: number;
  queue: ReturnType<typeof queueTarget> | null;
  chunkSize: number | undefined;
  count: number | undefined;
  /** The games' own analysis switches, and every analysis option asked. */
  own: AnalyseOptions;
  analyse: AnalyseOptions;
}

function readSettings(values: BatchOptionValues): BatchSettings {
  // Checked in the order the flags are read, so that the first bad one is the one named.
  const flags = ruleFlags(values);
  const limits = limitsFrom(values);
  const workers = positiveInt(values.workers, '--workers', 1024) ?? defaultWorkers();
  if (values.queue !== undefined && values.workers !== undefined) {
    throw new InputError(
      'with --queue the deals are analysed by cardsolve worker processes: give --workers to cardsolve worker, not to batch',
    );
  }
  if (values.queue === undefined && values.discardQueued) throw new InputError('--discard-queued goes with --queue');
  const queue = values.queue !== undefined ? queueTarget(values.queue, values.queueName) : null;
  const chunkSize = positiveInt(values.chunkSize, '--chunk-size', 100_000);
  const count = positiveInt(values.count, '--count');
  if (values.force && values.retryUnknown)
    throw new InputError('--force already analyses every deal again: give --force or --retry-unknown, not both');
  const own = analysisFlags(values);
  const ownFlags = analysisFlagNames(own);
  if (values.winnabilityOnly && ownFlags.length > 0)
    throw new InputError(`--winnability-only and ${ownFlags.join(', ')} do not go together: give one of them`);
  const analyse = { ...(values.winnabilityOnly ? { winnabilityOnly: true } : {}), ...own };
  return { flags, limits, workers, queue, chunkSize, count, own, analyse };
}

/** The deals planned, and the solver threads started early on an app's codes with what they have solved already. */
interface PlannedInputs {
  plan: BatchPlan;
  early: SolverPool | undefined;
  presolved: Presolved[];
}

/** The inputs read and checked before the database is touched. */
async function planInputs(args: string[], values: BatchOptionValues, s: BatchSettings): Promise<PlannedInputs> {
  // An app's codes are dealt and checked one by one before the database is opened (about
  // 15 µs a deal, as long as solving one for winnability): the solver threads start at once
  // and solve the checked ones meanwhile.
  const early = s.queue === null && allDealers().length > 0 ? createPool(s.workers) : undefined;
  try {
    const plan = planBatch(
      {
        args,
        ...(s.count !== undefined ? { count: s.count } : {}),
        ...(values.list !== undefined ? { list: values.list } : {}),
        ...(values.deals !== undefined ? { deals: values.deals } : {}),
      },
      s.flags,
      { deferDealerChecks: early !== undefined },
    );
    const presolved = early !== undefined ? await checkWhileSolving(plan, early, s.limits, s.analyse) : [];
    refuseForeignAnalysisOptions(gamesOf(plan), s.own);
    return { plan, early, presolved };
  } catch (error) {
    await early?.destroy();
    throw error;
  }
}

/** Runs the batch, here or through the queue, committing chunk by chunk; Ctrl-C keeps what is committed. */
async function runPlanned(values: BatchOptionValues, s: BatchSettings, { plan, early, presolved }: PlannedInputs): Promise<void> {
  const db = openDatabase(values.db, { createdBy: `cardsolve ${CARDSOLVE_VERSION}` });
  const reporter = progressReporter(values.progress);
  const onSignal = (): void => {
    // Every finished chunk is committed; no transaction is open between events.
    reporter.stop();
    db.close();
    process.stderr.write(
      s.queue
        ? 'cardsolve: batch interrupted; finished chunks are stored, the rest stay on the queue: run the same batch again to collect them\n'
        : 'cardsolve: batch interrupted; finished chunks are stored, run the same batch again to continue\n',
    );
    process.exit(130);
  };
  process.once('SIGINT', onSignal);
  process.once('SIGTERM', onSignal);
  try {
    const common = {
      plan,
      db,
      limits: s.limits,
      analyse: s.analyse,
      ...(s.chunkSize !== undefined ? { chunkSize: s.chunkSize } : {}),
      retryUnknown: values.retryUnknown === true,
      force: values.force === true,
      onStart: (p: BatchProgress) => reporter.start(p),
      onProgress: (p: BatchProgress) => reporter.update(p),
    };
    // The queue's modules (BullMQ, ioredis) load only for a queued batch: about 0.2 s off every other command.
    const summary: BatchSummary & { queue?: QueueReport } = s.queue
      ? await (await import('../../batch/queue/coordinator.js')).runQueuedBatch({
          ...common,
          queue: s.queue,
          discardQueued: values.discardQueued === true,
        })
      : await runBatch({ ...common, workers: s.workers, ...(early !== undefined ? { pool: early, presolved } : {}) });
    reporter.stop();
    report(summary, plan, s.analyse, values);
  } finally {
    reporter.stop();
    process.removeListener('SIGINT', onSignal);
    process.removeListener('SIGTERM', onSignal);
    if (db.open) db.close();
    await early?.destroy();
  }
}

/** The summary on standard output (JSON with --json); a failed deal makes the exit code 1. */
function report(
  summary: BatchSummary & { queue?: QueueReport },
  plan: BatchPlan,
  analyse: AnalyseOptions,
  values: BatchOptionValues,
): void {
  if (values.json) {
    process.stdout.write(
      JSON.stringify({ inputs: plan.describe(), rules: plan.ruleSets(), mode: modeOf(analyse), db: values.db, ...summary }) + '\n',
    );
  } else {
    process.stdout.write(summaryText(summary, plan.describe(), plan.ruleSets(), values.db));
  }
  if (summary.failed > 0) process.exitCode = 1;
}
