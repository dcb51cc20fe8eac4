import { spawnSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import * as api from '../src/index.js';
import { cardsolve, ROOT } from './support/cli.js';

const LIBRARY_PAGE = readFileSync(new URL('../docs/library.md', import.meta.url), 'utf8');
const FIXTURE = readFileSync(new URL('../data/examples/pyramide-app-example.txt', import.meta.url), 'utf8');
const LIMITS = { ...api.DEFAULT_LIMITS, timeMs: 20_000 };

/** Drops what depends on the machine's speed. */
function timeless<T extends { ms: number; nodes: number }>(x: T): Omit<T, 'ms' | 'nodes'> {
  const { ms: _ms, nodes: _nodes, ...rest } = x;
  return rest;
}

describe('the library entry', () => {
  it('opens a deal from a code, from a deal text or from a DealInput', () => {
    expect(api.openDeal('PY1-N-AAAAAAS').code).toBe('PY1-N-AAAAAAS');
    expect(api.openDeal(' ds1-d3n-aaaaaab ').code).toBe('DS1-D3N-AAAAAAB');
    const fromText = api.openDeal(FIXTURE);
    expect(fromText).toMatchObject({ game: 'pyramide', code: null, rules: 'app' });
    expect(api.openDeal({ kind: 'text', text: FIXTURE, source: 'x' }).fingerprint).toBe(fromText.fingerprint);
    expect(api.openDeal('PY1-N-AAAAAAS', { rules: 'msc' }).rules).toBe('msc');
    expect(() => api.openDeal('PY1-N-AAAAAA!')).toThrow(api.InputError);
  });

  it('gives what the command line prints: analyse, hint and play', () => {
    const deal = api.openDeal('PY1-N-AAAAAAA');
    const cliHint = JSON.parse(cardsolve(['hint', 'PY1-N-AAAAAAA', '--moves', 'J♦ + 2♦', '--json']).stdout) as api.HintResult;
    expect(timeless(deal.hint('J♦ + 2♦', LIMITS))).toEqual(timeless(cliHint));
    const cliSolve = JSON.parse(cardsolve(['solve', 'PY1-N-AAAAAAF', '--json']).stdout) as api.Analysis;
    // `solve` asks for a lost deal's shortest line to its most cards.
    expect(timeless(api.openDeal('PY1-N-AAAAAAF').analyse(api.DEFAULT_LIMITS, { shortestStuckLine: true }))).toEqual(timeless(cliSolve));
    const cliPlay = JSON.parse(cardsolve(['play', 'PY1-N-AAAAAAA', '--moves', 'J♦ + 2♦; draw', '--json']).stdout) as unknown;
    expect(deal.play('J♦ + 2♦; draw', 'symbols').json).toEqual(cliPlay);
    // The text for people comes from the same functions.
    const text = api.describeHint(deal.hint('', LIMITS));
    const cliText = cardsolve(['hint', 'PY1-N-AAAAAAA']).stdout;
    const withoutTimes = (t: string): string => t.replace(/ {2}[\d,]+ nodes, [\d.]+ ms/, '');
    expect(withoutTimes(text + '\n')).toBe(withoutTimes(cliText));
  });

  it('bestLine: the rest of a best line, which wins when played', () => {
    const deal = api.openDeal('PY1-N-AAAAAAI');
    const line = api.bestLine(deal, 'draw', LIMITS)!;
    const outcome = deal.play(['draw', ...line.map((m) => api.moveText(deal.game, m))].join('; '), 'symbols');
    expect(outcome.ok).toBe(true);
    expect(outcome.json).toMatchObject({ status: 'won', counter: deal.hint('draw', LIMITS).movesLeft! + 1 });
    const double = api.openDeal('DS1-D1N-AAAAAAB');
    const rest = api.bestLine(double, 'draw', LIMITS)!;
    const played = double.play(['draw', ...rest.map((m) => api.moveText(double.game, m))].join('; '), 'symbols');
    expect((played.json.position as { won: boolean }).won).toBe(true);
  });

  it("the library page's example of codes, lists and picking deals runs and prints what the page shows", () => {
    const section = LIBRARY_PAGE.slice(LIBRARY_PAGE.indexOf('## Deal codes, lists and picking deals'));
    const code = /```js\n([\s\S]*?)```/.exec(section)![1]!;
    const shown = /```console\n\$ node pick-deals\.js\n([\s\S]*?)```/.exec(section)![1]!;
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(shown);
  });

  it("the library page's example runs and prints what the page shows", () => {
    const code = /```js\n([\s\S]*?)```/.exec(LIBRARY_PAGE)![1]!;
    const shown = /```console\n\$ node hint-server\.js\n([\s\S]*?)```/.exec(LIBRARY_PAGE)![1]!;
    expect(code).toContain("from 'cardsolve'");
    expect(code.trim().split('\n').length).toBeLessThanOrEqual(16);
    // Run as a module inside the package, so that `cardsolve` resolves to this package (its build).
    const r = spawnSync(process.execPath, ['--input-type=module', '-e', code], { cwd: ROOT, encoding: 'utf8', timeout: 120_000 });
    expect(r.stderr).toBe('');
    expect(r.status).toBe(0);
    expect(r.stdout).toBe(shown);
  });
});
