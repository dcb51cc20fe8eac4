/**
 * The play view's state, one reducer, and each game's adapter: what a click on a card or a
 * slot plays, the stuck figure a warning gives, the warnings themselves. Run in Node on the
 * page's source, with the positions and hints the core gives for two deals.
 */
import { beforeAll, describe, expect, it } from 'vitest';
import {
  DEFAULT_LIMITS,
  type DoubleBoard,
  type HintResult,
  type LegalMove,
  openDeal,
  type PlayResponse,
  playResponseJson,
} from '../../src/core.js';

interface Picked {
  card: string;
  place: string;
}
type Click = { move: LegalMove } | { picked: readonly Picked[] };
/** The page reads the hints as JSON: the fields the tests read. */
type Hint = HintResult & { game: string };
interface Warning {
  moves: string;
  move: LegalMove['move'];
  most: number | null;
}
interface Adapter {
  id: string;
  stuck(figures: object): number | null;
  movesFrom(place: string, move: LegalMove['move'] | null): boolean;
  pickCard(picked: readonly Picked[], card: string, place: string, board: PlayResponse['board'], legal: readonly LegalMove[]): Click;
  pickTarget?(picked: readonly Picked[], place: string, board: PlayResponse['board'], legal: readonly LegalMove[]): Click;
  quickMove?(card: string, place: string, legal: readonly LegalMove[]): LegalMove | undefined;
}
interface State {
  position: PlayResponse | null;
  refused: { moveNumber: number; reason: string; code: string } | null;
  error: string | null;
  hintError: string | null;
  showHint: string | null;
  picked: readonly Picked[];
}
type Action = { type: string } & Record<string, unknown>;
interface StateModule {
  START: State;
  playReducer(state: State, action: Action): State;
  hintFor(state: State, moves: string): Hint | null;
  bestShown(state: State, moves: string): LegalMove['move'] | null;
  warningFor(state: State, moves: string): Warning | null;
  movesShown(state: State, asked: string): string;
  losingMove(hint: Hint | null, legal: LegalMove, next: string, game: Adapter): Warning | null;
  threwWin(before: Hint, after: Hint, moves: string, move: LegalMove['move'], game: Adapter): Warning | null;
}
interface GamesModule {
  ADAPTERS: readonly Adapter[];
  adapterOf(id: string | undefined): Adapter;
}

// The page's source itself (not the build the other tests read from dist/).
const source = async <T>(path: string): Promise<T> => (await import(new URL(`../../src/web/${path}`, import.meta.url).href)) as T;

const PYRAMIDE = 'PY1-N-AAAAAAA';
const DOUBLE = 'DS1-D1N-AAAAAAB';

function positionAt(code: string, moves: string): PlayResponse {
  const position = openDeal(code).position();
  position.playLine(moves, 'symbols');
  return JSON.parse(playResponseJson(position, 'symbols', false)) as PlayResponse;
}

function hintAt(code: string, moves: string): Hint {
  return JSON.parse(JSON.stringify(openDeal(code).hint(moves, DEFAULT_LIMITS))) as Hint;
}

function legal(position: PlayResponse, text: string): LegalMove {
  const found = position.legalMoves.find((m) => m.text === text);
  if (!found) throw new Error(`${text}: not legal in ${position.playedText}`);
  return found;
}

let play: StateModule;
let games: GamesModule;

beforeAll(async () => {
  play = await source<StateModule>('play/state.ts');
  games = await source<GamesModule>('games/index.ts');
});

