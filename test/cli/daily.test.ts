import { readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { LISTS_VARIABLE } from '../../src/lists/daily.js';
import { listFile } from '../lists/helpers.js';
import { cardsolve, ROOT } from '../support/cli.js';
import { tempDir } from '../support/tempDir.js';

describe('cardsolve daily', () => {
  it('names the same deal for a date every time, from the shipped list of its tier', () => {
    const a = cardsolve(['daily', '--date', '2026-03-14', '--tier', 'hard']);
    expect(a.status, a.stderr).toBe(0);
    expect(cardsolve(['daily', '--date', '2026-03-14', '--tier', 'hard']).stdout).toBe(a.stdout);
    const pool = readFileSync(join(ROOT, 'data/lists/pyramide-app-hard.csv'), 'utf8');
    expect(pool).toContain(`\n${a.stdout.trim()},winnable,hard,`);
    expect(cardsolve(['daily', '--date', '2026-03-15', '--tier', 'hard']).stdout).not.toBe(a.stdout);
  });

  it('--json gives the code, the tier and the figures', () => {
    const r = cardsolve(['daily', '--date', '2026-12-25', '--tier', 'expert', '--json']);
    expect(r.status, r.stderr).toBe(0);
    const out = JSON.parse(r.stdout) as { date: string; tier: string; code: string; figures: Record<string, unknown>; notes: string[] };
    expect(out.date).toBe('2026-12-25');
    // The shipped lists cover a year: nothing to say.
    expect(out.notes).toEqual([]);
    expect(out.tier).toBe('expert');
    expect(out.code).toMatch(/^PY1-N-[A-Z]{7}$/);
    expect(out.figures.verdict).toBe('winnable');
    expect(typeof out.figures.difficulty).toBe('number');
  });

  it('Double Solitaire: a deal of the day for every rule set, from its list; the Vegas pools say they repeat', () => {
    for (const rules of ['D1N', 'D3N', 'D1V', 'D3V']) {
      const r = cardsolve(['daily', '--game', 'double', '--rules', rules, '--date', '2026-03-14', '--tier', 'easy']);
      expect(r.status, r.stderr).toBe(0);
      const pool = readFileSync(join(ROOT, `data/lists/double-${rules}-easy.csv`), 'utf8');
      expect(pool).toMatch(new RegExp(`\\n${r.stdout.trim()},[a-z]+,easy,`));
      // The Vegas lists hold what a scan of 400 codes gave: fewer than a year's deals.
      const size = pool.split('\n').filter((line) => line.startsWith('DS1-')).length;
      if (rules.endsWith('V'))
        expect(r.stderr).toBe(`cardsolve: note: the pool has ${size} deals: the deal of the day repeats every ${size} days\n`);
      else expect(r.stderr).toBe('');
    }
  });

  it('serves a pool smaller than a year, and says every how many days it repeats', () => {
    const { dir, cleanup } = tempDir();
    try {
      writeFileSync(join(dir, 'pyramide-app-hard.csv'), listFile(97));
      const env = { [LISTS_VARIABLE]: dir };
      const text = cardsolve(['daily', '--date', '2026-03-14', '--tier', 'hard'], { env });
      expect(text.status, text.stderr).toBe(0);
      // The code alone on stdout (scripts read it), the note on stderr.
      const code = text.stdout.trim();
      expect(code).toMatch(/^PY1-N-[A-Z]{7}$/);
      expect(text.stdout).toBe(`${code}\n`);
      const note = 'the pool has 97 deals: the deal of the day repeats every 97 days';
      expect(text.stderr).toBe(`cardsolve: note: ${note}\n`);
      const json = cardsolve(['daily', '--date', '2026-03-14', '--tier', 'hard', '--json'], { env });
      expect(json.status, json.stderr).toBe(0);
      expect(JSON.parse(json.stdout)).toMatchObject({ code, pool: 97, notes: [note] });
      // 97 days later, the same deal.
      expect(cardsolve(['daily', '--date', '2026-06-19', '--tier', 'hard'], { env }).stdout).toBe(text.stdout);
      // A tier without a list in that folder is still refused, as before.
      const missing = cardsolve(['daily', '--tier', 'easy'], { env });
      expect(missing.status).toBe(2);
      expect(missing.stderr).toMatch(/no shipped list for pyramide \(rules app\), tier easy/);
    } finally {
      cleanup();
    }
  });

  it('refuses a date that is not one, with exit code 2', () => {
    const r = cardsolve(['daily', '--date', '2026-02-30']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/expected YYYY-MM-DD/);
  });
});
