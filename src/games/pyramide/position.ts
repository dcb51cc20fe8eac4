/**
 * A Pyramide deal being played (`Position`): moves made and taken back through the rules
 * engine, which alone decides what is legal; hints judge the position as it stands.
 */
import { type CardStyle, formatCard } from '../../cards/notation.js';
import { InputError } from '../../errors/inputError.js';
import type { Limits } from '../../search/limits.js';
import type { MoveJson } from '../moveJson.js';
import { type BoardJson, type OutcomeOptions, type PlayOutcome, type Position, RefusedMoveError } from '../position.js';
import type { PyramideDeal } from './deal.js';
import { IllegalMoveError, PyramideGame, type PyramideMove } from './engine.js';
import { hintPyramideAt } from './hint.js';
import { hintFromJudgement, type PyramideHintResult, type PyramidePositionHead, type PyramidePositionJson } from './hintResult.js';
import { PYRAMID_SIZE } from './layout.js';
import { formatMove, moveToJson, parseMove, parseMoveList } from './notation.js';
import { drawPosition } from './render.js';
import type { PyramideRules } from './rules.js';
import { type PyramideContext, THREAD_CONTEXT } from './solver/context.js';

/** The Pyramide board as the app lays it out (`board()`). */
export interface PyramideBoard extends BoardJson {
  game: 'pyramide';
  /** The 28 pyramid places, row by row from the top; null where the card is removed. */
  pyramid: (string | null)[];
  /** The waste, bottom first. */
  waste: string[];
  stockCount: number;
  /** The stock's top card when the rules show it face up. */
  stockTop: string | null;
  /** How many more times the waste may be turned over; null when unlimited. */
  turnsLeft: number | null;
}

/** A JSON move (`moveToJson`) back as an engine move. */
function moveOfJson(m: MoveJson): PyramideMove {
  if (m.move === 'king' && typeof m.card === 'string') return parseMove(m.card);
  if (m.move === 'pair' && Array.isArray(m.cards)) return parseMove(m.cards.join(' + '));
  if (m.move === 'draw' || m.move === 'turn-over') return parseMove(m.move);
  throw new InputError(`${JSON.stringify(m)} is not a Pyramide move: expected king, pair, draw or turn-over`);
}

export class PyramideGamePosition implements Position<PyramideHintResult> {
  readonly game = 'pyramide' as const;
  private readonly engine: PyramideGame;
  /** The moves played, as the engine took them. */
  private readonly played: PyramideMove[] = [];

  constructor(
    deal: PyramideDeal,
    rulesSet: PyramideRules,
    readonly code: string | null,
    readonly fingerprint: string,
    /** The rule set's name (`app`, `msc`, ...). */
    readonly rules: string,
    /** What the hint's searches keep between calls (see context.ts). */
    private readonly context: PyramideContext = THREAD_CONTEXT,
  ) {
    this.engine = new PyramideGame(deal, rulesSet);
  }

  moves(): MoveJson[] {
    return this.engine.moves().map(moveToJson);
  }

  move(move: string | MoveJson, style: CardStyle = 'symbols'): MoveJson {
    const m = typeof move === 'string' ? parseMove(move) : moveOfJson(move);
    this.play(m, style);
    return moveToJson(m);
  }

  /** The whole list is read before any move is played: a typing error anywhere refuses it all. */
  playLine(moves: string, style: CardStyle = 'symbols'): void {
    for (const m of parseMoveList(moves)) this.play(m, style);
  }

  private play(move: PyramideMove, style: CardStyle): void {
    try {
      this.engine.move(move);
    } catch (e) {
      if (!(e instanceof IllegalMoveError)) throw e;
      // The engine's message writes cards in symbols: the same reason in the style asked.
      const why = this.engine.refusalOf(move, style) ?? { code: 'not-a-move' as const, text: e.message };
      const n = this.played.length + 1;
      throw new RefusedMoveError(`move ${n} (${formatMove(move, style)}) refused: ${why.text}`, n, why.text, why.code);
    }
    this.played.push(move);
  }

  undo(): MoveJson | null {
    const move = this.engine.takeBack();
    if (move === null) return null;
    this.played.pop();
    return moveToJson(move);
  }

  history(): MoveJson[] {
    return this.played.map(moveToJson);
  }

  historyText(style: CardStyle = 'symbols'): string {
    return this.played.map((m) => formatMove(m, style)).join('; ');
  }

  private status(): PyramidePositionJson['status'] {
    return this.engine.isWon() ? 'won' : this.engine.isNoMoreMoves() ? 'no more moves' : 'in play';
  }

  playStatus(): PyramidePositionJson['status'] {
    return this.status();
  }

  /** Nothing is hidden from the player but the stock's order, which the board does not show. */
  board(style: CardStyle = 'symbols'): PyramideBoard {
    const g = this.engine;
    const pyramid: (string | null)[] = [];
    for (let pos = 0; pos < PYRAMID_SIZE; pos++) pyramid.push((g.removed >> pos) & 1 ? null : formatCard(g.deal.pyramid[pos]!, style));
    const top = g.stockTopIndex();
    const shown = g.rules.stockTopAvailable && top >= 0 && top < g.talon.length;
    return {
      game: 'pyramide',
      pyramid,
      waste: g.wasteCards().map((c) => formatCard(c, style)),
      stockCount: g.stockCount(),
      stockTop: shown ? formatCard(g.talon[top]!, style) : null,
      turnsLeft: Number.isFinite(g.rules.passes) ? Math.max(0, g.rules.passes - g.passesUsed) : null,
    };
  }

  private wasteTop(): string | null {
    const top = this.engine.wasteTopIndex();
    return top >= 0 ? formatCard(this.engine.talon[top]!) : null;
  }

  toJSON(): PyramidePositionHead {
    const g = this.engine;
    return {
      code: this.code,
      fingerprint: this.fingerprint,
      game: 'pyramide',
      rules: this.rules,
      played: this.history(),
      position: {
        score: g.score,
        counter: g.counter,
        status: this.status(),
        pyramidLeft: g.pyramidLeft(),
        wasteTop: this.wasteTop(),
        stockCount: g.stockCount(),
      },
      score: String(g.score),
      counter: g.counter,
    };
  }

  hint(limits: Limits): PyramideHintResult {
    return hintFromJudgement(hintPyramideAt(this.context, this.engine, limits), moveToJson, this.toJSON());
  }

  /** Nothing to reveal: the pyramid is face up, and the drawing counts the stock, as the app does. */
  outcome(style: CardStyle, { refused }: OutcomeOptions = {}): PlayOutcome {
    const g = this.engine;
    const n = this.played.length;
    const status = this.status();
    const text = [
      `${this.code ?? 'deal'}  Pyramide, rules ${this.rules}, after ${n} move${n === 1 ? '' : 's'}`,
      '',
      drawPosition(g, style),
      `score: ${g.score}   moves: ${g.counter}   ${status}`,
    ].join('\n');
    const error = refused?.message;
    return {
      ok: error === undefined,
      text,
      ...(error === undefined ? {} : { error }),
      json: {
        code: this.code,
        game: 'pyramide',
        rules: this.rules,
        played: this.history(),
        score: g.score,
        counter: g.counter,
        status,
        pyramidLeft: g.pyramidLeft(),
        wasteTop: this.wasteTop(),
        stockCount: g.stockCount(),
        legalMoves: this.moves(),
        error: error ?? null,
      },
    };
  }
}
