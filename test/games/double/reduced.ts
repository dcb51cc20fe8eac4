/**
 * Reduced deals for the comparisons with the brute force (solver.test.ts and its long checks,
 * solver.long.test.ts): their generators, the seeds that fit the brute force, and the ways
 * to hand a deal to the solver and to the brute force.
 */
import type { DoubleRules } from '../../../src/games/double/engine.js';
import { DoubleState } from '../../../src/games/double/engine.js';
import { seededRandom } from '../../support/random.js';
import { type BrutePosition, bruteForce } from './bruteForce.js';
import { D1N, D1V, D3N, D3V, dealColumns } from './helpers.js';

export const NO_LIMITS = { timeMs: Infinity, nodes: Infinity, memoryBytes: Infinity };

export interface Reduced {
  columns: number[][];
  down: number[];
  stock: number[];
  rules: DoubleRules;
  /** The top rank of each of the 8 places at the start (the cards below are up already). */
  piles: number[];
  total: number;
}

/**
 * The cards of a reduced game, shuffled, and the places they start from. Either 2 or 3
 * consecutive ranks of every suit, both copies (16 or 24 cards: Aces to 3s, 6s and 7s...,
 * the ranks below already on the foundations), or, to bring Kings in without too many
 * positions for the brute force, each place topped at a random rank from Jack to King
 * with the cards above it in the deal (0 to 16 cards, Queens and Kings).
 */
