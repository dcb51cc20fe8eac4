/**
 * Hints, whatever the game: the position after some moves, its status, and every legal move
 * judged by the solver. This file holds the result every game returns (`HintResult`, which is
 * also the `hint --json` object), the text for people, and the best line built from hints.
 */
import type { CardStyle } from '../cards/notation.js';
import { InputError } from '../errors/inputError.js';
import type { Limits } from '../search/limits.js';
import { gameById } from './registry.js';
import type { AnalyseOptions, GameId, MoveJson, OpenedDeal } from './types.js';

/** The position: won already, still winnable, lost (no line wins), no legal move at all, or not decided. */
export type PositionStatus = 'won' | 'winnable' | 'lost' | 'dead end' | 'unknown';

/**
 * A move's label. Pyramide: `optimal` (on a shortest win), `winnable` (wins, but longer),
 * `losing`. Double Solitaire: `winning` (a win is known after it), `losing` (proven),
 * `unknown` (a limit stopped the search).
 */
export type MoveLabel = 'optimal' | 'winnable' | 'winning' | 'losing' | 'unknown';

export interface HintOptions extends AnalyseOptions {
  /**
   * The position's status (and a best line when the solver gives one) without judging each
   * move: what the interactive game asks after every move. Cheaper for Double Solitaire.
   */
  statusOnly?: boolean;
}

/** One legal move and what the solver says about the position after it. */
export interface JudgedMove {
  /** The move in the JSON form of `solution`. */
  move: MoveJson;
  label: MoveLabel;
  /** Whether a line wins after this move: true, false, or null when not known (a move can be known to win while its label stays `unknown`, its count of moves stopped by a limit). */
  wins: boolean | null;
  /** Moves still needed to win after this one (the fewest for Pyramide; the shortest line found for Double Solitaire). */
  movesLeft: number | null;
  /** Whether `movesLeft` is proven to be the fewest. */
  movesLeftProved: boolean;
  /** How many moves longer than the best move's win (Pyramide `winnable`). */
  extraMoves: number | null;
  /**
   * The game's stuck figure after this move, under the game's own field name (`maxRemoved`,
   * `maxFoundation`): how far any line going on from it gets.
   */
  [stuckFigure: string]: unknown;
  /** Whether the stuck figure is exact (false: a lower bound). */
  stuckExact: boolean;
  /** Pyramide: whether a line going on from this move can end in the app's "no more moves". */
  deadEndReachable?: boolean | null;
  /** The limit that stopped this move's search, or null. */
  limit: string | null;
}

/** The answer to `hint`: the position, its status and every legal move, best first. */
export interface HintResult {
  code: string | null;
  fingerprint: string;
  game: GameId;
  rules: string;
  /** The moves replayed from the deal to reach the position. */
  played: MoveJson[];
  /** The position, as `play --json` gives it. */
  position: Record<string, unknown>;
  /** Its score and move counter as the app counts them (`1220` or `$416` for Double Solitaire Vegas). */
  score: string;
  counter: number;
  status: PositionStatus;
  /** Moves still needed to win from the position, when a win is known. */
  movesLeft: number | null;
  movesLeftProved: boolean;
  /** The game's stuck figure from here, under its own field name (`maxRemoved`, `maxFoundation`). */
  [stuckFigure: string]: unknown;
  stuckExact: boolean;
  /** The best move (the first of `moves`), or null when there is no legal move. */
  best: MoveJson | null;
  /** In a winnable position, the moves after which it can no longer be won (empty otherwise). */
  crossroads: MoveJson[];
  /** Every legal move, best first (empty with `statusOnly`). */
  moves: JudgedMove[];
  /**
   * The rest of a best line from the position, the best move first, when the solver gives
   * one: a win (Pyramide: an optimal one), or where none is known, the furthest line found
   * (to the stuck figure; to its exact value when `stuckExact` says so).
   */
  line: MoveJson[] | null;
  nodes: number;
  ms: number;
  /** The limit that stopped a search, when a figure is unknown. */
  limit: string | null;
  notes: string[];
}

// ---- text -----------------------------------------------------------------------------------

