/**
 * The Pyramide rules engine: the readable truth every other part (solver, CLI) defers to.
 * A small chess.js-like API: `moves()`, `move()`, `undo()`, plus the app's score, move
 * counter, availability, refusal messages and "no more moves" condition.
 */
import { type Card, rankOf } from '../../cards/card.js';
import { type CardStyle, formatCard } from '../../cards/notation.js';
import { InputError } from '../../errors/inputError.js';
import { type Refusal, refusal } from '../../errors/refusal.js';
import type { PyramideDeal } from './deal.js';
import { COVER_MASK, FULL_PYRAMID, PYRAMID_SIZE, popcount, soleAvailableCover } from './layout.js';
import type { PyramideRules } from './rules.js';

export type PyramideMove = { kind: 'king'; card: Card } | { kind: 'pair'; cards: [Card, Card] } | { kind: 'draw' } | { kind: 'turn-over' };

/** A move the rules refuse, with the app's reason. */
export class IllegalMoveError extends InputError {}

interface Snapshot {
  removed: number;
  talonRemoved: number;
  next: number;
  passesUsed: number;
  score: number;
  counter: number;
  move: PyramideMove;
}

const POINTS_PER_CARD = 10;

export class PyramideGame {
  /** Bit i set: pyramid position i removed. */
  removed = 0;
  /** Bit i set: talon card i (dealing order) removed. */
  talonRemoved = 0;
  /** Talon cards at indexes below `next` have been drawn (the waste), the others are the stock. */
  next: number;
  passesUsed = 0;
  score = 0;
  /** Removals, draws and turn-overs; undo does not take it back, as in the app. */
  counter = 0;
  private readonly history: Snapshot[] = [];
  /** The talon cards whose order is known (all 24, or only the first when the stock is not given). */
  readonly talon: readonly Card[];
  readonly talonComplete: boolean;
  private readonly pyramidPos = new Map<Card, number>();
  private readonly talonIndex = new Map<Card, number>();

  constructor(
    readonly deal: PyramideDeal,
    readonly rules: PyramideRules,
  ) {
    const talon: Card[] = [];
    if (deal.first !== null) talon.push(deal.first);
    if (deal.first !== null && deal.stock !== null) talon.push(...deal.stock);
    this.talon = talon;
    this.talonComplete = talon.length === 24;
    for (const [i, c] of deal.pyramid.entries()) this.pyramidPos.set(c, i);
    for (const [i, c] of talon.entries()) this.talonIndex.set(c, i);
    this.next = rules.wasteStartsEmpty ? 0 : 1;
  }

  // ---- where things are -------------------------------------------------------------

  isPyramidAvailable(pos: number): boolean {
    return ((this.removed >> pos) & 1) === 0 && (this.removed & COVER_MASK[pos]!) === COVER_MASK[pos];
  }

  /** Talon index of the waste's top card, or -1 when the waste is empty. */
  wasteTopIndex(): number {
    for (let i = this.next - 1; i >= 0; i--) if (((this.talonRemoved >> i) & 1) === 0) return i;
    return -1;
  }

  /** Talon index of the waste card beneath `index`, or -1. */
  private wasteBelow(index: number): number {
    for (let i = index - 1; i >= 0; i--) if (((this.talonRemoved >> i) & 1) === 0) return i;
    return -1;
  }

  /** Talon index of the stock's top card, -1 when the stock is empty, or 24 when its order is unknown. */
  stockTopIndex(): number {
    for (let i = this.next; i < 24; i++) {
      if (i >= this.talon.length) return 24;
      if (((this.talonRemoved >> i) & 1) === 0) return i;
    }
    return -1;
  }

  stockCount(): number {
    let n = 0;
    for (let i = this.next; i < 24; i++) if (((this.talonRemoved >> i) & 1) === 0) n++;
    return n;
  }

  wasteCards(): Card[] {
    const out: Card[] = [];
    for (let i = 0; i < this.next; i++) if (((this.talonRemoved >> i) & 1) === 0) out.push(this.talon[i]!);
    return out;
  }

  pyramidLeft(): number {
    return PYRAMID_SIZE - popcount(this.removed);
  }

