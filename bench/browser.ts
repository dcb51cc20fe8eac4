/**
 * Browser benchmark: the core's one-file build (dist/core/cardsolve-core.js) in headless
 * chromium, served as static files, against the same core in Node (this process, through
 * `src/core.ts`), on the same deals and positions, one engine after the other:
 *
 * - Pyramide start hints (app rules) of `--count` codes (default 50): median and p95;
 * - Pyramide hints (app) at every position of the optimal line of each winnable one of
 *   those codes: median and p95 (goal: p95 <= 10 ms in the browser);
 * - the full Pyramide analysis (app) of those codes: median and p95 (goal: median <= 20 ms);
 * - Double Solitaire D1N hints at the start of `--count` codes: median and p95 (goal:
 *   median <= 50 ms);
 * - for each, the browser's time over Node's (goal: within 1.2 x), and how many answers
 *   differ between the two engines (a digest of each: status, best move, labels, limit);
 * - the main thread of a page that runs the analyses and the D1N hints of the first codes
 *   in a module Web Worker: the long tasks the browser reports (over 50 ms; goal: none), and
 *   the longest gap between the ticks of a 10 ms interval; then the same watch over a few of
 *   those analyses on the main thread (it must see them) and over an idle page (the gaps
 *   this machine makes by itself);
 * - the bundle's size, raw and gzip (level 9).
 *
 *   npm run bench -- browser [--count N] [--seed S]
 *
 * The figures run on the first codes and on the seed's random range (ranges.ts), side by
 * side. The page is served cross-origin isolated (COOP and COEP), so that `performance.now()`
 * reads to 5 µs there as in Node, not to 100 µs: most hints along a line take well under a
 * millisecond. Each engine first warms up on other deals. The limits are the command line's
 * defaults (10 s a deal).
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Page } from 'playwright-core';
import { dealNumberLetters } from '../src/codes/dealCode.js';
import * as core from '../src/core.js';
import type { Limits } from '../src/search/limits.js';
import { BUNDLE, type CorePageGlobals, isolate, openCorePage, serveCore } from '../test/browser/corePage.js';
import { type AnalysisJob, type HintJob, type Timed, type TimedAnalysis, timeAnalyses, timeHints } from '../test/browser/probe.js';
import { launchBrowser } from '../test/support/browser.js';
import { type Column, type DealRange, dealRanges, printGoal, printSideBySide } from './ranges.js';
import { flagNumber, formatMs, percentile } from './stats.js';

const LIMITS: Limits = { timeMs: 10_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };
const RATIO_GOAL = 1.2;

function pyramideCode(n: number): string {
  return `PY1-N-${dealNumberLetters(n)}`;
}

function doubleCode(n: number): string {
  return `DS1-D1N-${dealNumberLetters(n)}`;
}

function hintsInPage(page: Page, jobs: HintJob[]): Promise<Timed[][]> {
  return page.evaluate(
    ([j, limits]) => {
      const g = globalThis as unknown as CorePageGlobals;
      return g.probe.timeHints(g.core, j, limits);
    },
    [jobs, LIMITS] as const,
  );
}

function analysesInPage(page: Page, jobs: AnalysisJob[]): Promise<TimedAnalysis[]> {
  return page.evaluate(
    ([j, limits]) => {
      const g = globalThis as unknown as CorePageGlobals;
      return g.probe.timeAnalyses(g.core, j, limits);
    },
    [jobs, LIMITS] as const,
  );
}

/** One figure on one range, in both engines. */
interface Pair {
  node: Timed[];
  chromium: Timed[];
}

function sorted(times: readonly Timed[]): number[] {
  return times.map((t) => t.ms).sort((a, b) => a - b);
}

interface Summary {
  column: Column;
  chromiumMedian: number;
  chromiumP95: number;
  /** The larger of the two ratios, median and p95. */
  worstRatio: number;
  /** The slowest single solve in the page. */
  chromiumMax: number;
}

function ratio(browser: number, node: number): number {
  return node > 0 ? browser / node : NaN;
}

