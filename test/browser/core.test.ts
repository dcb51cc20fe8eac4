/**
 * The core's one-file browser build (dist/core/cardsolve-core.js) in a headless chromium,
 * served as plain static files: its hints, analyses and position answers equal Node's on the
 * same deals and limits, for both games; a hint equals what `cardsolve hint --json` prints;
 * the bundle answers in a module Web Worker too; and the file stands alone and stays small.
 */
import { execFile } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HintResult, Limits, RuleFlags } from '../../src/core.js';
import * as core from '../../src/core.js';
import { launchBrowser } from '../support/browser.js';
import { BIN, ROOT } from '../support/cli.js';
import { missing } from '../support/programs.js';
import { BUNDLE, type CorePageGlobals, type CoreSite, openCorePage, serveCore } from './corePage.js';
import { answers, type DealAnswer, type DealCase, type HintAsk, type PositionCase, tryMove } from './probe.js';

/** A node limit and no time limit: the answers cannot depend on either engine's speed. */
const PYRAMIDE_LIMITS: Limits = { timeMs: Infinity, nodes: 2_000_000, memoryBytes: 512 * 1024 ** 2 };
/** Double Solitaire: its hints take a few thousand positions; its analyses stop at this many. */
const DOUBLE_LIMITS: Limits = { timeMs: Infinity, nodes: 100_000, memoryBytes: 512 * 1024 ** 2 };

/** Deals that solve in tens of milliseconds: the codes, and whether each is analysed in full. */
interface Pick {
  code: string;
  flags: RuleFlags;
  analyse: 'full' | 'winnability';
  /** How many positions along its line (the line's end among them). */
  positions: number;
}

const PICKS: Pick[] = [
  ...['PY1-N-AAAAAAC', 'PY1-N-AAAAAAI', 'PY1-N-AAAAAAL', 'PY1-N-AAAAAAF'].map(
    (code): Pick => ({ code, flags: {}, analyse: 'full', positions: 7 }),
  ),
  ...['PY1-N-AAAAAAD', 'PY1-N-AAAAAAI', 'PY1-N-AAAAAAO', 'PY1-N-AAAAAAH'].map(
    (code): Pick => ({ code, flags: { rules: 'msc' }, analyse: 'full', positions: 6 }),
  ),
  { code: 'DS1-D1N-AAAAAAB', flags: {}, analyse: 'winnability', positions: 4 },
  { code: 'DS1-D1N-AAAAAAK', flags: {}, analyse: 'full', positions: 4 },
  { code: 'DS1-D1N-AAAAAAC', flags: {}, analyse: 'winnability', positions: 4 },
  { code: 'DS1-D3N-AAAAAAB', flags: {}, analyse: 'full', positions: 4 },
  { code: 'DS1-D3N-AAAAAAG', flags: {}, analyse: 'winnability', positions: 4 },
  { code: 'DS1-D3N-AAAAAAL', flags: {}, analyse: 'winnability', positions: 4 },
];

function limitsOf(code: string): Limits {
  return code.startsWith('PY') ? PYRAMIDE_LIMITS : DOUBLE_LIMITS;
}

/**
 * The case Node builds for a pick: its positions spread along a line (Pyramide: the
 * analysis's solution, or for a lost deal the line of the start's hint; Double Solitaire: the
 * line of the start's hint, as the solver found it), each with a move its rules refuse, taken
 * from the legal moves of the line's other positions.
 */
function caseOf(pick: Pick): DealCase {
  const limits = limitsOf(pick.code);
  const deal = core.openDeal(pick.code, pick.flags);
  const solution = deal.game === 'pyramide' ? deal.analyse(limits).solution : null;
  const line = (solution ?? deal.hint('', limits).line ?? []).map((m) => core.moveText(deal.game, m));
  const stops = new Set<number>();
  for (let k = 0; k < pick.positions; k++) stops.add(Math.round((k * line.length) / (pick.positions - 1)));
  const movesAt = [...stops].map((i) => line.slice(0, i).join('; '));
  const candidates = new Set<string>();
  for (const moves of movesAt) {
    const p = core.openPosition(pick.code, pick.flags);
    p.playLine(moves);
    for (const legal of core.playResponse(p).legalMoves) candidates.add(legal.text);
  }
  const texts = [...candidates];
  const positions = movesAt.map((moves, i): PositionCase => {
    const p = core.openPosition(pick.code, pick.flags);
    p.playLine(moves);
    // A different refused move from one position to the next: the search starts further on.
    for (let k = 0; k < texts.length; k++) {
      const text = texts[(k + i * 7) % texts.length]!;
      if (tryMove(core, p, text)?.refusedMove === true) return { moves, refuse: text };
    }
    return { moves, refuse: null };
  });
  return { code: pick.code, flags: pick.flags, limits, analyse: pick.analyse === 'full' ? {} : { winnabilityOnly: true }, positions };
}