describe('the play view state', () => {
  it('keeps the position shown while the next loads, and forgets the refusal, the failure and the cards picked', () => {
    const position = positionAt(PYRAMIDE, '');
    let state = play.playReducer(play.START, { type: 'loaded', position });
    state = play.playReducer(state, { type: 'failed', error: 'no answer' });
    state = play.playReducer(state, { type: 'pick', picked: [{ card: 'J♦', place: 'pyramid' }] });
    expect(state.picked).toHaveLength(1);
    state = play.playReducer(state, { type: 'load' });
    expect(state).toMatchObject({ position, error: null, refused: null, picked: [] });
    expect(play.movesShown(state, 'J♦ + 2♦')).toBe(position.playedText);
    expect(play.movesShown(play.START, 'J♦ + 2♦')).toBe('J♦ + 2♦');
  });

  it('a refused move shows the position before it, with the refusal', () => {
    const before = positionAt(PYRAMIDE, '');
    const state = play.playReducer(play.START, {
      type: 'refused',
      refused: { moveNumber: 1, reason: 'covered', code: 'covered', position: before },
    });
    expect(state.position).toBe(before);
    expect(state.refused).toEqual({ moveNumber: 1, reason: 'covered', code: 'covered' });
  });

  it('a judgement and the best move count only for the moves they were given for', () => {
    const hint = hintAt(PYRAMIDE, '');
    let state = play.playReducer(play.START, { type: 'judged', moves: '', hint });
    expect(play.hintFor(state, '')).toBe(hint);
    expect(play.hintFor(state, 'draw')).toBeNull();
    // The best move only once asked for.
    expect(play.bestShown(state, '')).toBeNull();
    state = play.playReducer(state, { type: 'showHint', moves: '' });
    expect(play.bestShown(state, '')).toEqual(hint.best);
    expect(play.bestShown(state, 'draw')).toBeNull();
    state = play.playReducer(state, { type: 'pick', picked: [{ card: 'J♦', place: 'pyramid' }] });
    state = play.playReducer(state, { type: 'play' });
    expect(state.showHint).toBeNull();
    expect(state.picked).toEqual([]);
    expect(play.hintFor(state, '')).toBe(hint);
  });

  it('a failed judgement is said until the next is asked for', () => {
    let state = play.playReducer(play.START, { type: 'judgingFailed', error: 'busy' });
    expect(state.hintError).toBe('busy');
    state = play.playReducer(state, { type: 'judging' });
    expect(state.hintError).toBeNull();
  });
});

describe('the warning of a move that throws a win away', () => {
  // At the start of PY1-N-AAAAAAA, J♦ + 2♦ still wins and J♦ + 2♠ loses: at most 16 cards come off after it.
  it('is given at once from the judgement before the move, with the most cards still in reach', () => {
    const start = positionAt(PYRAMIDE, '');
    const hint = hintAt(PYRAMIDE, '');
    const pyramide = games.adapterOf('pyramide');
    const warning = play.losingMove(hint, legal(start, 'J♦ + 2♠'), 'J♦ + 2♠', pyramide);
    const judged = hint.moves.find((m) => m.label === 'losing')!;
    expect(warning).toEqual({ moves: 'J♦ + 2♠', move: legal(start, 'J♦ + 2♠').move, most: judged.maxRemoved });
    expect(warning?.most).toBeGreaterThan(0);
    expect(play.losingMove(hint, legal(start, 'J♦ + 2♦'), 'J♦ + 2♦', pyramide)).toBeNull();
    expect(play.losingMove(null, legal(start, 'J♦ + 2♠'), 'J♦ + 2♠', pyramide)).toBeNull();
  });

  it('is given after the move from the judgements before and after it, and only when the game was winnable', () => {
    const before = hintAt(PYRAMIDE, '');
    const after = hintAt(PYRAMIDE, 'J♦ + 2♠');
    expect(after.status).toBe('lost');
    const move = legal(positionAt(PYRAMIDE, ''), 'J♦ + 2♠').move;
    const pyramide = games.adapterOf('pyramide');
    expect(play.threwWin(before, after, 'J♦ + 2♠', move, pyramide)).toEqual({
      moves: 'J♦ + 2♠',
      move,
      most: (after as Hint & { maxRemoved: number }).maxRemoved,
    });
    // From a lost position on, no move throws a win away.
    expect(play.threwWin(after, after, 'J♦ + 2♠', move, pyramide)).toBeNull();
    expect(play.threwWin(before, before, '', move, pyramide)).toBeNull();
  });

  it('reads each game’s own stuck figure', () => {
    const pyramide = games.adapterOf('pyramide');
    const double = games.adapterOf('double');
    const py = hintAt(PYRAMIDE, '');
    const ds = hintAt(DOUBLE, '');
    expect(pyramide.stuck(py)).toBe((py as Hint & { maxRemoved: number }).maxRemoved);
    expect(double.stuck(ds)).toBe((ds as Hint & { maxFoundation: number }).maxFoundation);
    // Each reads its own field only.
    expect(pyramide.stuck(ds)).toBeNull();
    expect(double.stuck(py)).toBeNull();
  });
});