function summarise(pair: Pair, what: string): Summary {
  const node = sorted(pair.node);
  const chromium = sorted(pair.chromium);
  const median = [percentile(node, 0.5), percentile(chromium, 0.5)] as const;
  const p95 = [percentile(node, 0.95), percentile(chromium, 0.95)] as const;
  const ratios = [ratio(median[1], median[0]), ratio(p95[1], p95[0])];
  const differ = pair.node.filter((t, i) => t.digest !== pair.chromium[i]?.digest).length;
  return {
    column: [
      [what, String(node.length)],
      ['Node: median', formatMs(median[0])],
      ['Node: p95', formatMs(p95[0])],
      ['Chromium: median', formatMs(median[1])],
      ['Chromium: p95', formatMs(p95[1])],
      ['Chromium / Node: median', `${ratios[0]!.toFixed(2)} x`],
      ['Chromium / Node: p95', `${ratios[1]!.toFixed(2)} x`],
      ['Chromium: max', formatMs(chromium[chromium.length - 1] ?? NaN)],
      ['answers that differ', String(differ + Math.abs(pair.node.length - pair.chromium.length))],
    ],
    chromiumMedian: median[1],
    chromiumP95: p95[1],
    worstRatio: Math.max(...ratios),
    chromiumMax: chromium[chromium.length - 1] ?? 0,
  };
}

/** Codes per turn: each engine in turn on the same few codes, so that a change in the machine's load falls on both. */
const TURN = 5;

/** Node, then the page, on the same jobs, a few codes at a time. */
async function inTurns<J, T>(
  jobs: readonly J[],
  inNode: (chunk: J[]) => T[],
  inPage: (chunk: J[]) => Promise<T[]>,
): Promise<{ node: T[]; chromium: T[] }> {
  const node: T[] = [];
  const chromium: T[] = [];
  for (let i = 0; i < jobs.length; i += TURN) {
    const chunk = jobs.slice(i, i + TURN);
    node.push(...inNode(chunk));
    chromium.push(...(await inPage(chunk)));
  }
  return { node, chromium };
}

async function hintsInBoth(page: Page, jobs: HintJob[]): Promise<Pair> {
  const { node, chromium } = await inTurns(
    jobs,
    (chunk) => timeHints(core, chunk, LIMITS),
    (chunk) => hintsInPage(page, chunk),
  );
  return { node: node.flat(), chromium: chromium.flat() };
}

function printFigure(title: string, ranges: readonly DealRange[], summaries: readonly Summary[]): void {
  printSideBySide(
    title,
    ranges,
    summaries.map((s) => s.column),
  );
  printGoal(
    `Chromium within ${RATIO_GOAL} x of Node (median and p95)`,
    ranges,
    summaries.map((s) => s.worstRatio),
    (v) => v <= RATIO_GOAL,
    2,
    ' x',
  );
}

function bundleSizes(): void {
  const bytes = readFileSync(BUNDLE);
  const gzip = gzipSync(bytes, { level: 9 }).length;
  const kb = (n: number): string => `${(n / 1024).toFixed(1)} KB`;
  console.log(
    `bundle dist/core/cardsolve-core.js: ${bytes.length.toLocaleString('en-US')} bytes (${kb(bytes.length)}), ` +
      `gzip level 9 ${gzip.toLocaleString('en-US')} bytes (${kb(gzip)})`,
  );
}

