/**
 * Progress on standard error: a cli-progress bar when stderr is a terminal, otherwise a
 * plain line every few seconds (for logs and pipes).
 */
import { createRequire } from 'node:module';
import type cliProgress from 'cli-progress';
import type { BatchProgress } from './report.js';

export interface ProgressReporter {
  start(progress: BatchProgress): void;
  update(progress: BatchProgress): void;
  stop(): void;
}

function rate(p: BatchProgress): number {
  return p.elapsedMs > 0 ? (p.done / p.elapsedMs) * 1000 : 0;
}

export function formatDuration(seconds: number): string {
  if (!Number.isFinite(seconds)) return '?';
  if (seconds < 10) return `${seconds.toFixed(seconds < 1 ? 2 : 1)}s`;
  const s = Math.round(seconds);
  if (s < 60) return `${s}s`;
  if (s < 3600) return `${Math.floor(s / 60)}m${String(s % 60).padStart(2, '0')}s`;
  return `${Math.floor(s / 3600)}h${String(Math.floor((s % 3600) / 60)).padStart(2, '0')}m`;
}

class BarReporter implements ProgressReporter {
  // Loaded with the first bar, not with the module: the commands that draw none start sooner.
  private readonly bars = createRequire(import.meta.url)('cli-progress') as typeof cliProgress;
  private readonly bar = new this.bars.SingleBar(
    {
      stream: process.stderr,
      format: '{bar} {value}/{total} deals | {rate}/s | ETA {eta_formatted} | winnable {winnable} | unknown {unknown}',
      barsize: 30,
      hideCursor: true,
      clearOnComplete: false,
      etaBuffer: 200,
      fps: 5,
    },
    this.bars.Presets.shades_classic,
  );

  private running = false;

  start(p: BatchProgress): void {
    this.running = true;
    this.bar.start(p.total, p.done, this.payload(p));
  }

  update(p: BatchProgress): void {
    if (p.total !== this.bar.getTotal()) this.bar.setTotal(p.total);
    this.bar.update(p.done, this.payload(p));
  }

  stop(): void {
    if (this.running) this.bar.stop();
    this.running = false;
  }

  private payload(p: BatchProgress): Record<string, string | number> {
    return { rate: rate(p).toFixed(1), winnable: p.winnable, unknown: p.unknown };
  }
}

class LineReporter implements ProgressReporter {
  private last = 0;

  constructor(private readonly everyMs: number) {}

  start(p: BatchProgress): void {
    process.stderr.write(`batch: ${p.total} deals to analyse\n`);
    this.last = performance.now();
  }

  update(p: BatchProgress): void {
    const now = performance.now();
    if (now - this.last < this.everyMs) return;
    this.last = now;
    const r = rate(p);
    const eta = r > 0 ? formatDuration((p.total - p.done) / r) : '?';
    process.stderr.write(
      `batch: ${p.done}/${p.total} deals, ${r.toFixed(1)}/s, ETA ${eta}, winnable ${p.winnable}, unknown ${p.unknown}` +
        (p.failed ? `, failed ${p.failed}` : '') +
        '\n',
    );
  }

  stop(): void {}
}

class SilentReporter implements ProgressReporter {
  start(): void {}
  update(): void {}
  stop(): void {}
}

/**
 * Progress on standard error: a bar on a terminal, nothing elsewhere (a script reads results
 * on standard output and messages on standard error), unless asked for: `wanted` true gives
 * a plain line every few seconds where there is no terminal (a log), false nothing at all,
 * undefined the default.
 */
export function progressReporter(wanted: boolean | undefined, everyMs = 5000): ProgressReporter {
  if (wanted === false) return new SilentReporter();
  if (process.stderr.isTTY) return new BarReporter();
  return wanted === true ? new LineReporter(everyMs) : new SilentReporter();
}
