/**
 * Hints, whatever the game: the result every game returns (`HintResult`, which is also the
 * `hint --json` object) with each game's own fields, the text for people, and the best line
 * built from hints. It looks games up through the registry, so it sits above them; the games
 * build their hints from `hintTypes.ts` and `position.ts`, which know no game.
 */
import type { CardStyle } from '../cards/notation.js';
import { InputError } from '../errors/inputError.js';
import type { Limits } from '../search/limits.js';
import type { DoubleHintResult, DoubleJudgedMove } from './double/hint.js';
import { ceilingText, dollarsText } from './double/vegasDollars.js';
import { type HintOptions, type HintResultBase, type JudgedMoveBase, notWinning } from './hintTypes.js';
import type { Position } from './position.js';
import type { PyramideHintResult, PyramideJudgedMove } from './pyramide/hintResult.js';
import { gameById } from './registry.js';
import type { GameId, MoveJson, OpenedDeal } from './types.js';

export type { HintOptions, MoveLabel, PositionStatus } from './hintTypes.js';

/** The fields a game adds to a common type, each optional: there when the hint is of that game. */
type OwnFields<T, Common> = Partial<Omit<T, keyof Common>>;

/**
 * One legal move judged, of any game: the common fields, and each game's own ones (its stuck
 * figure under its own name: `maxRemoved`, `maxFoundation`), there for that game.
 */
export interface JudgedMove
  extends JudgedMoveBase,
    OwnFields<PyramideJudgedMove, JudgedMoveBase>,
    OwnFields<DoubleJudgedMove, JudgedMoveBase> {}

/** The answer to `hint` for any game (`game` says which): the common fields, and each game's own ones. */
export interface HintResult
  extends Omit<HintResultBase, 'moves'>,
    OwnFields<PyramideHintResult, HintResultBase>,
    OwnFields<DoubleHintResult, HintResultBase> {
  moves: JudgedMove[];
}

// ---- text -----------------------------------------------------------------------------------

/** A JSON move of a game in the notation `play --moves` takes, cards in the asked style. */
export function moveText(game: GameId, m: MoveJson, style: CardStyle = 'symbols'): string {
  return gameById(game).moveText(m, style);
}

function plural(n: number, word: string): string {
  return `${n} ${word}${n === 1 ? '' : 's'}`;
}

/**
 * The game's stuck figure in a hint or a judged move: its own field (`StuckFigure.field`),
 * read by name since the game declares it (undefined when the game gives none).
 */
function stuckFigure(game: GameId, h: HintResultBase | JudgedMoveBase): unknown {
  return Reflect.get(h, gameById(game).stuck.field);
}

/** What is still reachable, in the game's own terms ("at most 20 of the 28 pyramid cards can be removed in all"). */
export function reachText(game: GameId, h: HintResultBase | JudgedMoveBase): string {
  const value = stuckFigure(game, h);
  if (typeof value !== 'number') return '';
  const stuck = gameById(game).stuck;
  // Double Solitaire's own figures: under Vegas what the cards pay, and a proven ceiling.
  const own = h as Pick<JudgedMove, 'dollarsAtLeast' | 'dollarsAtMost' | 'foundationAtMost'>;
  const text = `${h.stuckExact ? 'at most' : 'at least'} ${value} ${stuck.reach}${dollarsText(own.dollarsAtLeast)}`;
  return h.stuckExact ? text : text + ceilingText(own.foundationAtMost, own.dollarsAtMost, stuck.max);
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
    const figure = String(stuckFigure(h.game, h));
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

/**
 * The position after `moves` (the `play` notation) played from the deal through the game's
 * rules; an illegal move throws `InputError`, and so does a game that has no positions (and
 * so no hints).
 */
export function positionAfter(deal: OpenedDeal, moves: string): Position<HintResult> {
  if (deal.position === undefined) throw noHints(deal);
  const position: Position<HintResult> = deal.position();
  position.playLine(moves);
  return position;
}

/**
 * The hint for the position after `moves`; `InputError` for a game that has no hints, and
 * for a known line (`HintOptions.line`) the rules refuse or that does not win from there.
 */
export function hint(deal: OpenedDeal, moves: string, limits: Limits, options: HintOptions = {}): HintResult {
  const position = positionAfter(deal, moves);
  if (options.line !== undefined && options.line.trim() !== '') checkWinningLine(deal, moves, options.line);
  return position.hint(limits, options);
}

/** Refuses (`InputError`) a line that the rules refuse after `moves`, or that does not win the game. */
export function checkWinningLine(deal: OpenedDeal, moves: string, line: string): void {
  const end = positionAfter(deal, moves);
  try {
    end.playLine(line);
  } catch (e) {
    if (e instanceof InputError) throw new InputError(`line: ${e.message}`);
    throw e;
  }
  if (end.playStatus() !== 'won') throw new InputError(`line: ${notWinning(end.playStatus())}`);
}

/** A deal that can always be asked for a hint and a position (they throw `InputError` for a game without them). */
export interface HintedDeal extends OpenedDeal {
  /** The position after `moves` (the `play` notation) and every legal move judged; an illegal move throws `InputError`. */
  hint(moves: string, limits: Limits, options?: HintOptions): HintResult;
  position(): Position<HintResult>;
}

export function withHints(deal: OpenedDeal): HintedDeal {
  const own = deal.position?.bind(deal);
  const position = (): Position<HintResult> => {
    if (own === undefined) throw noHints(deal);
    return own();
  };
  const hinted = (moves: string, limits: Limits, options: HintOptions = {}): HintResult => hint(deal, moves, limits, options);
  return Object.assign(deal, { position, hint: hinted });
}

// ---- the best line from a position -------------------------------------------------------------

const MAX_LINE = 2000;

/**
 * The rest of a best line from the position after `moves`: the solver's own line when the
 * hint gives one, otherwise the best move of each position in turn until the game is won
 * (each step a hint with `limits`). Null when the position is not known to be winnable.
 */
export function bestLine(deal: OpenedDeal, moves: string, limits: Limits, options: HintOptions = {}): MoveJson[] | null {
  return bestLineFrom(positionAfter(deal, moves), limits, options);
}

/** `bestLine` from a position, which it leaves as it found it. */
export function bestLineFrom(position: Position, limits: Limits, options: HintOptions = {}): MoveJson[] | null {
  // The position alone first: enough when the solver gives its line (Double Solitaire).
  let h = position.hint(limits, { ...options, statusOnly: true });
  if (h.status === 'won') return [];
  if (h.status !== 'winnable') return null;
  if (h.line !== null) return h.line;
  const line: MoveJson[] = [];
  try {
    // A winnable position's best move leads to a winnable position one step closer (or won);
    // the cap guards against judges whose best move is not on a shortest win.
    while (h.status === 'winnable' && h.best !== null && line.length < MAX_LINE) {
      position.move(h.best);
      line.push(h.best);
      h = position.hint(limits, options);
    }
  } finally {
    for (let i = 0; i < line.length; i++) position.undo();
  }
  return h.status === 'won' ? line : null;
}
