/**
 * A Double Solitaire deal being played (`Position`): moves made and taken back through the
 * rules engine, which alone decides what is legal; hints judge the position as it stands.
 */
import type { CardStyle } from '../../cards/notation.js';
import type { Limits } from '../../search/limits.js';
import type { HintOptions } from '../hintTypes.js';
import type { MoveJson } from '../moveJson.js';
import type { BoardJson, OutcomeOptions, PlayOutcome, PlayView, Position } from '../position.js';
import type { DoubleState } from './engine.js';
import { type DoubleHintResult, type DoubleHintSource, type DoublePositionHead, hintDoubleAt, positionHead } from './hint.js';
import { jsonMoveInStyle, jsonMoveText, legalMove, moveJson, positionJson, positionText, splitMoves } from './play.js';

/** The Double Solitaire board (`board()`): nine columns, eight foundations, stock and waste. */
export interface DoubleBoard extends BoardJson {
  game: 'double';
  /** Each column bottom first: its face-down cards (null when hidden from the player), then its face-up cards. */
  columns: { faceDown: (string | null)[]; faceUp: string[] }[];
  /** The waste, bottom first. */
  waste: string[];
  stockCount: number;
  /** Each foundation's top card, null when empty, in the order the app shows them. */
  foundations: (string | null)[];
  onFoundations: number;
}

export class DoubleGamePosition implements Position<DoubleHintResult> {
  readonly game = 'double' as const;
  readonly code: string | null;
  readonly fingerprint: string;
  readonly rules: string;
  private readonly state: DoubleState;
  /** The moves played, as JSON written in the position before each (cards in symbols). */
  private readonly played: MoveJson[] = [];

  constructor(source: DoubleHintSource) {
    this.code = source.code;
    this.fingerprint = source.fingerprint;
    this.rules = source.rules;
    this.state = source.newState();
  }

  moves(): MoveJson[] {
    return this.state.legalMoves().map((m) => moveJson(this.state, m));
  }

  move(move: string | MoveJson, style: CardStyle = 'symbols'): MoveJson {
    return this.play(typeof move === 'string' ? move.trim() : jsonMoveText(move, 'symbols'), style);
  }

  playLine(moves: string, style: CardStyle = 'symbols'): void {
    for (const text of splitMoves(moves)) this.play(text, style);
  }

  private play(text: string, style: CardStyle): MoveJson {
    const m = legalMove(this.state, text, this.played.length + 1, style);
    const json = moveJson(this.state, m);
    this.state.apply(m);
    this.played.push(json);
    return json;
  }

  undo(): MoveJson | null {
    if (this.played.length === 0) return null;
    // The engine's undo takes the move counter back too: the position as if never played.
    this.state.undo();
    return this.played.pop()!;
  }

  history(): MoveJson[] {
    return this.played.map((m) => ({ ...m }));
  }

  historyText(style: CardStyle = 'symbols'): string {
    return this.played.map((m) => jsonMoveText(m, style)).join('; ');
  }

  toJSON(): DoublePositionHead {
    return positionHead(this, this.state, this.history());
  }

  hint(limits: Limits, options: HintOptions = {}): DoubleHintResult {
    return hintDoubleAt(this.toJSON(), this.state, limits, options);
  }

  playStatus(): 'in play' | 'won' | 'no more moves' {
    return this.state.isWon() ? 'won' : this.state.legalMoves().length === 0 ? 'no more moves' : 'in play';
  }

  board(style: CardStyle = 'symbols', { reveal = false }: PlayView = {}): DoubleBoard {
    const p = positionJson(this.state, style);
    return {
      game: 'double',
      columns: p.columns.map((c) => ({ faceDown: reveal ? c.faceDown : c.faceDown.map(() => null), faceUp: c.faceUp })),
      waste: p.waste,
      stockCount: p.stock,
      foundations: p.foundations,
      onFoundations: p.onFoundations,
    };
  }

  outcome(style: CardStyle, { refused, reveal = false }: OutcomeOptions = {}): PlayOutcome {
    const n = this.played.length;
    const moves = `${n} move${n === 1 ? '' : 's'}`;
    const played = this.played.map((m) => jsonMoveInStyle(m, style));
    const position = positionJson(this.state, style);
    if (refused !== undefined) {
      const error = refused.message;
      return {
        ok: false,
        error,
        text: `${error}\nposition before it (after ${moves}):\n${positionText(this.state, style, reveal)}\n`,
        json: { ok: false, error, refusedMove: refused.moveNumber, played, position },
      };
    }
    const text = `${this.code ?? `deal ${this.fingerprint}`}  ${this.rules}, after ${moves}\n${positionText(this.state, style, reveal)}\n`;
    return { ok: true, text, json: { ok: true, played, position } };
  }
}
