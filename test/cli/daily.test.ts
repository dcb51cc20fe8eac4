import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { cardsolve, ROOT } from '../support/cli.js';

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
    const out = JSON.parse(r.stdout) as { date: string; tier: string; code: string; figures: Record<string, unknown> };
    expect(out.date).toBe('2026-12-25');
    expect(out.tier).toBe('expert');
    expect(out.code).toMatch(/^PY1-N-[A-Z]{7}$/);
    expect(out.figures.verdict).toBe('winnable');
    expect(typeof out.figures.difficulty).toBe('number');
  });

  it('Double Solitaire: a deal of the day for D1N and D3N, from their lists; none yet under Vegas rules', () => {
    for (const rules of ['D1N', 'D3N']) {
      const r = cardsolve(['daily', '--game', 'double', '--rules', rules, '--date', '2026-03-14', '--tier', 'easy']);
      expect(r.status, r.stderr).toBe(0);
      const pool = readFileSync(join(ROOT, `data/lists/double-${rules}-easy.csv`), 'utf8');
      expect(pool).toContain(`\n${r.stdout.trim()},winnable,easy,`);
    }
    const vegas = cardsolve(['daily', '--game', 'double', '--rules', 'D1V', '--tier', 'easy']);
    expect(vegas.status).toBe(2);
    expect(vegas.stderr).toMatch(/no shipped list for double \(rules D1V\), tier easy/);
  });

  it('refuses a date that is not one, with exit code 2', () => {
    const r = cardsolve(['daily', '--date', '2026-02-30']);
    expect(r.status).toBe(2);
    expect(r.stderr).toMatch(/expected YYYY-MM-DD/);
  });
});