export function reducedCards(pick: (n: number) => number): { deck: number[]; piles: number[]; total: number } {
  const deck: number[] = [];
  let piles: number[];
  let total = 104;
  if (pick(3) === 0) {
    piles = Array.from({ length: 8 }, () => 11 + pick(3));
    for (let p = 0; p < 8; p++) for (let rank = piles[p]! + 1; rank <= 13; rank++) deck.push((p >> 1) * 13 + rank - 1);
  } else {
    // Mostly from the Aces: higher up, cards also come back from the foundations, and the
    // positions multiply beyond what the brute force can list.
    const below = pick(4) === 0 ? 1 + pick(9) : 0;
    const ranks = below === 0 ? 2 + pick(2) : 2;
    piles = Array.from({ length: 8 }, () => below);
    for (let suit = 0; suit < 4; suit++)
      for (let rank = below + 1; rank <= below + ranks; rank++) deck.push(suit * 13 + rank - 1, suit * 13 + rank - 1);
    total = 8 * (below + ranks);
  }
  for (let i = deck.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  return { deck, piles, total };
}

/**
 * A reduced game (`reducedCards`), dealt at
 * random into a few columns (some cards face down) and a short stock, under random rules.
 * The rules are the full ones; only the deck is smaller.
 */
export function reducedDeal(seed: number): Reduced {
  const r = seededRandom(seed);
  const pick = (n: number): number => Math.floor(r() * n);
  const { deck, piles, total } = reducedCards(pick);
  const stock = deck.splice(0, pick(5));
  const { columns, down } = dealColumns(deck, pick);
  const rules = [D1N, D3N, D1V, D3V][pick(4)]!;
  return { columns, down, stock, rules, piles, total };
}

export function stateOf(d: Reduced): DoubleState {
  return new DoubleState({ columns: d.columns, down: d.down, stock: d.stock, foundations: d.piles, total: d.total }, d.rules);
}

/** The brute force's own copy of a position, read from the engine's fields. */
export function bruteOf(s: DoubleState): BrutePosition {
  const columns: number[][] = [];
  for (let c = 0; c < 9; c++) columns.push(Array.from({ length: s.len[c]! }, (_, i) => s.card(c, i)));
  const talon = Array.from({ length: s.talLen }, (_, i) => s.stockCards[s.tal[i]!]!);
  return { columns, down: Array.from(s.down), stock: talon.slice(s.waste), waste: talon.slice(0, s.waste), piles: Array.from(s.fnd) };
}

export function bruteOfDeal(d: Reduced, cap: number): ReturnType<typeof bruteForce> {
  return bruteForce({ columns: d.columns, down: d.down, stock: d.stock, waste: [], piles: d.piles }, d.rules, d.total, cap);
}

/**
 * The seeds a brute-force comparison runs. Most seeds deal a game with more positions than
 * the brute force's cap (four in five of `reducedDeal`'s, nine in ten of `vegasDeal`'s), and
 * listing those up to the cap only to drop them took nine tenths of these tests' time; so
 * the tests run the seeds found to fit, listed below: the first ones from seed 1 whose whole
 * game the brute force lists within its cap. A listed seed that no longer fits fails the test.
 * After a change to a deal generator or to the brute force, `SCAN_SEEDS=1 npx vitest run
 * test/games/double/solver.test.ts` scans the seeds again and prints the new lists.
 */
export function* seedsToCompare(listed: readonly number[], scanUpTo: number): Generator<{ seed: number; listed: boolean }> {
  if (process.env.SCAN_SEEDS) for (let seed = 1; seed < scanUpTo; seed++) yield { seed, listed: false };
  else for (const seed of listed) yield { seed, listed: true };
}

/** Whether the brute force listed the seed's whole game; a listed seed must have. */
export function fits<T>(brute: T | null, seed: number, listed: boolean): brute is T {
  if (brute !== null) return true;
  if (listed) throw new Error(`seed ${seed} no longer fits the brute force's cap: scan the seeds again (see seedsToCompare)`);
  return false;
}

/** The first 80 seeds of `reducedDeal` within 5,000 positions. */
export const REDUCED_SEEDS = [
  13, 21, 30, 31, 34, 35, 40, 48, 69, 70, 78, 81, 86, 88, 113, 116, 122, 127, 132, 135, 138, 143, 150, 154, 161, 163, 165, 167, 171, 177,
  186, 189, 190, 203, 223, 226, 228, 238, 240, 245, 248, 256, 264, 265, 266, 271, 274, 276, 283, 287, 295, 296, 299, 302, 303, 307, 309,
  311, 319, 321, 323, 329, 330, 336, 339, 345, 348, 352, 357, 358, 363, 377, 380, 389, 390, 393, 395, 402, 407, 415,
];
/** The first 60 seeds of `vegasDeal` within 3,000 positions. */
export const VEGAS_SEEDS = [
  1, 4, 18, 22, 23, 34, 50, 63, 78, 81, 86, 92, 117, 118, 129, 135, 153, 167, 170, 184, 195, 199, 200, 213, 228, 231, 245, 247, 249, 268,
  290, 301, 314, 322, 330, 338, 359, 370, 372, 373, 394, 438, 441, 447, 469, 470, 481, 482, 487, 517, 536, 537, 539, 544, 571, 577, 585,
  618, 620, 622,
];

/**
 * A reduced deal of the lowest ranks of a few suits, both copies, and no other card (no King:
 * no card moves to an empty column, so the brute force lists every position): shuffled, the
 * first `stockCards(cards)` to the stock, mostly higher ranks drawn first (so that they wait
 * in the waste for the lower ones), the rest dealt to the columns.
 */
export function lowDeal(r: () => number, suits: number, ranks: number, stockCards: (cards: number) => number): Omit<Reduced, 'rules'> {
  const pick = (n: number): number => Math.floor(r() * n);
  const deck: number[] = [];
  for (let suit = 0; suit < suits; suit++) for (let rank = 1; rank <= ranks; rank++) deck.push(suit * 13 + rank - 1, suit * 13 + rank - 1);
  for (let i = deck.length - 1; i > 0; i--) {
    const j = pick(i + 1);
    [deck[i], deck[j]] = [deck[j]!, deck[i]!];
  }
  const stock = deck
    .splice(0, stockCards(deck.length))
    .map((card) => ({ card, at: -(card % 13) + 2 * r() }))
    .sort((a, b) => a.at - b.at)
    .map(({ card }) => card);
  const { columns, down } = dealColumns(deck, pick);
  return { columns, down, stock, piles: [0, 0, 0, 0, 0, 0, 0, 0], total: 2 * ranks * suits };
}

/** Reduced Vegas deals with longer stocks (4 to 10 cards), where the talon matters most. */
export function vegasDeal(seed: number): Reduced {
  const r = seededRandom(seed * 7919);
  const pick = (n: number): number => Math.floor(r() * n);
  const { deck, piles, total } = reducedCards(pick);
  const stock = deck.splice(0, 4 + pick(7));
  const { columns, down } = dealColumns(deck, pick);
  return { columns, down, stock, rules: pick(2) === 0 ? D1V : D3V, piles, total };
}

/**
 * A reduced normal-scoring deal with a stock of 3 to 8 cards, where the passes through it
 * may matter, and a turn limit of 0 or 1 for `decide`.
 */
export function passesDeal(seed: number): { deal: Reduced; turnLimit: number } {
  const r = seededRandom(seed * 6007);
  const pick = (n: number): number => Math.floor(r() * n);
  const { deck, piles, total } = reducedCards(pick);
  const stock = deck.splice(0, 3 + pick(6));
  const { columns, down } = dealColumns(deck, pick);
  return { deal: { columns, down, stock, rules: pick(3) === 0 ? D3N : D1N, piles, total }, turnLimit: pick(2) };
}

/** The first 60 seeds of `passesDeal` whose game under its turn limit fits within 4,000 positions. */
export const PASSES_SEEDS = [
  8, 13, 18, 36, 56, 61, 64, 81, 97, 103, 133, 139, 146, 147, 152, 173, 187, 190, 192, 222, 234, 236, 256, 278, 295, 297, 313, 326, 328,
  329, 345, 372, 375, 406, 414, 418, 429, 434, 456, 460, 466, 505, 512, 542, 547, 550, 568, 570, 577, 593, 600, 609, 637, 639, 642, 645,
  648, 650, 658, 677,
];