export async function runBrowserBench(args: string[], seed: number): Promise<void> {
  const count = Math.max(1, Math.floor(flagNumber(args, '--count', 50)));
  const browser = await launchBrowser();
  const site = await serveCore();
  try {
    console.log(`Chromium ${browser.version()} (headless), one page, one thread each`);
    bundleSizes();
    const context = await browser.newContext();
    await isolate(context);
    const { page, errors } = await openCorePage(context, site.url);
    const isolated = await page.evaluate(() => (globalThis as unknown as { crossOriginIsolated: boolean }).crossOriginIsolated);
    if (!isolated) console.log('note: the page is not cross-origin isolated: its clock reads to 100 µs only');

    // Warm both engines' compilers on other deals, so that the first figures are not theirs.
    const warmAnalyses: AnalysisJob[] = Array.from({ length: 40 }, (_, i) => ({ code: pyramideCode(100_000 + i), flags: {} }));
    const warmHints: HintJob[] = Array.from({ length: 4 }, (_, i) => ({ code: doubleCode(100_000 + i), flags: {}, positions: [''] }));
    timeAnalyses(core, warmAnalyses, LIMITS);
    timeHints(core, warmHints, LIMITS);
    await analysesInPage(page, warmAnalyses);
    await hintsInPage(page, warmHints);

    const ranges = dealRanges(seed, count);
    const starts: Summary[] = [];
    const lines: Summary[] = [];
    const analyses: Summary[] = [];
    const doubles: Summary[] = [];
    let firstCodes: { analyses: AnalysisJob[]; hints: HintJob[] } | null = null;
    for (const range of ranges) {
      const codes = Array.from({ length: count }, (_, i) => pyramideCode(range.from + i));
      // The analyses first: Node's lines are the positions of the hints along them.
      const analysisJobs: AnalysisJob[] = codes.map((code) => ({ code, flags: {} }));
      const analysed = await inTurns(
        analysisJobs,
        (chunk) => timeAnalyses(core, chunk, LIMITS, true),
        (chunk) => analysesInPage(page, chunk),
      );
      const nodeAnalyses = analysed.node;
      analyses.push(summarise(analysed, 'deals'));
      starts.push(
        summarise(
          await hintsInBoth(
            page,
            codes.map((code) => ({ code, flags: {}, positions: [''] })),
          ),
          'hints',
        ),
      );
      const lineJobs: HintJob[] = [];
      nodeAnalyses.forEach((a, i) => {
        if (a.line === null) return;
        lineJobs.push({ code: codes[i]!, flags: {}, positions: a.line.map((_, k) => a.line!.slice(0, k).join('; ')) });
      });
      const along = summarise(await hintsInBoth(page, lineJobs), 'hints');
      along.column.unshift(['winnable codes', String(lineJobs.length)]);
      lines.push(along);
      const doubleJobs: HintJob[] = Array.from({ length: count }, (_, i) => ({
        code: doubleCode(range.from + i),
        flags: {},
        positions: [''],
      }));
      doubles.push(summarise(await hintsInBoth(page, doubleJobs), 'hints'));
      firstCodes ??= { analyses: analysisJobs, hints: doubleJobs };
    }

    printFigure(`Pyramide start hints (app), ${count} codes:`, ranges, starts);
    printFigure(`Pyramide hints (app), every position along the optimal line of the winnable ones of ${count} codes:`, ranges, lines);
    printGoal(
      'p95 <= 10 ms per hint in Chromium',
      ranges,
      lines.map((s) => s.chromiumP95),
      (v) => v <= 10,
      2,
      ' ms',
    );
    printFigure(`full Pyramide analysis (app), ${count} codes:`, ranges, analyses);
    printGoal(
      'median <= 20 ms per deal in Chromium',
      ranges,
      analyses.map((s) => s.chromiumMedian),
      (v) => v <= 20,
      2,
      ' ms',
    );
    printFigure(`Double Solitaire D1N start hints, ${count} codes:`, ranges, doubles);
    printGoal(
      'median <= 50 ms per hint in Chromium',
      ranges,
      doubles.map((s) => s.chromiumMedian),
      (v) => v <= 50,
      1,
      ' ms',
    );

    // The same analyses and D1N hints of the first codes in a module Web Worker, the page's
    // main thread watched meanwhile: a fresh page in a context of its own, since pages of one
    // site may share a renderer and its main thread (with the page above still open beside
    // it, the watched page saw gaps of 80 to 330 ms and no long task of its own).
    const work = firstCodes!;
    await context.close();
    const watchContext = await browser.newContext();
    await isolate(watchContext);
    const { page: watched, errors: watchedErrors } = await openCorePage(watchContext, site.url);
    const blocking = await watched.evaluate(
      ([analysisJobs, hintJobs, limits]) => {
        const g = globalThis as unknown as CorePageGlobals;
        return g.watchBlocking(() => g.inWorker<number>('workerLoad', [analysisJobs, hintJobs, limits]));
      },
      [work.analyses, work.hints, LIMITS] as const,
    );
    const onMain = Math.max(
      ...analyses.map((s) => s.chromiumMax),
      ...doubles.map((s) => s.chromiumMax),
      ...starts.map((s) => s.chromiumMax),
    );
    console.log(
      `main thread of a page while a module Web Worker solves the ${count} analyses and ${count} D1N start hints of the ${ranges[0]!.name} ` +
        `(${formatMs(blocking.result)} in the worker, ${formatMs(blocking.ms)} to its answer):`,
    );
    if (blocking.longTasks === null || blocking.longestTask === null) {
      console.log('  long tasks: not reported by this browser');
    } else {
      const longest = blocking.longTasks === 0 ? 'none over 50 ms' : `${blocking.longTasks}, the longest ${formatMs(blocking.longestTask)}`;
      console.log(`  long tasks (the browser's own count of tasks over 50 ms): ${longest}`);
    }
    // A gap longer than the tick with no long task is time the page's thread did not run at
    // all (the machine busy elsewhere), not a task of the page.
    console.log(`  longest gap between the ticks of a 10 ms interval: ${formatMs(blocking.longestGap)}`);
    console.log(`  (the same solves on the page's main thread blocked it up to ${formatMs(onMain)}: the slowest one above)`);
    // The watcher's control: the same watch over solves on the main thread, which it must see.
    const control = await watched.evaluate(
      ([jobs, limits]) => {
        const g = globalThis as unknown as CorePageGlobals;
        // In a task of the page's own (a timer), as an app would run it: not in the call's.
        const solve = () =>
          new Promise<number>((resolve) => setTimeout(() => resolve(g.probe.timeAnalyses(g.core, jobs, limits).length), 0));
        return g.watchBlocking(solve);
      },
      [work.analyses.slice(0, TURN), LIMITS] as const,
    );
    console.log(
      `  control, the first ${TURN} of those analyses on the main thread instead (${formatMs(control.ms)}): ` +
        `long tasks ${control.longTasks ?? 'not reported'}${control.longestTask ? `, the longest ${formatMs(control.longestTask)}` : ''}, ` +
        `longest gap ${formatMs(control.longestGap)}`,
    );
    // And with nothing to do: how long this machine leaves the page's thread unscheduled.
    const idle = await watched.evaluate(
      (ms) => {
        const g = globalThis as unknown as CorePageGlobals;
        return g.watchBlocking(() => new Promise<number>((resolve) => setTimeout(() => resolve(ms), ms)));
      },
      Math.round(Math.min(blocking.ms, 5_000)),
    );
    console.log(
      `  idle, the same watch over ${formatMs(idle.result)} with nothing running: long tasks ${idle.longTasks ?? 'not reported'}, ` +
        `longest gap ${formatMs(idle.longestGap)}`,
    );
    const blocked = blocking.longestTask ?? Math.max(0, blocking.longestGap - 10);
    const measure =
      blocking.longestTask === null
        ? `the longest gap less its 10 ms: ${formatMs(blocked)}`
        : blocking.longTasks === 0
          ? 'no task over 50 ms'
          : `the longest task: ${formatMs(blocked)}`;
    // A task's length is wall time: on a machine that leaves even the idle page's thread
    // unscheduled that long, a short task can read as a long one.
    const busy =
      idle.longestGap - 10 >= 50
        ? `; the idle page stalled ${formatMs(idle.longestGap)} too: the machine was busy, run it again on a quiet one`
        : '';
    console.log(`  goal main thread blocked < 50 ms: ${blocked < 50 ? 'met' : 'NOT MET'} (${measure}${busy})`);
    const pageErrors = [...errors, ...watchedErrors];
    if (pageErrors.length > 0) console.log(`errors in the page: ${pageErrors.join('; ')}`);
    await watchContext.close();
  } finally {
    await browser.close();
    await site.stop();
  }
}
