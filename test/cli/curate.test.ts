import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { cardsolve } from '../support/cli.js';
import { tempDir } from '../support/tempDir.js';

let dir: string;
let cleanup: () => void;
beforeAll(() => {
  ({ dir, cleanup } = tempDir());
});
afterAll(() => cleanup());

interface CurateJson {
  asked: number;
  found: number;
  matching: number;
  analysed: number;
  deals: Array<{
    code: string;
    verdict: string;
    tier: string | null;
    minMoves: number | null;
    stuck: number | null;
    crossroads: number | null;
  }>;
}

describe('cardsolve curate', () => {
  const base = () => ['curate', '--db', join(dir, 'c.sqlite'), '--from', 'PY1-N-AAAAAAA', '--to', 'PY1-N-AAAAAAJ', '--no-progress'];

  it('analyses what the database lacks, stores it, and returns deals passing every filter', () => {
    const r = cardsolve([...base(), '--verdict', 'winnable', '--count', '3', '--scan', '10', '--format', 'json', '--workers', '2']);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as CurateJson;
    expect(out.found).toBe(3);
    expect(out.analysed).toBeGreaterThan(0);
    for (const d of out.deals) {
      expect(d.verdict).toBe('winnable');
      expect(d.code >= 'PY1-N-AAAAAAA' && d.code <= 'PY1-N-AAAAAAJ').toBe(true);
      expect(['easy', 'medium', 'hard', 'expert']).toContain(d.tier);
    }
  }, 300_000);

  it('gives the same list again from the database alone, in every format', () => {
    const json = JSON.parse(
      cardsolve([...base(), '--verdict', 'winnable', '--count', '3', '--scan', '0', '--format', 'json']).stdout,
    ) as CurateJson;
    expect(json.analysed).toBe(0);
    const codes = cardsolve([...base(), '--verdict', 'winnable', '--count', '3', '--scan', '0']);
    expect(codes.stdout).toBe(json.deals.map((d) => d.code + '\n').join(''));
    const csv = cardsolve([...base(), '--verdict', 'winnable', '--count', '3', '--scan', '0', '--format', 'csv', '--header']).stdout.split(
      '\n',
    );
    expect(csv[0]).toMatch(/^# made by: cardsolve curate /);
    expect(csv[1]).toMatch(/^# cardsolve \d+\.\d+\.\d+/);
    expect(csv[2]).toBe('code,verdict,tier,difficulty,minMoves,stuck,crossroads,forgiveness,losingShare,randomWinRate,randomWinError');
    expect(csv.slice(3, 6).map((l) => l.split(',')[0])).toEqual(json.deals.map((d) => d.code));
  });

  it('says on standard error when it finds fewer than asked, and never pads the list', () => {
    const r = cardsolve([...base(), '--verdict', 'unwinnable', '--stuck', '..27', '--count', '50', '--scan', '0', '--format', 'json']);
    expect(r.status).toBe(0);
    const out = JSON.parse(r.stdout) as CurateJson;
    expect(out.found).toBeLessThan(50);
    expect(out.deals.every((d) => d.verdict === 'unwinnable' && d.stuck !== null && d.stuck <= 27)).toBe(true);
    expect(r.stderr).toMatch(new RegExp(`found ${out.found} of the 50 deals asked for`));
  });

  it('refuses bad filters with exit code 2 and one clear message', () => {
    for (const args of [
      ['--min-moves', 'ten'],
      ['--crossroads', '5..2'],
      ['--from', 'DS1-D1N-AAAAAAA'],
      ['--count', '0'],
      ['--game', 'double', '--rules', 'D3V', '--tier', 'easy'],
    ]) {
      const r = cardsolve(['curate', '--db', join(dir, 'c.sqlite'), ...args]);
      expect(r.status, args.join(' ')).toBe(2);
      expect(r.stderr).toMatch(/^cardsolve: /);
    }
  });
});
