/**
 * Ladder goes through the seam like a shipped game: its own folder, and the one line below
 * that registers it (in this process, and through the environment in every command line and
 * batch worker the tests start). Nothing outside this folder names it.
 */
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseCard } from '../../../src/cards/notation.js';
import { openDeal, registerGame } from '../../../src/games/registry.js';
import { cardsolve } from '../../support/cli.js';
import { tempDir } from '../../support/tempDir.js';
import { type LadderDeal, LadderGame, parseMove } from './engine.js';
import { game, type LadderAnalysis } from './index.js';

// The registration: in this process, and for the built command line (the tests' set-up builds test/ too).
registerGame(game);
const ENV = { CARDSOLVE_GAME_MODULES: fileURLToPath(new URL('../../../dist/test/games/ladder/index.js', import.meta.url)) };

const LIMITS = { timeMs: 10_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };
const RULES = { reserves: 2 };

let dir: string;
let cleanup: () => void;
beforeAll(() => {
  ({ dir, cleanup } = tempDir());
});
afterAll(() => cleanup());

function run(args: string[], input?: string): string {
  const r = cardsolve(args, { input, cwd: dir, env: ENV });
  expect(r.stderr).not.toMatch(/cardsolve:/);
  expect(r.status, r.stderr).toBe(0);
  return r.stdout;
}

function codeOf(n: number): string {
  return `LD1-N-AAAAA${String.fromCharCode(65 + Math.floor(n / 26))}${String.fromCharCode(65 + (n % 26))}`;
}

/** The deal back from its written-out form. */
function dealOf(layout: string): LadderDeal {
  const line = layout.split('\n').find((l) => l.startsWith('stock:'))!;
  return { stock: line.slice(6).trim().split(/\s+/).map(parseCard) };
}

/** Fewest moves to a win by iterative deepening over the engine's moves (slow, obviously right). */
function fewestMoves(deal: LadderDeal, limit: number): number | null {
  const within = (game: LadderGame, depth: number): boolean => {
    if (game.isWon()) return true;
    if (depth === 0) return false;
    return game.moves().some((move) => {
      const child = game.clone();
      child.play(move);
      return within(child, depth - 1);
    });
  };
  for (let depth = 0; depth <= limit; depth++) if (within(new LadderGame(deal, RULES), depth)) return depth;
  return null;
}

