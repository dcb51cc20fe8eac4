/**
 * Ladder, a small game that lives only in the tests: it proves that a game is its own folder
 * plus one registration, and goes through every command like the shipped games.
 *
 * Eight cards, A♠ to 8♠, lie in a stock (top first). A move takes the stock's top card, or a
 * reserve's top card, to the foundation when it is the next rank up (A first); or puts the
 * stock's top card on a reserve that is empty or whose top card is higher. Won when all eight
 * are on the foundation. The stuck figure is the most cards any line lays on the foundation.
 */
import type { Card } from '../../../src/cards/card.js';
import { rankOf } from '../../../src/cards/card.js';
import { type CardStyle, formatCard } from '../../../src/cards/notation.js';
import { InputError } from '../../../src/errors/inputError.js';
import type { Budget } from '../../../src/search/limits.js';

export const LADDER_CARDS = 8;

export interface LadderDeal {
  /** The eight cards, top (next played) first. */
  stock: Card[];
}

export interface LadderRules {
  reserves: number;
}

/** `from`: -1 the stock, else a reserve index; `to`: -1 the foundation, else a reserve index. */
export interface LadderMove {
  from: number;
  to: number;
}

export class LadderGame {
  next = 0;
  laid = 0;
  readonly reserves: Card[][];

  constructor(
    readonly deal: LadderDeal,
    readonly rules: LadderRules,
  ) {
    this.reserves = Array.from({ length: rules.reserves }, () => []);
  }

  clone(): LadderGame {
    const copy = new LadderGame(this.deal, this.rules);
    copy.next = this.next;
    copy.laid = this.laid;
    for (const [i, r] of this.reserves.entries()) copy.reserves[i]!.push(...r);
    return copy;
  }

  key(): string {
    return `${this.next}|${this.laid}|${this.reserves.map((r) => r.join(',')).join('|')}`;
  }

  cardOf(move: LadderMove): Card | undefined {
    return move.from < 0 ? this.deal.stock[this.next] : this.reserves[move.from]?.at(-1);
  }

  /** Why a move is refused, or null when it is legal. */
  refusal(move: LadderMove): string | null {
    const card = this.cardOf(move);
    if (card === undefined) return move.from < 0 ? 'the stock is empty' : `reserve ${move.from + 1} is empty`;
    if (move.to < 0) return rankOf(card) === this.laid + 1 ? null : `${formatCard(card)} is not the next card up`;
    if (move.from >= 0) return 'only stock cards go on a reserve';
    const target = this.reserves[move.to];
    if (target === undefined) return `there is no reserve ${move.to + 1}`;
    const top = target.at(-1);
    return top === undefined || rankOf(top) > rankOf(card) ? null : `${formatCard(card)} cannot go on ${formatCard(top)}`;
  }

  moves(): LadderMove[] {
    const all: LadderMove[] = [{ from: -1, to: -1 }];
    for (let r = 0; r < this.reserves.length; r++) all.push({ from: -1, to: r }, { from: r, to: -1 });
    return all.filter((m) => this.refusal(m) === null);
  }

  play(move: LadderMove): void {
    const why = this.refusal(move);
    if (why !== null) throw new InputError(why);
    const card = move.from < 0 ? this.deal.stock[this.next++]! : this.reserves[move.from]!.pop()!;
    if (move.to < 0) this.laid++;
    else this.reserves[move.to]!.push(card);
  }

  isWon(): boolean {
    return this.laid === LADDER_CARDS;
  }
}

export function moveText(move: LadderMove): string {
  const from = move.from < 0 ? '' : `r${move.from + 1}-`;
  return from + (move.to < 0 ? 'f' : `r${move.to + 1}`);
}

/** `f`, `r2` (stock to foundation, to reserve 2) or `r1-f` (reserve 1 to the foundation). */
export function parseMove(text: string): LadderMove {
  const m = /^(?:r(\d)-)?(f|r(\d))$/i.exec(text.trim());
  if (!m) throw new InputError(`"${text}" is not a Ladder move: expected f, r2 or r1-f`);
  return { from: m[1] ? Number(m[1]) - 1 : -1, to: m[2]!.toLowerCase() === 'f' ? -1 : Number(m[3]) - 1 };
}

export function moveJson(
  game: LadderGame,
  move: LadderMove,
  style: CardStyle = 'symbols',
): { move: string; card: string; from: string; to: string } {
  return {
    move: 'card',
    card: formatCard(game.cardOf(move)!, style),
    from: move.from < 0 ? 'stock' : `reserve ${move.from + 1}`,
    to: move.to < 0 ? 'foundation' : `reserve ${move.to + 1}`,
  };
}

export interface LadderSolution {
  winnable: boolean | null;
  line: LadderMove[] | null;
  mostLaid: number;
  positions: number;
  complete: boolean;
}

/** How the search first reached a position. */
interface Step {
  parent: string | null;
  move: LadderMove | null;
}

/** Breadth first over every position: the shortest win, and the most cards any line lays. */
export function solveLadder(deal: LadderDeal, rules: LadderRules, budget: Budget): LadderSolution {
  const start = new LadderGame(deal, rules);
  const seen = new Map<string, Step>([[start.key(), { parent: null, move: null }]]);
  let frontier = [start];
  let mostLaid = 0;
  let won: LadderGame | null = null;
  while (frontier.length > 0 && won === null) {
    const next: LadderGame[] = [];
    for (const game of frontier) {
      if (!budget.tick()) return { winnable: null, line: null, mostLaid, positions: seen.size, complete: false };
      mostLaid = Math.max(mostLaid, game.laid);
      if (game.isWon()) {
        won = game;
        break;
      }
      for (const move of game.moves()) {
        const child = game.clone();
        child.play(move);
        if (seen.has(child.key())) continue;
        seen.set(child.key(), { parent: game.key(), move });
        next.push(child);
      }
    }
    frontier = next;
  }
  if (won === null) return { winnable: false, line: null, mostLaid, positions: seen.size, complete: true };
  const line: LadderMove[] = [];
  for (let key: string | null = won.key(); key !== null; ) {
    const step: Step = seen.get(key)!;
    if (step.move) line.unshift(step.move);
    key = step.parent;
  }
  return { winnable: true, line, mostLaid: LADDER_CARDS, positions: seen.size, complete: true };
}
