/**
 * The deal routes of `cardsolve serve` (analysis, hint, play), through Fastify's inject: the
 * answers are what the command line prints, every line they give replays to the win through
 * the rules engine, and bad input is a 400 that says what is wrong.
 */
import { readFileSync } from 'node:fs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Analysis, Health, Hint, LineAnswer } from '../../src/contract/index.js';
import type { DoubleBoard, PlayResponse, PyramideBoard } from '../../src/core.js';
import { type MoveJson, openPosition } from '../../src/index.js';
import type { Server } from '../../src/serve/app.js';
import { ROOT } from '../support/cli.js';
import { ask, cliAsync, expectError, query, startServer, stopServer, TEST_MAX_TIME_MS, withoutTiming } from './helpers.js';

const EXAMPLE = readFileSync(`${ROOT}data/examples/pyramide-app-example.txt`, 'utf8');
const HINT_MOVES = 'J♦ + 2♦; draw';

/** Replays `moves` from the deal's start through the rules engine; the status reached. */
function replay(deal: string, moves: readonly MoveJson[]): string {
  const position = openPosition(deal);
  for (const move of moves) position.move(move);
  return position.playStatus();
}

describe('cardsolve serve: analysis, hint and play', () => {
  // The command line's answers first, side by side, before the server runs.
  let cliSolve: Analysis;
  let cliHint: Hint;
  let cliSolveFr: Analysis;
  let server: Server;

  beforeAll(async () => {
    const answers = await Promise.all([
      cliAsync(['solve', 'PY1-N-AAAAAAA', '--json']),
      cliAsync(['hint', 'PY1-N-AAAAAAA', '--moves', HINT_MOVES, '--json']),
      cliAsync(['solve', 'PY1-N-AAAAAAC', '--cards', 'fr', '--json']),
    ]);
    [cliSolve, cliHint, cliSolveFr] = answers.map((text) => JSON.parse(text)) as [Analysis, Hint, Analysis];
    // No database: the deal routes do not need one.
    server = await startServer('no-database-here.sqlite');
  });

  afterAll(async () => {
    await stopServer(server);
  });

  it('analysis, GET and POST: what solve --json prints (the time taken aside)', async () => {
    const get = await ask<Analysis>(server, '/api/v1/analysis?deal=PY1-N-AAAAAAA');
    expect(get.status, get.text).toBe(200);
    expect(withoutTiming(get.body)).toEqual(withoutTiming(cliSolve));
    const post = await ask<Analysis>(server, { method: 'POST', url: '/api/v1/analysis', payload: { deal: 'PY1-N-AAAAAAA' } });
    expect(post.status, post.text).toBe(200);
    expect(withoutTiming(post.body)).toEqual(withoutTiming(cliSolve));
    expect(cliSolve.verdict).toBe('winnable');
    expect(replay('PY1-N-AAAAAAA', get.body.solution!)).toBe('won');
  });

  it('hint, GET and POST: what hint --moves --json prints, and its line wins from there', async () => {
    const get = await ask<Hint>(server, `/api/v1/hint?${query({ deal: 'PY1-N-AAAAAAA', moves: HINT_MOVES })}`);
    expect(get.status, get.text).toBe(200);
    expect(withoutTiming(get.body)).toEqual(withoutTiming(cliHint));
    const post = await ask<Hint>(server, { method: 'POST', url: '/api/v1/hint', payload: { deal: 'PY1-N-AAAAAAA', moves: HINT_MOVES } });
    expect(post.status, post.text).toBe(200);
    expect(withoutTiming(post.body)).toEqual(withoutTiming(cliHint));
    expect(get.body.status).toBe('winnable');
    expect(replay('PY1-N-AAAAAAA', [...get.body.played, ...get.body.line!])).toBe('won');
  });

  it('cards=fr writes the cards in French, as --cards fr does', async () => {
    const analysis = await ask<Analysis>(server, '/api/v1/analysis?deal=PY1-N-AAAAAAC&cards=fr');
    expect(analysis.status, analysis.text).toBe(200);
    expect(withoutTiming(analysis.body)).toEqual(withoutTiming(cliSolveFr));
    // The hint in French: the same judgement as in symbols, the cards renamed.
    const hint = await ask<Hint>(server, `/api/v1/hint?${query({ deal: 'PY1-N-AAAAAAA', moves: HINT_MOVES, cards: 'fr' })}`);
    expect(hint.status, hint.text).toBe(200);
    const french: Record<string, string> = { J: 'V', Q: 'D', K: 'R' };
    const renamed = JSON.stringify(withoutTiming(cliHint)).replace(
      /"([JQK])([♦♣♥♠])/g,
      (_m, rank: string, suit: string) => `"${french[rank]}${suit}`,
    );
    expect(withoutTiming(hint.body)).toEqual(JSON.parse(renamed));
    // The French deck has V (valet), D (dame), R (roi) and no J, Q or K.
    expect(analysis.text).toMatch(/"[VDR]♦"|"[VDR]♣"|"[VDR]♥"|"[VDR]♠"/);
    expect(analysis.text).not.toMatch(/"[JQK][♦♣♥♠]"/);
    const play = await ask<PlayResponse>(server, '/api/v1/play?deal=PY1-N-AAAAAAA&cards=fr');
    expect((play.body.board as PyramideBoard).pyramid).toContain('R♠');
    expect(play.body.legalMoves.map((m) => m.text)).toContain('V♦ + 2♦');
  });

  it('a deal file’s text is a deal: its analysis as solve prints it for the file', async () => {
    const r = await ask<Analysis>(server, { method: 'POST', url: '/api/v1/analysis', payload: { deal: EXAMPLE } });
    expect(r.status, r.text).toBe(200);
    expect(r.body).toMatchObject({ code: null, game: 'pyramide', verdict: 'winnable' });
  });

  it('play (Pyramide): the board, and every legal move’s text played back through moves= is accepted', async () => {
    for (const cards of ['symbols', 'en', 'fr']) {
      const start = await ask<PlayResponse>(server, `/api/v1/play?deal=PY1-N-AAAAAAA&cards=${cards}`);
      expect(start.status, start.text).toBe(200);
      const board = start.body.board as PyramideBoard;
      expect(board.game).toBe('pyramide');
      expect(board.pyramid).toHaveLength(28);
      expect(board.pyramid.every((c) => typeof c === 'string')).toBe(true);
      expect(board.waste).toHaveLength(1);
      expect(board.stockCount).toBe(23);
      expect(start.body).toMatchObject({ played: [], playedText: '', counter: 0, status: 'in play', code: 'PY1-N-AAAAAAA' });
      expect(start.body.legalMoves.length).toBeGreaterThan(1);
      for (const legal of start.body.legalMoves) {
        const after = await ask<PlayResponse>(server, `/api/v1/play?${query({ deal: 'PY1-N-AAAAAAA', cards, moves: legal.text })}`);
        expect(after.status, `${legal.text}: ${after.text}`).toBe(200);
        expect(after.body.played).toEqual([legal.move]);
        expect(after.body.playedText).toBe(legal.text);
        expect(after.body.counter).toBe(1);
      }
    }
  });

  it('play (Double Solitaire): nine columns, face-down cards hidden unless reveal=true, and the moves’ texts read back', async () => {
    const hidden = await ask<PlayResponse>(server, '/api/v1/play?deal=DS1-D1N-AAAAAAB');
    expect(hidden.status, hidden.text).toBe(200);
    const board = hidden.body.board as DoubleBoard;
    expect(board.game).toBe('double');
    expect(board.columns).toHaveLength(9);
    expect(board.columns.map((c) => c.faceDown.length)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(board.columns.every((c) => c.faceDown.every((card) => card === null) && c.faceUp.length === 1)).toBe(true);
    expect(board.foundations).toEqual(Array(8).fill(null));
    // Two decks: 45 cards laid out, the rest in the stock.
    expect(board.stockCount + board.waste.length).toBe(104 - 45);
    const shown = await ask<PlayResponse>(server, '/api/v1/play?deal=DS1-D1N-AAAAAAB&reveal=true');
    const open = shown.body.board as DoubleBoard;
    expect(open.columns.map((c) => c.faceDown.length)).toEqual([0, 1, 2, 3, 4, 5, 6, 7, 8]);
    expect(open.columns.every((c) => c.faceDown.every((card) => typeof card === 'string'))).toBe(true);
    expect(open.columns.map((c) => c.faceUp)).toEqual(board.columns.map((c) => c.faceUp));
    const post = await ask<PlayResponse>(server, {
      method: 'POST',
      url: '/api/v1/play',
      payload: { deal: 'DS1-D1N-AAAAAAB', reveal: true },
    });
    expect(post.body).toEqual(shown.body);
    for (const legal of hidden.body.legalMoves) {
      const after = await ask<PlayResponse>(server, `/api/v1/play?${query({ deal: 'DS1-D1N-AAAAAAB', moves: legal.text })}`);
      expect(after.status, `${legal.text}: ${after.text}`).toBe(200);
      expect(after.body.played).toEqual([legal.move]);
    }
  });

  it('the analysis’s solution, played as the texts play offers, reaches the win through the play route', async () => {
    const analysis = await ask<Analysis>(server, '/api/v1/analysis?deal=PY1-N-AAAAAAA');
    const texts: string[] = [];
    for (const move of analysis.body.solution!) {
      const now = await ask<PlayResponse>(server, {
        method: 'POST',
        url: '/api/v1/play',
        payload: { deal: 'PY1-N-AAAAAAA', moves: texts.join('; ') },
      });
      expect(now.status, now.text).toBe(200);
      const legal = now.body.legalMoves.find((m) => JSON.stringify(m.move) === JSON.stringify(move));
      expect(legal, `${JSON.stringify(move)} after ${texts.length} moves`).toBeDefined();
      texts.push(legal!.text);
    }
    const end = await ask<PlayResponse>(server, {
      method: 'POST',
      url: '/api/v1/play',
      payload: { deal: 'PY1-N-AAAAAAA', moves: texts.join('; ') },
    });
    expect(end.body.status).toBe('won');
    expect(end.body.board.game === 'pyramide' && end.body.board.pyramid.every((c) => c === null)).toBe(true);
  });

  it('line: a solution played in one request gives each move’s text and every position, the last one won, the texts replaying through play', async () => {
    const analysis = await ask<Analysis>(server, '/api/v1/analysis?deal=DS1-D1N-AAAAAAB');
    expect(analysis.status, analysis.text).toBe(200);
    const solution = analysis.body.solution!;
    const line = await ask<LineAnswer>(server, {
      method: 'POST',
      url: '/api/v1/line',
      payload: { deal: 'DS1-D1N-AAAAAAB', line: solution },
    });
    expect(line.status, line.text.slice(0, 300)).toBe(200);
    expect(line.body.texts).toHaveLength(solution.length);
    expect(line.body.positions).toHaveLength(solution.length + 1);
    expect(line.body.positions.at(-1)!.status).toBe('won');
    // The texts are the play notation: played back, they reach the same position.
    const half = Math.floor(solution.length / 2);
    const replayed = await ask<PlayResponse>(server, {
      method: 'POST',
      url: '/api/v1/play',
      payload: { deal: 'DS1-D1N-AAAAAAB', moves: line.body.texts.slice(0, half).join('; ') },
    });
    expect(replayed.body.board).toEqual(line.body.positions[half]!.board);
    // A move the rules refuse names its place in the line.
    const bad = await ask(server, {
      method: 'POST',
      url: '/api/v1/line',
      payload: { deal: 'PY1-N-AAAAAAA', line: [{ move: 'king', card: 'K♠' }] },
    });
    expectError(bad, 400, /line move 1 .* refused: K♠ is covered/);
  });

  it('line: at most 1000 moves (400 past it) and 8 MB of answer (413 at the move that passes it)', async () => {
    // Draws and turn-overs only: always legal, and each position with its stock revealed is large.
    const cycle = (n: number): MoveJson[] =>
      Array.from({ length: n }, (_, k): MoveJson => (k % 60 === 59 ? { move: 'turn-over' } : { move: 'draw' }));
    const tooLong = await ask(server, { method: 'POST', url: '/api/v1/line', payload: { deal: 'DS1-D1N-AAAAAAB', line: cycle(1001) } });
    expectError(tooLong, 400, /line.*must NOT have more than 1000 items/);
    const bomb = await ask(server, {
      method: 'POST',
      url: '/api/v1/line',
      payload: { deal: 'DS1-D1N-AAAAAAB', line: cycle(1000), reveal: true },
    });
    expectError(
      bomb,
      413,
      /^the answer passes 8 MB at line move \d+ of 1000: at most 8 MB are sent; ask for a shorter line, or one without reveal$/,
    );
    // A line as long as a long solution fits.
    const fits = await ask<{ texts: string[] }>(server, {
      method: 'POST',
      url: '/api/v1/line',
      payload: { deal: 'DS1-D1N-AAAAAAB', line: cycle(400), reveal: true },
    });
    expect(fits.status, fits.text.slice(0, 200)).toBe(200);
    expect(fits.body.texts).toHaveLength(400);
    // A refused move among the moves before the line: the position before it, as every route answers.
    const refused = await ask<{ refused: { moveNumber: number; position: PlayResponse } }>(server, {
      method: 'POST',
      url: '/api/v1/line',
      payload: { deal: 'PY1-N-AAAAAAA', moves: 'J♦ + 2♦; K♠', line: [] },
    });
    expectError(refused, 400, /move 2 \(K♠\) refused/);
    expect(refused.body.refused.moveNumber).toBe(2);
    expect(refused.body.refused.position.counter).toBe(1);
  });

  it('an unwinnable deal’s stuck line replays and removes the most pyramid cards the analysis names', async () => {
    const analysis = await ask<Analysis & { stuckLine: MoveJson[] | null; maxRemoved: number }>(
      server,
      '/api/v1/analysis?deal=PY1-N-AAAAAAZ',
    );
    expect(analysis.status, analysis.text).toBe(200);
    expect(analysis.body.verdict).toBe('unwinnable');
    expect(analysis.body.stuckLine).not.toBeNull();
    const position = openPosition('PY1-N-AAAAAAZ');
    for (const move of analysis.body.stuckLine!) position.move(move);
    const board = position.board() as unknown as PyramideBoard;
    expect(board.pyramid.filter((c) => c === null)).toHaveLength(analysis.body.maxRemoved);
  });

  it('a Double Solitaire hint’s line replays to the win through the rules engine', async () => {
    const hint = await ask<Hint>(server, `/api/v1/hint?${query({ deal: 'DS1-D1N-AAAAAAA', moves: 'draw' })}`);
    expect(hint.status, hint.text).toBe(200);
    expect(hint.body.played).toEqual([{ move: 'draw' }]);
    if (hint.body.status === 'winnable') expect(replay('DS1-D1N-AAAAAAA', [...hint.body.played, ...hint.body.line!])).toBe('won');
    else expect(hint.body.status).toBe('unknown');
  });

  it('a move the rules refuse: 400 with its number, the reason and the position before it', async () => {
    const r = await ask<{ error: string; refused: { moveNumber: number; reason: string; position: PlayResponse } }>(
      server,
      `/api/v1/play?${query({ deal: 'PY1-N-AAAAAAA', moves: 'draw; K♠' })}`,
    );
    expectError(r, 400, /move 2 \(K♠\) refused/);
    expect(r.body.refused.moveNumber).toBe(2);
    expect(r.body.refused.reason).toMatch(/K♠ is covered/);
    expect(r.body.refused.position).toMatchObject({ code: 'PY1-N-AAAAAAA', played: [{ move: 'draw' }], playedText: 'draw', counter: 1 });
    expect((r.body.refused.position.board as PyramideBoard).pyramid).toHaveLength(28);
    // The hint and the analysis refuse it the same way.
    const hint = await ask(server, { method: 'POST', url: '/api/v1/hint', payload: { deal: 'PY1-N-AAAAAAA', moves: 'draw; K♠' } });
    expectError(hint, 400, /move 2 \(K♠\) refused/);
  });

  it('bad deals: a malformed code, a deal file with a card twice, an unknown game, no deal', async () => {
    expectError(
      await ask(server, '/api/v1/analysis?deal=PY1-N-AAAAAAZZ'),
      400,
      /"AAAAAAZZ" is not a deal number, expected exactly 7 letters/,
    );
    expectError(await ask(server, '/api/v1/hint?deal=ZZ1-N-AAAAAAA'), 400, /unknown game "ZZ1"/);
    const twice = EXAMPLE.replace('row 1: J♦', 'row 1: 7♦');
    for (const route of ['analysis', 'hint', 'play']) {
      const r = await ask(server, { method: 'POST', url: `/api/v1/${route}`, payload: { deal: twice } });
      expectError(r, 400, /7♦ appears twice/);
    }
    expectError(await ask(server, '/api/v1/play'), 400, /deal/);
    expectError(await ask(server, { method: 'POST', url: '/api/v1/play', payload: {} }), 400, /deal/);
    expectError(
      await ask(server, { method: 'POST', url: '/api/v1/play', payload: 'not json', headers: { 'content-type': 'application/json' } }),
      400,
      /JSON/,
    );
  });

  it('bad moves and switches: a move that is not one, optimize for Pyramide, a rule set of another game', async () => {
    expectError(await ask(server, `/api/v1/play?${query({ deal: 'PY1-N-AAAAAAA', moves: 'draw; xx' })}`), 400, /"xx" is not a move/);
    expectError(await ask(server, '/api/v1/analysis?deal=PY1-N-AAAAAAA&optimize=true'), 400, /optimize.*not an option of Pyramide/);
    expectError(await ask(server, '/api/v1/play?deal=PY1-N-AAAAAAA&rules=D1N'), 400, /"D1N" is not a Pyramide rule set/);
    expectError(await ask(server, '/api/v1/play?deal=PY1-N-AAAAAAA&cards=de'), 400, /cards/);
  });

  it('timeLimit: above the server’s limit, or not a duration, is a 400', async () => {
    expectError(
      await ask(server, '/api/v1/analysis?deal=PY1-N-AAAAAAA&timeLimit=5m'),
      400,
      new RegExp(`timeLimit 5m is above this server's limit.*${TEST_MAX_TIME_MS}ms`),
    );
    expectError(await ask(server, '/api/v1/hint?deal=PY1-N-AAAAAAA&timeLimit=none'), 400, /above this server's limit/);
    expectError(await ask(server, '/api/v1/hint?deal=PY1-N-AAAAAAA&timeLimit=soon'), 400, /"soon" is not a duration/);
  });

  it('an unknown query parameter is a 400 that names it', async () => {
    const r = await ask(server, '/api/v1/play?deal=PY1-N-AAAAAAA&colour=red');
    expectError(r, 400, /additional properties|unknown/i);
    // The message must say which parameter is wrong.
    expect((r.body as { error: string }).error).toContain('colour');
  });

  it('the same hint asked twice: the second comes from the cache', async () => {
    const url = `/api/v1/hint?${query({ deal: 'PY1-N-AAAAAAE', moves: 'draw; draw' })}`;
    const first = await ask<Hint>(server, url);
    expect(first.status, first.text).toBe(200);
    const before = (await ask<Health>(server, '/api/v1/health')).body.cache.hits;
    const second = await ask<Hint>(server, url);
    expect(second.status).toBe(200);
    const after = (await ask<Health>(server, '/api/v1/health')).body.cache;
    expect(after.hits).toBe(before + 1);
    expect(after.entries).toBeGreaterThan(0);
    // The very same answer, its time included.
    expect(second.body).toEqual(first.body);
  });
});