describe('the games’ adapters', () => {
  it('one adapter a game, by its id; a game the page does not draw is drawn as the first', () => {
    expect(games.ADAPTERS.map((a) => a.id)).toEqual(['pyramide', 'double']);
    expect(games.adapterOf('double').id).toBe('double');
    expect(games.adapterOf(undefined).id).toBe('pyramide');
  });

  it('Pyramide: the two cards of a pair play it, in either order; two that make no move leave the last picked', () => {
    const pyramide = games.adapterOf('pyramide');
    const start = positionAt(PYRAMIDE, '');
    const first = pyramide.pickCard([], '2♦', 'waste', start.board, start.legalMoves);
    expect(first).toEqual({ picked: [{ card: '2♦', place: 'waste' }] });
    const pair = pyramide.pickCard([{ card: '2♦', place: 'waste' }], 'J♦', 'pyramid', start.board, start.legalMoves);
    expect(pair).toEqual({ move: legal(start, 'J♦ + 2♦') });
    // A second click on a card puts it down.
    expect(pyramide.pickCard([{ card: 'J♦', place: 'pyramid' }], 'J♦', 'pyramid', start.board, start.legalMoves)).toEqual({ picked: [] });
    const none = pyramide.pickCard([{ card: 'A♥', place: 'pyramid' }], 'J♦', 'pyramid', start.board, start.legalMoves);
    expect(none).toEqual({ picked: [{ card: 'J♦', place: 'pyramid' }] });
    expect(pyramide.pickTarget).toBeUndefined();
    expect(pyramide.quickMove).toBeUndefined();
  });

  it('Double Solitaire: a card, then its column; a foundation’s top card picked by a click on the foundation; a double click sends a card home', () => {
    const double = games.adapterOf('double');
    const start = positionAt(DOUBLE, '');
    const picked = double.pickCard([], '9♦', 'column 3', start.board, start.legalMoves);
    expect(picked).toEqual({ picked: [{ card: '9♦', place: 'column 3' }] });
    const onto = double.pickTarget!([{ card: '9♦', place: 'column 3' }], 'column 2', start.board, start.legalMoves);
    expect(onto).toEqual({ move: legal(start, '9♦ c3-c2') });
    // A card in the target column does as well as the column itself.
    const column2 = start.board as DoubleBoard;
    const top = column2.columns[1]!.faceUp.at(-1)!;
    expect(double.pickCard([{ card: '9♦', place: 'column 3' }], top, 'column 2', start.board, start.legalMoves)).toEqual(onto);
    // No move there: the pick is dropped.
    expect(double.pickTarget!([{ card: '9♦', place: 'column 3' }], 'column 1', start.board, start.legalMoves)).toEqual({ picked: [] });
    expect(double.quickMove!('9♦', 'column 3', start.legalMoves)).toBeUndefined();

    // Along the best line to the first move to a foundation, then after it.
    let moves: string[] = [];
    let position = start;
    for (let i = 0; i < 200 && !position.legalMoves.some((m) => m.move.to === 'foundation'); i++) {
      const best = hintAt(DOUBLE, moves.join('; ')).best!;
      moves = [...moves, position.legalMoves.find((m) => JSON.stringify(m.move) === JSON.stringify(best))!.text];
      position = positionAt(DOUBLE, moves.join('; '));
    }
    const home = position.legalMoves.find((m) => m.move.to === 'foundation')!;
    expect(double.quickMove!(home.move.card as string, home.move.from as string, position.legalMoves)).toEqual(home);
    const after = positionAt(DOUBLE, [...moves, home.text].join('; '));
    const board = after.board as DoubleBoard;
    const slot = board.foundations.indexOf(home.move.card as string);
    const place = `foundation ${slot + 1}`;
    expect(double.pickTarget!([], place, after.board, after.legalMoves)).toEqual({ picked: [{ card: home.move.card, place }] });
    expect(double.movesFrom(place, { move: 'cards', from: 'foundation' })).toBe(true);
    expect(double.movesFrom('column 1', { move: 'cards', from: 'column 2' })).toBe(false);
  });
});
