import { spawnSync } from 'node:child_process';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { BIN, cardsolve, ROOT } from '../support/cli.js';
import { missing } from '../support/programs.js';

const DRIVER = fileURLToPath(new URL('./pty-session.py', import.meta.url));

/** Runs `cardsolve play ...` on a pseudo-terminal (python3's pty), typing each line after the prompt. */
function session(args: string[], lines: string[]): { status: number | null; out: string } {
  const r = spawnSync('python3', [DRIVER, '> ', JSON.stringify(lines), process.execPath, BIN, 'play', ...args], {
    cwd: ROOT,
    encoding: 'utf8',
    timeout: 240_000,
  });
  expect(r.stderr).toBe('');
  return { status: r.status, out: r.stdout };
}

describe('cardsolve play on a terminal: the game', () => {
  it.skipIf(missing('python3'))(
    'plays moves, gives a hint, undoes, says at once when a move loses the game, ends with the app score and counter',
    () => {
      const { status, out } = session(['PY1-N-AAAAAAA'], ['J♦ + 2♦', 'hint', 'undo', 'J♦ + 2♠', 'K♠', 'quit']);
      expect(status).toBe(0);
      // The deal, drawn, and whether it can be won.
      expect(out).toMatch(/^PY1-N-AAAAAAA {2}Pyramide, rules app, after 0 moves\n/);
      expect(out).toMatch(/score: 0 {3}moves: 0 {3}in play\nThe game can still be won \(70 moves left at best\)\.\n/);
      // A good move, then the hint: every legal move judged, the best first.
      expect(out).toMatch(/> J♦ \+ 2♦\n[^>]*score: 20 {3}moves: 1 {3}in play\nThe game can still be won \(69 moves left at best\)\.\n/);
      expect(out).toMatch(
        /> hint\nPY1-N-AAAAAAA {2}app, after 1 move: winnable, 69 moves left at best\n {2}best: \S.*\n( {2}\S.*\s(optimal|winnable|losing)\s.*\n)+/,
      );
      // Undo: the position comes back, the app's counter does not go down.
      expect(out).toMatch(
        /> undo\n[^>]*score: 0 {3}moves: 0 {3}in play\nThe game can still be won \(70 moves left at best\)\. The app's move counter: 1 /,
      );
      // A losing move is named at once, with the most cards still removable.
      expect(out).toMatch(
        /> J♦ \+ 2♠\n[^>]*\nThat move lost the game: it could be won before it, and now at most \d+ of the 28 pyramid cards can be removed in all\./,
      );
      // An illegal move: the app's reason, the game goes on.
      expect(out).toMatch(/> K♠\nK♠: refused, K♠ is covered by another card\n/);
      expect(out).toMatch(/> quit\nScore 20, 2 moves \(as the app counts: an undo does not take a move back\)\.\n$/);
    },
  );

  it.skipIf(missing('python3'))('solve prints the rest of a best line, which wins when replayed', () => {
    const { status, out } = session(['PY1-N-AAAAAAI'], ['draw', 'solve', 'quit']);
    expect(status).toBe(0);
    const m = /> solve\n(\d+) moves: (.*)\n/.exec(out);
    expect(m).not.toBeNull();
    const rest = m![2]!.split('; ');
    expect(rest).toHaveLength(Number(m![1]));
    const r = cardsolve(['play', 'PY1-N-AAAAAAI', '--moves', ['draw', ...rest].join('; ')]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/score: 280 {3}moves: \d+ {3}won/);
  });

  it('without a terminal, play without --moves is refused as before (exit 2)', () => {
    const r = cardsolve(['play', 'PY1-N-AAAAAAA'], { input: '' });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/^cardsolve: required option '--moves <list>' not specified/);
  });
});