  isWon(): boolean {
    if (this.removed !== FULL_PYRAMID) return false;
    return !this.rules.strictWin || popcount(this.talonRemoved) === 24;
  }

  /** Why a card cannot be played now, or null when it is available. */
  unavailableReason(card: Card, style: CardStyle = 'symbols'): string | null {
    return this.unavailable(card, style)?.text ?? null;
  }

  private unavailable(card: Card, style: CardStyle): Refusal | null {
    // The name is written only for a refusal: every legal move of a replayed line asks too.
    const name = (): string => formatCard(card, style);
    const pos = this.pyramidPos.get(card);
    if (pos !== undefined) {
      if ((this.removed >> pos) & 1) return refusal('removed', `${name()} has already been removed`);
      return this.isPyramidAvailable(pos) ? null : refusal('covered', `${name()} is covered by another card`);
    }
    const index = this.talonIndex.get(card);
    if (index === undefined) return refusal('stock-unknown', `${name()} is in the stock, whose order is not known for this deal`);
    if ((this.talonRemoved >> index) & 1) return refusal('removed', `${name()} has already been removed`);
    if (index === this.wasteTopIndex()) return null;
    if (this.rules.stockTopAvailable && index === this.stockTopIndex()) return null;
    return refusal('not-playable', index < this.next ? `${name()} is not the top card of the waste` : `${name()} is in the stock`);
  }

  // ---- moves ------------------------------------------------------------------------

  /** Why a move is refused, or null when it is legal. */
  refusal(move: PyramideMove, style: CardStyle = 'symbols'): string | null {
    return this.refusalOf(move, style)?.text ?? null;
  }

  /** Why a move is refused, with its stable code, or null when it is legal. */
  refusalOf(move: PyramideMove, style: CardStyle = 'symbols'): Refusal | null {
    const fc = (c: Card): string => formatCard(c, style);
    switch (move.kind) {
      case 'draw': {
        const top = this.stockTopIndex();
        if (top === -1) return refusal('stock-empty', 'the stock is empty');
        if (top === 24) return refusal('stock-unknown', 'the stock order is not known for this deal, so no card can be drawn');
        return null;
      }
      case 'turn-over': {
        if (this.stockTopIndex() !== -1) return refusal('stock-not-empty', 'the waste can be turned over only when the stock is empty');
        if (this.wasteTopIndex() === -1) return refusal('waste-empty', 'the waste is empty');
        if (this.passesUsed >= this.rules.passes) {
          return refusal('no-turn-over', `no turn-over left (these rules allow ${this.rules.passes})`);
        }
        return null;
      }
      case 'king': {
        if (rankOf(move.card) !== 13) return refusal('not-a-king', `${fc(move.card)} is not a King: only a King is removed alone`);
        return this.unavailable(move.card, style);
      }
      case 'pair': {
        const [a, b] = move.cards;
        if (a === b) return refusal('same-card', `${fc(a)} cannot pair with itself`);
        const sum = rankOf(a) + rankOf(b);
        if (sum !== 13) return refusal('sum-not-13', `the sum must be 13 (${fc(a)} + ${fc(b)} = ${sum})`);
        if (this.specialPair(a, b)) return null;
        return this.unavailable(a, style) ?? this.unavailable(b, style);
      }
    }
  }

  /** Pairs the variants allow beyond "both available". */
  private specialPair(a: Card, b: Card): boolean {
    for (const [x, y] of [
      [a, b],
      [b, a],
    ] as const) {
      if (this.rules.pairBeneath) {
        const top = this.wasteTopIndex();
        if (top >= 0 && this.talonIndex.get(x) === top && this.talonIndex.get(y) === this.wasteBelow(top)) return true;
      }
      if (this.rules.pairCovering) {
        const px = this.pyramidPos.get(x);
        const py = this.pyramidPos.get(y);
        // y is the only card still covering x, and y itself is uncovered.
        if (px !== undefined && py !== undefined && soleAvailableCover(this.removed, px) === py) return true;
      }
    }
    return false;
  }