/** Drops what depends on the engine's speed. */
function timeless<T extends { ms: number }>(x: T): Omit<T, 'ms'> {
  const { ms: _ms, ...rest } = x;
  return rest;
}

/** A deal's answers without their times. */
function comparable(a: DealAnswer) {
  return {
    analysis: a.analysis === null ? null : timeless(a.analysis),
    positions: a.positions.map((p) => ({ ...p, hint: timeless(p.hint) })),
  };
}

/** `cardsolve ARGS` without blocking, its standard output. */
function cardsolveLater(args: readonly string[]): Promise<string> {
  return new Promise((resolve, reject) => {
    execFile(process.execPath, [BIN, ...args], { cwd: ROOT, encoding: 'utf8', maxBuffer: 64 * 1024 * 1024 }, (error, stdout, stderr) => {
      if (error) reject(new Error(`cardsolve ${args.join(' ')}: ${error.message}\n${stderr}`));
      else resolve(stdout);
    });
  });
}

describe('the core bundle as a file', () => {
  it('has no import and no require, and its gzip size is at most 80 KB', () => {
    const bytes = readFileSync(BUNDLE);
    const source = bytes.toString('utf8');
    const gzip = gzipSync(bytes, { level: 9 }).length;
    console.log(
      `dist/core/cardsolve-core.js: ${bytes.length.toLocaleString('en-US')} bytes, ${gzip.toLocaleString('en-US')} bytes gzip (level 9)`,
    );
    // An import statement of a minified module: `import{a}from"x"`, `import*as a from"x"`, `import a from"x"`, `import"x"`.
    expect(source).not.toMatch(/(?:^|[;}\s])import\s*(?:[{*"'`]|[\w$]+\s*(?:,|from\b))/);
    expect(source).not.toMatch(/\bimport\s*\(/);
    expect(source).not.toMatch(/\brequire\s*\(/);
    // Nothing from a host beyond the language, so that it runs in any engine (QuickJS has none of these).
    // A global is a name not read as a property, nor a method defined (`process(e, t) {` is a hash's own).
    for (const host of [
      'performance',
      'TextEncoder',
      'TextDecoder',
      'process',
      'Buffer',
      'window',
      'document',
      'navigator',
      'crypto',
      'setTimeout',
    ])
      expect(source, host).not.toMatch(new RegExp(`(?<![.\\w$])${host}(?![\\w$])(?!\\s*\\([^)]*\\)\\s*\\{)`));
    expect(source).toMatch(/\bexport\s*\{/);
    expect(gzip).toBeLessThanOrEqual(80 * 1024);
  });
});

describe.skipIf(missing('chromium'))('the core bundle in chromium', () => {
  let site: CoreSite;
  let browser: Browser;
  let launching: Promise<Browser> | undefined;
  let page: Page;
  let errors: string[];
  let cases: DealCase[];
  let inNode: DealAnswer[];
  let inChromium: DealAnswer[];
  /** The positions the command line and the Web Worker are asked about. */
  let cliAsks: HintAsk[];
  let cliHints: Promise<string>[];
  let workerAsks: HintAsk[];

  beforeAll(async () => {
    launching = launchBrowser();
    launching.catch(() => undefined); // awaited below
    const serving = serveCore();
    serving.catch(() => undefined);
    cases = PICKS.map(caseOf);
    const pyramide = cases.find((c) => c.code.startsWith('PY') && c.flags.rules === undefined)!;
    const double = cases.find((c) => c.code.startsWith('DS1-D1N'))!;
    // Pyramide under the command line's own limits (a position that finishes far within them);
    // Double Solitaire under the node limit: under a time limit, how far its hints shorten
    // their lines depends on the machine's speed.
    cliAsks = [pyramide, double].map((c) => ({ code: c.code, flags: c.flags, moves: c.positions[1]!.moves }));
    const limitFlags = ['--time-limit', 'none', '--node-limit', String(DOUBLE_LIMITS.nodes), '--memory-limit', '512MB'];
    cliHints = cliAsks.map((a) =>
      cardsolveLater(['hint', a.code, '--moves', a.moves, '--json', ...(a.code.startsWith('DS1-') ? limitFlags : [])]),
    );
    for (const p of cliHints) p.catch(() => undefined);
    workerAsks = [double, cases.find((c) => c.flags.rules === 'msc')!].map((c) => ({
      code: c.code,
      flags: c.flags,
      moves: c.positions[2]!.moves,
    }));
    [browser, site] = await Promise.all([launching, serving]);
    ({ page, errors } = await openCorePage(await browser.newContext(), site.url));
    // Both engines at once, one core each: the page starts on its answers in its next task,
    // once this call has returned. (The functions given to `evaluate` run in the page: they
    // reach its globals, nothing of this file.)
    await page.evaluate((c) => {
      const g = globalThis as unknown as CorePageGlobals & { answered?: Promise<DealAnswer[]> };
      g.answered = new Promise((resolve, reject) => {
        setTimeout(() => {
          try {
            resolve(g.probe.answers(g.core, c));
          } catch (error) {
            reject(error);
          }
        }, 0);
      });
    }, cases);
    inNode = answers(core, cases);
    inChromium = await page.evaluate(() => (globalThis as unknown as { answered: Promise<DealAnswer[]> }).answered);
  }, 60_000);

  afterAll(async () => {
    await (await launching?.catch(() => undefined))?.close();
    await site?.stop();
  });

  it('gives the same hints, analyses and position answers as Node, on at least 20 positions of each game', () => {
    const count = (prefix: string) => cases.filter((c) => c.code.startsWith(prefix)).reduce((n, c) => n + c.positions.length, 0);
    expect(count('PY1-')).toBeGreaterThanOrEqual(20);
    expect(count('DS1-')).toBeGreaterThanOrEqual(20);
    for (const prefix of ['PY1-', 'DS1-D1N-', 'DS1-D3N-']) {
      const positions = inNode.filter((a) => a.code.startsWith(prefix)).flatMap((a) => a.positions);
      // Wins, the line's end (won), and refusals on each game: the comparison covers them.
      expect(positions.some((p) => p.hint.status === 'winnable')).toBe(true);
      expect(positions.some((p) => p.hint.status === 'won')).toBe(true);
      expect(positions.filter((p) => p.refusal?.refusedMove === true).length).toBeGreaterThanOrEqual(positions.length / 2);
    }
    expect(inNode.some((a) => a.analysis?.verdict === 'unwinnable')).toBe(true);
    expect(inChromium).toHaveLength(inNode.length);
    cases.forEach((c, i) => {
      const [node, chromium] = [comparable(inNode[i]!), comparable(inChromium[i]!)];
      const label = `${c.code}${c.flags.rules ? ` (${c.flags.rules})` : ''}`;
      expect(chromium.analysis, `${label}: analysis`).toEqual(node.analysis);
      expect(chromium.positions).toHaveLength(c.positions.length);
      c.positions.forEach((at, j) => {
        expect(chromium.positions[j], `${label} after "${at.moves}"`).toEqual(node.positions[j]);
      });
    });
    expect(errors).toEqual([]);
  });

  it('gives the hint the command line prints, and the same hint in a module Web Worker', async () => {
    const [inPage, inWorker] = await page.evaluate(
      async ([cli, worker, cliLimits, limits]) => {
        const g = globalThis as unknown as CorePageGlobals;
        const hints = cli.map((ask, i) => g.probe.oneHint(g.core, ask, cliLimits[i]!));
        const fromWorker = await Promise.all(worker.map((ask, i) => g.inWorker<HintResult>('oneHint', [ask, limits[i]])));
        return [hints, fromWorker];
      },
      [
        cliAsks,
        workerAsks,
        cliAsks.map((a) => (a.code.startsWith('DS1-') ? DOUBLE_LIMITS : core.DEFAULT_LIMITS)),
        workerAsks.map((a) => limitsOf(a.code)),
      ] as const,
    );
    for (const [i, ask] of cliAsks.entries()) {
      const printed = JSON.parse(await cliHints[i]!) as HintResult;
      expect(printed.code).toBe(ask.code);
      expect(printed.limit).toBeNull();
      expect(timeless(inPage[i]!), `${ask.code} after "${ask.moves}"`).toEqual(timeless(printed));
    }
    for (const [i, ask] of workerAsks.entries()) {
      const node = core.openDeal(ask.code, ask.flags).hint(ask.moves, limitsOf(ask.code));
      expect(node.moves.length).toBeGreaterThan(0);
      expect(timeless(inWorker[i]!), `${ask.code} after "${ask.moves}" in a worker`).toEqual(timeless(node));
    }
    expect(errors).toEqual([]);
  });
});