/** A JSON move of a game in the notation `play --moves` takes, cards in the asked style. */
export function moveText(game: GameId, m: MoveJson, style: CardStyle = 'symbols'): string {
  return gameById(game).moveText(m, style);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/** What is still reachable, in the game's own terms ("at most 20 of the 28 pyramid cards can be removed in all"). */
export function reachText(game: GameId, h: { [figure: string]: unknown; stuckExact: boolean }): string {
  const stuck = gameById(game).stuck;
  const value = h[stuck.field];
  return typeof value === 'number' ? `${h.stuckExact ? 'at most' : 'at least'} ${value} ${stuck.reach}` : '';
}

function statusText(h: HintResult): string {
  switch (h.status) {
    case 'won':
      return 'won';
    case 'winnable':
      return h.movesLeft === null
        ? 'winnable'
        : `winnable, ${plural(h.movesLeft, 'move')} left ${h.movesLeftProved ? 'at best' : 'on the shortest line found (not proven minimal)'}`;
    case 'lost': {
      const reach = reachText(h.game, h);
      return `lost: no line wins any more${reach ? `; ${reach}` : ''}`;
    }
    case 'dead end':
      return 'dead end: no legal move';
    case 'unknown': {
      const reach = reachText(h.game, h);
      return `unknown${h.limit ? ` (stopped by ${h.limit})` : ''}${reach ? `; ${reach}` : ''}`;
    }
  }
}

function judgementText(game: GameId, j: JudgedMove): string {
  switch (j.label) {
    case 'optimal':
      return `on a shortest win, ${plural(j.movesLeft ?? 0, 'move')} left after it`;
    case 'winnable':
      if (j.extraMoves === null) return 'still wins';
      return `still wins, ${plural(j.extraMoves, 'move')} longer than the best${j.movesLeft !== null ? ` (${plural(j.movesLeft, 'move')} left after it)` : ''}`;
    case 'winning':
      return `a win is known after it: ${plural(j.movesLeft ?? 0, 'more move')}${j.movesLeftProved ? ' (proven minimal)' : ''}`;
    case 'losing': {
      const parts = ['no win after it'];
      const reach = reachText(game, j);
      if (reach) parts.push(reach);
      if (j.deadEndReachable === true) parts.push('can end in "no more moves"');
      return parts.join('; ');
    }
    case 'unknown':
      if (j.wins === true && j.movesLeft !== null) {
        return `still wins, ${plural(j.movesLeft, 'move')} left after it; not compared with every other move (stopped by ${j.limit ?? 'a limit'})`;
      }
      if (j.wins === true) return `still wins; how many moves was not counted (stopped by ${j.limit ?? 'a limit'})`;
      return `not decided (stopped by ${j.limit ?? 'a limit'})${reachText(game, j) ? `; ${reachText(game, j)}` : ''}`;
  }
}

/** The hint for people: the position's status, every move with its label, the crossroads, the notes. */
export function describeHint(h: HintResult, style: CardStyle = 'symbols'): string {
  const who = h.code ?? `deal ${h.fingerprint}`;
  const lines = [`${who}  ${h.rules}, after ${plural(h.played.length, 'move')}: ${statusText(h)}`];
  if (h.best !== null && h.moves.length > 0) lines.push(`  best: ${moveText(h.game, h.best, style)}`);
  const texts = h.moves.map((j) => moveText(h.game, j.move, style));
  const width = Math.max(0, ...texts.map((t) => [...t].length));
  const labelWidth = Math.max(0, ...h.moves.map((j) => j.label.length));
  h.moves.forEach((j, i) => {
    lines.push(
      `  ${texts[i]!.padEnd(width + texts[i]!.length - [...texts[i]!].length)}  ${j.label.padEnd(labelWidth)}  ${judgementText(h.game, j)}`,
    );
  });
  if (h.line !== null && h.line.length > 0 && h.status !== 'winnable') {
    const stuck = gameById(h.game).stuck;
    const figure = String(h[stuck.field]);
    // An exact figure: the line reaches the most there is; otherwise the most found so far.
    const title = h.stuckExact
      ? `a line to the ${figure} cards (${plural(h.line.length, 'move')})`
      : `furthest line found (${figure} ${stuck.reach})`;
    lines.push(`  ${title}: ${h.line.map((m) => moveText(h.game, m, style)).join('; ')}`);
  }
  if (h.crossroads.length > 0) {
    lines.push(
      `  crossroads: after ${h.crossroads.map((m) => moveText(h.game, m, style)).join(', or after ')} the game can no longer be won`,
    );
  }
  lines.push(`  ${h.nodes.toLocaleString('en-US')} nodes, ${h.ms} ms`);
  for (const note of h.notes) lines.push(`  note: ${note}`);
  return lines.join('\n');
}

// ---- asking for hints -------------------------------------------------------------------------

function noHints(deal: OpenedDeal): InputError {
  return new InputError(`hints are not available for ${deal.game} deals yet`);
}

/** The hint for the position after `moves`; `InputError` for a game that has no hints. */
export function hint(deal: OpenedDeal, moves: string, limits: Limits, options: HintOptions = {}): HintResult {
  if (deal.hint === undefined) throw noHints(deal);
  return deal.hint(moves, limits, options);
}

/** A deal whose `hint` can always be called (it throws `InputError` for a game without hints). */
export type HintedDeal = OpenedDeal & Required<Pick<OpenedDeal, 'hint'>>;

export function withHints(deal: OpenedDeal): HintedDeal {
  deal.hint ??= () => {
    throw noHints(deal);
  };
  return deal as HintedDeal;
}

// ---- the best line from a position -------------------------------------------------------------

const MAX_LINE = 2000;

/**
 * The rest of a best line from the position after `moves`: the solver's own line when the
 * hint gives one, otherwise the best move of each position in turn until the game is won
 * (each step a hint with `limits`). Null when the position is not known to be winnable.
 */
export function bestLine(deal: OpenedDeal, moves: string, limits: Limits, options: HintOptions = {}): MoveJson[] | null {
  // The position alone first: enough when the solver gives its line (Double Solitaire).
  let h = hint(deal, moves, limits, { ...options, statusOnly: true });
  if (h.status === 'won') return [];
  if (h.status !== 'winnable') return null;
  if (h.line !== null) return h.line;
  const line: MoveJson[] = [];
  let played = moves;
  // A winnable position's best move leads to a winnable position one step closer (or won);
  // the cap guards against judges whose best move is not on a shortest win.
  while (h.status === 'winnable' && h.best !== null && line.length < MAX_LINE) {
    line.push(h.best);
    played = `${played.trim() === '' ? '' : `${played}; `}${moveText(deal.game, h.best)}`;
    h = hint(deal, played, limits, options);
  }
  return h.status === 'won' ? line : null;
}