  /** Every legal move now, removals first. */
  moves(): PyramideMove[] {
    const avail: Card[] = [];
    for (let pos = 0; pos < PYRAMID_SIZE; pos++) if (this.isPyramidAvailable(pos)) avail.push(this.deal.pyramid[pos]!);
    const top = this.wasteTopIndex();
    if (top >= 0) avail.push(this.talon[top]!);
    const stockTop = this.stockTopIndex();
    if (this.rules.stockTopAvailable && stockTop >= 0 && stockTop < 24) avail.push(this.talon[stockTop]!);

    const out: PyramideMove[] = [];
    for (const c of avail) if (rankOf(c) === 13) out.push({ kind: 'king', card: c });
    // Candidate partners: everything available plus the cards the variants reach.
    const candidates = new Set<Card>(avail);
    if (this.rules.pairBeneath && top >= 0) {
      const below = this.wasteBelow(top);
      if (below >= 0) candidates.add(this.talon[below]!);
    }
    if (this.rules.pairCovering) {
      for (let pos = 0; pos < PYRAMID_SIZE; pos++) if (((this.removed >> pos) & 1) === 0) candidates.add(this.deal.pyramid[pos]!);
    }
    const list = [...candidates];
    for (let i = 0; i < list.length; i++) {
      for (let j = i + 1; j < list.length; j++) {
        const move: PyramideMove = { kind: 'pair', cards: [list[i]!, list[j]!] };
        if (rankOf(list[i]!) + rankOf(list[j]!) === 13 && this.refusal(move) === null) out.push(move);
      }
    }
    if (this.refusal({ kind: 'draw' }) === null) out.push({ kind: 'draw' });
    if (this.refusal({ kind: 'turn-over' }) === null) out.push({ kind: 'turn-over' });
    return out;
  }

  /** Plays a move, or throws `IllegalMoveError` with the app's reason and changes nothing. */
  move(move: PyramideMove): void {
    const reason = this.refusal(move);
    if (reason !== null) throw new IllegalMoveError(reason);
    this.history.push({
      removed: this.removed,
      talonRemoved: this.talonRemoved,
      next: this.next,
      passesUsed: this.passesUsed,
      score: this.score,
      counter: this.counter,
      move,
    });
    this.counter++;
    switch (move.kind) {
      case 'draw':
        this.next = this.stockTopIndex() + 1;
        break;
      case 'turn-over':
        this.next = 0;
        this.passesUsed++;
        break;
      case 'king':
        this.take(move.card);
        break;
      case 'pair':
        this.take(move.cards[0]);
        this.take(move.cards[1]);
        break;
    }
  }

  private take(card: Card): void {
    const pos = this.pyramidPos.get(card);
    if (pos !== undefined) {
      this.removed |= 1 << pos;
      this.score += POINTS_PER_CARD;
    } else {
      this.talonRemoved |= 1 << this.talonIndex.get(card)!;
    }
  }

  /** Takes back the last move: the cards and points come back, the counter stays. */
  undo(): PyramideMove | null {
    const last = this.history.pop();
    if (!last) return null;
    this.removed = last.removed;
    this.talonRemoved = last.talonRemoved;
    this.next = last.next;
    this.passesUsed = last.passesUsed;
    this.score = last.score;
    return last.move;
  }

  /**
   * Takes back the last move as if it had never been played, the counter too: a line of
   * play shortened by one (a position object's undo), where `undo` is the app's.
   */
  takeBack(): PyramideMove | null {
    const last = this.history.at(-1);
    if (!last) return null;
    this.undo();
    this.counter = last.counter;
    return last.move;
  }

  /** An independent copy at this position, its history included (a hint searches on it). */
  clone(): PyramideGame {
    const copy = new PyramideGame(this.deal, this.rules);
    copy.removed = this.removed;
    copy.talonRemoved = this.talonRemoved;
    copy.next = this.next;
    copy.passesUsed = this.passesUsed;
    copy.score = this.score;
    copy.counter = this.counter;
    copy.history.push(...this.history);
    return copy;
  }

  /** The app's "no more moves": stock and waste empty and nothing playable, game not won. */
  isNoMoreMoves(): boolean {
    if (this.isWon() || this.stockTopIndex() === 24) return false;
    return this.moves().length === 0;
  }
}
