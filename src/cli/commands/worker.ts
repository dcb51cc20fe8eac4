import { Command, Option } from 'commander';
import { defaultWorkers } from '../../batch/pool.js';
import { formatDuration } from '../../batch/progress.js';
import { DEFAULT_QUEUE_NAME, queueTarget } from '../../batch/queue/connection.js';
import type { QueueWorkerStats } from '../../batch/queue/workerProcess.js';
import { InputError } from '../../errors/inputError.js';
import { parseDuration } from '../../search/limitParsing.js';

interface WorkerOptionValues {
  queue?: string;
  queueName: string;
  workers?: string;
  stalledAfter: string;
  json?: boolean;
  progress: boolean;
}

function stoppedText(s: QueueWorkerStats, elapsedMs: number): string {
  return (
    `worker ${s.worker.host} process ${s.worker.pid}: analysed ${s.deals} deal${s.deals === 1 ? '' : 's'} in ${s.chunks} chunk${s.chunks === 1 ? '' : 's'} ` +
    `with ${s.worker.threads} thread${s.worker.threads === 1 ? '' : 's'} over ${formatDuration(elapsedMs / 1000)}\n`
  );
}

export function workerCommand(): Command {
  const cmd = new Command('worker')
    .description('analyse chunks of deals from a batch queue (cardsolve batch --queue) on this machine, until stopped')
    .addOption(
      // From the environment too: a URL with its password stays out of the process list.
      new Option('--queue <url>', 'the Redis queue: redis://HOST:6379, rediss://HOST:6380 for TLS, redis://:PASSWORD@HOST:6379').env(
        'CARDSOLVE_QUEUE',
      ),
    )
    .option('--queue-name <name>', 'the queue to take chunks from', DEFAULT_QUEUE_NAME)
    .option('--workers <n>', `solver threads (default: the number of cores, ${defaultWorkers()} here)`)
    .option('--stalled-after <duration>', 'a chunk whose worker stops answering for this long is given to another worker', '30s')
    .option('--json', 'print the final count as one JSON object')
    .option('--no-progress', 'no messages on standard error');
  cmd.addHelpText(
    'after',
    `
The deals, rules and limits come with each chunk from the batch that queued it; results go
back through Redis to that batch, which stores them. Ctrl-C (or SIGTERM) stops taking chunks
and lets the chunks in hand finish; a worker killed outright loses nothing: its chunks go to
another worker after --stalled-after. A chunk of another cardsolve or solver version is put
back on the queue and the worker stops.

Examples:
  cardsolve worker --queue redis://10.0.0.5:6379
  CARDSOLVE_QUEUE=rediss://:secret@queue.example:6380 cardsolve worker --workers 8`,
  );
  return cmd.action(async (values: WorkerOptionValues) => {
    if (values.queue === undefined)
      throw new InputError(
        '--queue URL (or the variable CARDSOLVE_QUEUE) is needed: the Redis queue a cardsolve batch --queue puts its chunks on, for example redis://10.0.0.5:6379',
      );
    const target = queueTarget(values.queue, values.queueName);
    const threadsText = values.workers?.trim();
    if (threadsText !== undefined && (!/^\d+$/.test(threadsText) || Number(threadsText) < 1 || Number(threadsText) > 1024)) {
      throw new InputError(`--workers "${values.workers}" is not a whole number from 1 to 1024`);
    }
    const threads = threadsText !== undefined ? Number(threadsText) : defaultWorkers();
    const stalledAfterMs = parseDuration(values.stalledAfter, '--stalled-after');
    if (!Number.isFinite(stalledAfterMs) || stalledAfterMs < 1000)
      throw new InputError(`--stalled-after "${values.stalledAfter}" must be at least 1s`);
    const say = (text: string): void => {
      if (values.progress) process.stderr.write(`worker: ${text}\n`);
    };

    const started = performance.now();
    // BullMQ loads only here (see the batch command).
    const { startQueueWorker } = await import('../../batch/queue/workerProcess.js');
    const running = await startQueueWorker({ queue: target, threads, stalledAfterMs });
    say(
      `taking chunks from ${target.shown} queue ${target.name} with ${threads} thread${threads === 1 ? '' : 's'}; Ctrl-C stops after the chunks in hand`,
    );
    const timer = setInterval(() => {
      const s = running.stats;
      say(`${s.deals} deals in ${s.chunks} chunks so far`);
    }, 30_000);
    timer.unref();

    let signals = 0;
    const stopped = new Promise<QueueWorkerStats>((resolve, reject) => {
      const onSignal = (): void => {
        if (++signals > 1) {
          process.stderr.write('cardsolve: worker stopped at once; its chunks in hand go to another worker after --stalled-after\n');
          process.exit(130);
        }
        say('stopping: finishing the chunks in hand (Ctrl-C again to stop at once)');
        running.stop().then(resolve, reject);
      };
      process.on('SIGINT', onSignal);
      process.on('SIGTERM', onSignal);
      running.stoppedByItself.then(resolve, reject);
    });
    const stats = await stopped;
    clearInterval(timer);
    const elapsedMs = performance.now() - started;
    if (values.json) process.stdout.write(JSON.stringify({ ...stats, elapsedMs }) + '\n');
    else process.stdout.write(stoppedText(stats, elapsedMs));
    if (stats.refused !== null) throw new InputError(`worker ${stats.refused}`);
  });
}