describe('a game that lives in its own folder', () => {
  it('opens codes through the registry; its lines replay to a win in the fewest moves an independent search finds', () => {
    const verdicts = new Set<string>();
    for (let n = 0; n < 30; n++) {
      const deal = openDeal({ kind: 'code', code: codeOf(n) });
      const a = deal.analyse(LIMITS) as LadderAnalysis;
      const cards = dealOf(deal.show('symbols', true));
      verdicts.add(a.verdict);
      // Every move lays or stores a stock card, or lays a reserve card: a win takes 8 to 16 moves.
      const independent = fewestMoves(cards, 16);
      if (a.verdict === 'unwinnable') {
        expect(independent).toBeNull();
        expect(a.mostLaid).toBeLessThan(8);
        continue;
      }
      const replay = new LadderGame(cards, RULES);
      for (const m of a.solution!) replay.play(parseMove(game.moveText(m, 'symbols')));
      expect(replay.isWon()).toBe(true);
      expect(a.solution!.length).toBe(independent);
    }
    // Both kinds of deal occur, so every command below meets each.
    expect([...verdicts].sort()).toEqual(['unwinnable', 'winnable']);
  });

  it('takes its own rule option from the command line and refuses it for another game', () => {
    const one = JSON.parse(run(['solve', 'LD1-N-AAAAAAA', '--ladder-reserves', '0', '--json'])) as LadderAnalysis;
    expect(one.rules).toBe('standard+reserves=0');
    expect(run(['solve', '--help'])).toContain('--ladder-reserves <n>');
    const refused = cardsolve(['solve', 'PY1-N-AAAAAAA', '--ladder-reserves', '1'], { cwd: dir, env: ENV });
    expect(refused.status).toBe(2);
    expect(refused.stderr).toMatch(/--ladder-reserves is a Ladder option: Pyramide rules are chosen with --rules/);
  });

  it('has no hints, and the hint command says so: one message, exit code 2', () => {
    const r = cardsolve(['hint', 'LD1-N-AAAAAAB'], { cwd: dir, env: ENV });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toBe('cardsolve: hints are not available for ladder deals yet\n');
  });

  it('goes through solve (code and deal file), batch, stats, lookup and export', () => {
    const solved = JSON.parse(run(['solve', 'LD1-N-AAAAAAB', '--json'])) as LadderAnalysis;
    expect(solved).toMatchObject({ game: 'ladder', code: 'LD1-N-AAAAAAB', rules: 'standard' });
    const file = join(dir, 'ladder.txt');
    writeFileSync(file, run(['show', 'LD1-N-AAAAAAB', '--layout']));
    const fromFile = JSON.parse(run(['solve', file, '--json'])) as LadderAnalysis;
    expect(fromFile).toMatchObject({ code: null, verdict: solved.verdict, minMoves: solved.minMoves, mostLaid: solved.mostLaid });

    const db = join(dir, 'ladder.sqlite');
    const summary = JSON.parse(run(['batch', `${codeOf(0)}..${codeOf(29)}`, file, '--db', db, '--workers', '2', '--json'])) as {
      analysed: number;
      failed: number;
      stored: { winnable: number; unwinnable: number };
    };
    expect(summary).toMatchObject({ analysed: 31, failed: 0 });

    const stats = JSON.parse(run(['stats', '--db', db, '--game', 'ladder', '--json'])) as {
      groups: Array<{
        game: string;
        deals: number;
        winnable: number;
        unwinnable: number;
        stuckFigure: string;
        stuck: Array<{ from: number }>;
      }>;
    };
    expect(stats.groups).toHaveLength(1);
    expect(stats.groups[0]).toMatchObject({ game: 'ladder', deals: 31, stuckFigure: 'mostLaid' });
    expect(stats.groups[0]!.winnable + stats.groups[0]!.unwinnable).toBe(31);
    expect(stats.groups[0]!.stuck.every((b) => b.from >= 0 && b.from < 8)).toBe(true);
    expect(run(['stats', '--db', db])).toContain('most cards laid on the foundation (mostLaid) in the unwinnable deals:');

    const looked = run(['lookup', 'LD1-N-AAAAAAB', '--db', db]);
    // The stored row reads back as the game's own description of the same analysis.
    expect(looked.split('\n')[0]).toBe(game.describe(solved, 'symbols').split('\n')[0]);
    expect(looked).toContain('by ladder 1');
    const exported = run(['export', '--db', db, '--format', 'jsonl', '--game', 'ladder'])
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { dealKey: string; stuckFigure: string; stuck: number; extra: { positions: number } });
    expect(exported).toHaveLength(31);
    const row = exported.find((r) => r.dealKey === 'LD1-N-AAAAAAB')!;
    expect(row).toMatchObject({ stuckFigure: 'mostLaid', stuck: solved.mostLaid, extra: { positions: solved.positions } });
  });

  it('declares a difficulty scale and a listed figure: its deals get tiers and fill a curated list', () => {
    const db = join(dir, 'ladder-lists.sqlite');
    run(['batch', `${codeOf(0)}..${codeOf(29)}`, '--db', db, '--workers', '2', '--json']);
    const list = (tier: string): string[] => {
      const args = ['curate', '--game', 'ladder', '--tier', tier, '--count', '30', '--scan', '0', '--order', 'code'];
      const r = cardsolve([...args, '--format', 'csv', '--db', db], { cwd: dir, env: ENV });
      expect(r.status, r.stderr).toBe(0);
      // Fewer than the 30 asked are found in a tier: said on standard error, as for any game.
      expect(r.stderr).toMatch(/^cardsolve: found \d+ of the 30 deals asked for \(the --scan limit, 0\)/);
      return r.stdout.trim().split('\n');
    };
    const tierOfMoves = (moves: number): string => (moves < 10 ? 'easy' : moves < 12 ? 'medium' : moves < 14 ? 'hard' : 'expert');
    let listed = 0;
    for (const tier of ['easy', 'medium', 'hard', 'expert']) {
      const [header, ...rows] = list(tier);
      // The common columns, then the built-in games' listed figures and Ladder's own.
      expect(header!.split(',').slice(0, 6)).toEqual(['code', 'verdict', 'tier', 'difficulty', 'minMoves', 'stuck']);
      const columns = header!.split(',');
      expect(columns).toContain('positions');
      for (const row of rows) {
        const cells = Object.fromEntries(row.split(',').map((v, i) => [columns[i]!, v]));
        const a = openDeal({ kind: 'code', code: cells.code! }).analyse(LIMITS) as LadderAnalysis;
        expect(cells).toMatchObject({ verdict: 'winnable', tier, difficulty: String(a.minMoves), positions: String(a.positions) });
        expect(tierOfMoves(a.minMoves!)).toBe(tier);
        listed++;
      }
    }
    // Every winnable deal of the batch is in the list of its tier.
    const winnable = Array.from({ length: 30 }, (_, n) => openDeal({ kind: 'code', code: codeOf(n) }).analyse(LIMITS)).filter(
      (a) => a.verdict === 'winnable',
    );
    expect(listed).toBe(winnable.length);
    expect(listed).toBeGreaterThan(0);
  });
});
