/**
 * Dealers (docs/dealers.md): an app's codes, dealt by its module, get the verdicts and figures
 * of the same deals given as deal files, and are stored, looked up, curated and listed under
 * the app's codes; a bad dealer or a bad deal is refused naming the code, storing nothing.
 */
import { existsSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { planBatch } from '../../src/batch/inputs.js';
import { type ChunkJob, versionMismatch } from '../../src/batch/queue/jobs.js';
import { type Dealer, registerDealer } from '../../src/games/dealers.js';
import { openDeal } from '../../src/games/registry.js';
import { DEFAULT_LIMITS } from '../../src/search/limits.js';
import { CARDSOLVE_VERSION } from '../../src/version.js';
import { cardsolve, ROOT } from '../support/cli.js';
import { tempDir } from '../support/tempDir.js';

const ACME = join(ROOT, 'examples', 'dealers', 'acme.js');
const ACME_DOUBLE = join(ROOT, 'examples', 'dealers', 'acme-double.js');

let dir: string;
let cleanup: () => void;
let acme: Dealer;
let acmeDouble: Dealer;

beforeAll(async () => {
  ({ dir, cleanup } = tempDir());
  acme = ((await import(pathToFileURL(ACME).href)) as { default: Dealer }).default;
  acmeDouble = ((await import(pathToFileURL(ACME_DOUBLE).href)) as { default: Dealer }).default;
  registerDealer(acme);
  registerDealer(acmeDouble);
});
afterAll(() => cleanup());

/** The rows of a database as `export` gives them, without what differs from run to run. */
function exported(db: string): Array<Record<string, unknown>> {
  const r = cardsolve(['export', '--db', db, '--format', 'jsonl']);
  expect(r.status, r.stderr).toBe(0);
  return r.stdout
    .trim()
    .split('\n')
    .map((line) => {
      const { ms: _ms, analysedAt: _at, ...row } = JSON.parse(line) as Record<string, unknown>;
      return row;
    });
}

describe('a dealer', () => {
  it('deals codes with the verdicts and figures of the same deals given as deal files, stored under the app codes', () => {
    const codes = ['ACME-4', 'ACME-5', 'ACME-8'];
    const files = codes.map((code) => {
      const path = join(dir, `${code}.txt`);
      writeFileSync(path, acme.deal(code));
      return path;
    });
    const dealt = join(dir, 'dealt.sqlite');
    const given = join(dir, 'given.sqlite');
    const a = cardsolve(['batch', 'ACME-4..ACME-5', 'ACME-8', '--dealer', ACME, '--db', dealt, '--workers', '1']);
    expect(a.status, a.stderr).toBe(0);
    expect(a.stdout).toContain('batch (2 inputs): 3 deals, pyramide rules app');
    const b = cardsolve(['batch', ...files, '--db', given, '--workers', '1']);
    expect(b.status, b.stderr).toBe(0);
    const byFingerprint = (rows: Array<Record<string, unknown>>) =>
      [...rows].sort((x, y) => String(x.fingerprint).localeCompare(String(y.fingerprint)));
    const withCodes = byFingerprint(exported(dealt));
    const asFiles = byFingerprint(exported(given));
    expect(withCodes.map((r) => [r.code, r.dealKey, r.dealer]).sort()).toEqual(codes.map((c) => [c, c, 'acme']));
    expect(asFiles.every((r) => r.code === null && r.dealer === undefined)).toBe(true);
    const figures = (r: Record<string, unknown>) => {
      const { code: _c, dealKey: _k, dealer: _d, ...rest } = r;
      return rest;
    };
    expect(withCodes.map(figures)).toEqual(asFiles.map(figures));
    // A full analysis: the figures are there to compare, the verdicts both ways.
    expect(new Set(withCodes.map((r) => r.verdict))).toEqual(new Set(['winnable', 'unwinnable']));
    expect(withCodes.every((r) => r.mode === 'full')).toBe(true);

    // Looked up (the dealer from the environment this time), curated and listed daily in the app's codes.
    const look = cardsolve(['lookup', 'ACME-8', '--db', dealt], { env: { CARDSOLVE_DEALERS: ACME } });
    expect(look.status, look.stderr).toBe(0);
    expect(look.stdout).toMatch(/^ACME-8 {2}app {2}winnable, in 57 moves/);
    // Without its dealer the code is found as stored; a code stored nowhere is still refused.
    const bare = cardsolve(['lookup', 'ACME-8', '--db', dealt]);
    expect(bare.status, bare.stderr).toBe(0);
    expect(bare.stdout).toBe(look.stdout);
    const unknown = cardsolve(['lookup', 'ACME-99', '--db', dealt]);
    expect(unknown.status).toBe(2);
    expect(unknown.stderr).toMatch(
      /"ACME-99" is neither a deal code .* nor a code stored in .*dealt\.sqlite \(an app's code is read with its --dealer FILE\)/,
    );
    const curated = cardsolve([
      'curate',
      '--db',
      dealt,
      '--dealer',
      ACME,
      '--from',
      'ACME-4',
      '--to',
      'ACME-8',
      '--count',
      '5',
      '--scan',
      '0',
      '--format',
      'csv',
    ]);
    expect(curated.status, curated.stderr).toBe(0);
    const lines = curated.stdout.trim().split('\n');
    expect(lines.slice(1).map((l) => l.split(',')[0])).toEqual(codes);
    writeFileSync(join(dir, 'acme.csv'), curated.stdout);
    const daily = cardsolve(['daily', '--list', join(dir, 'acme.csv'), '--tier', 'hard', '--date', '2026-12-06']);
    expect(daily.status, daily.stderr).toBe(0);
    expect(codes).toContain(daily.stdout.trim());
  });

  it('answers under the app code in the core, with the fingerprint of the deal text, for both games', () => {
    const limits = { ...DEFAULT_LIMITS, nodes: 20_000 };
    for (const [code, dealer] of [
      ['ACME-5', acme],
      ['ACMED-2', acmeDouble],
    ] as const) {
      const byCode = openDeal({ kind: 'code', code });
      const byText = openDeal({ kind: 'text', text: dealer.deal(code), source: 'test' });
      expect(byCode.code).toBe(code);
      expect(byCode.fingerprint).toBe(byText.fingerprint);
      const { ms: _a, code: c, ...one } = byCode.analyse(limits, { winnabilityOnly: true });
      const { ms: _b, code: none, ...other } = byText.analyse(limits, { winnabilityOnly: true });
      expect([c, none]).toEqual([code, null]);
      expect(one).toEqual(other);
      expect(byCode.show('symbols', false).startsWith(code)).toBe(true);
    }
    // The Double Solitaire rules come from the deal text: draw 1, unlimited redeals.
    expect(openDeal({ kind: 'code', code: 'ACMED-2' }).rules).toBe('D1N');
  });

  it('takes deals with their app codes as JSON lines (--deals), keyed by the code, and refuses a bad one naming it', () => {
    const path = join(dir, 'deals.jsonl');
    writeFileSync(
      path,
      `${JSON.stringify({ code: 'APP-1', deal: acme.deal('ACME-1') })}\n\n${JSON.stringify({ code: 'APP-2', deal: acme.deal('ACME-2') })}\n`,
    );
    const plan = planBatch({ args: [], deals: path }, {});
    expect([...plan.deals()].map((d) => [d.dealKey, d.input.kind === 'text' && d.input.code, d.rules])).toEqual([
      ['APP-1', 'APP-1', 'app'],
      ['APP-2', 'APP-2', 'app'],
    ]);
    writeFileSync(path, `${JSON.stringify({ code: 'APP-3', deal: acme.deal('ACME-3').replace(/^row 2: \S+ /m, 'row 2: ') })}\n`);
    expect(() => planBatch({ args: [], deals: path }, {})).toThrow(`APP-3 (--deals ${path} line 1), line 3: row 2 has 1 cards, expected 2`);
    writeFileSync(path, '{"code": "APP-4"}\n');
    expect(() => planBatch({ args: [], deals: path }, {})).toThrow(
      `--deals ${path} line 1: expected {"code": "...", "deal": "the deal-file text"}, both strings`,
    );
  });

  it('refuses ranges and --count without code(n) and number(code), naming what is missing', () => {
    expect(() => planBatch({ args: ['ACMED-1..ACMED-3'] }, {})).toThrow(
      'range "ACMED-1..ACMED-3": dealer acme-double has no code(n) and number(code), which ranges FIRST..LAST and --count need',
    );
    expect(() => planBatch({ args: ['ACMED-1'], count: 3 }, {})).toThrow('--count 3 from ACMED-1: dealer acme-double has no code(n)');
    expect(planBatch({ args: ['ACME-1'], count: 500 }, {}).describe()).toBe('ACME-1..ACME-500');
  });

  it('refuses each bad deal naming its code, before anything is stored', () => {
    const good = acme.deal('ACME-9');
    const bad: Array<[Dealer, string]> = [
      [
        {
          name: 'boom',
          pattern: /^BOOM-\d+$/,
          deal: () => {
            throw new Error('the deck is lost');
          },
        },
        'BOOM-1: dealer boom failed to deal it: the deck is lost',
      ],
      [
        { name: 'num', pattern: /^NUM-\d+$/, deal: () => 42 as unknown as string },
        'NUM-1: dealer num returned a number, expected the text of a deal file',
      ],
      [
        { name: 'twice', pattern: /^TWICE-\d+$/, deal: () => good.replace(/^row 1: \S+/m, `row 1: ${/^waste: (\S+)/m.exec(good)![1]}`) },
        `TWICE-1 (dealt by twice), line 9: ${/^waste: (\S+)/m.exec(good)![1]!.replace('S', '♠').replace('H', '♥').replace('D', '♦').replace('C', '♣')} appears twice (also on line 2)`,
      ],
      [
        { name: 'short', pattern: /^SHORT-\d+$/, deal: () => good.replace(/^row 3: (\S+) /m, 'row 3: ') },
        'SHORT-1 (dealt by short), line 4: row 3 has 2 cards, expected 3',
      ],
      [
        { name: 'nostock', pattern: /^NOSTOCK-\d+$/, deal: () => good.replace(/^stock: .*$/m, '') },
        'NOSTOCK-1 (dealt by nostock): the stock is missing',
      ],
    ];
    for (const [dealer, message] of bad) {
      registerDealer(dealer);
      expect(() => planBatch({ args: [`${dealer.name.toUpperCase()}-1`] }, {})).toThrow(message);
    }
    // The command line: exit 2, one message naming the module or the code, no database.
    const noPattern = join(dir, 'no-pattern.js');
    writeFileSync(noPattern, "export default { name: 'x', deal: () => '' };\n");
    const db = join(dir, 'never.sqlite');
    const r = cardsolve(['batch', 'ACME-1', '--dealer', noPattern, '--db', db]);
    expect([r.status, r.stderr]).toEqual([2, `cardsolve: dealer ${noPattern}: its default export has no pattern (a regular expression)\n`]);
    const throws = join(dir, 'throws.js');
    writeFileSync(throws, "export default { name: 'acme', pattern: /^ACME-\\d+$/, deal(code) { throw new Error('no ' + code); } };\n");
    const t = cardsolve(['batch', 'ACME-2', 'ACME-1', '--dealer', throws, '--db', db]);
    expect([t.status, t.stderr]).toEqual([2, 'cardsolve: ACME-2: dealer acme failed to deal it: no ACME-2\n']);
    // A bad deal after the first slices, which the threads solve while the rest is checked: nothing stored either.
    const late = join(dir, 'late.js');
    writeFileSync(
      late,
      `import acme from ${JSON.stringify(pathToFileURL(ACME).href)};\n` +
        "export default { ...acme, deal(code) { return code === 'ACME-300' ? acme.deal(code).replace(/^waste: .*$/m, 'waste: 2S 3S') : acme.deal(code); } };\n",
    );
    const l = cardsolve(['batch', 'ACME-1..ACME-400', '--dealer', late, '--db', db, '--winnability-only', '--workers', '1']);
    expect([l.status, l.stderr]).toEqual([2, 'cardsolve: ACME-300 (dealt by acme), line 9: the waste starts with one card, got 2\n']);
    expect(existsSync(db)).toBe(false);
  });

  it('makes the queue refuse a worker whose dealers differ from the coordinator', () => {
    const job: ChunkJob = {
      format: 1,
      cardsolve: CARDSOLVE_VERSION,
      batch: 'b',
      mode: 'winnability',
      flags: {},
      limits: { timeMs: null, nodes: null, memoryBytes: null },
      options: {},
      dealers: 'acme:0123456789abcdef',
      deals: [],
    };
    expect(versionMismatch(job)).toBe(
      'the batch deals with dealers acme:0123456789abcdef, this worker has (none) (--dealer or CARDSOLVE_DEALERS)',
    );
    const { dealers: _d, ...without } = job;
    expect(versionMismatch(without)).toBeNull();
  });
});
