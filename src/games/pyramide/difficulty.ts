/**
 * How hard a winnable Pyramide deal is for a player, under rules where the stock order
 * cannot matter (`talonIsFree`: the app's rules). There any stock or waste card can be
 * brought to the waste top by drawing, so a draw never loses; the player's real choices are
 * the removals. A "position" here is what they decide on: the pyramid cards removed and the
 * talon cards of each value used (free Kings taken at once, which never hurts).
 *
 * - crossroads: the fewest positions, over all winning lines, where some removal loses
 *   (leads to a position that cannot be won);
 * - forgiveness: along that line (fewest crossroads, then fewest removals), the share of
 *   the legal removals that keep the game winnable;
 * - random-play win rate: a player choosing uniformly among the engine's legal moves
 *   (Kings, pairs, draw, turn-over), over seeded playouts; a playout is lost the moment
 *   its position cannot be won (exact, from the same winnability table), won when the
 *   pyramid is cleared. Given with its Wilson 95% interval.
 *
 * The score: 10·log10(1/p) + crossroads + 10·(1 − forgiveness), with p the win rate
 * smoothed as (wins + 0.5)/(playouts + 1) so that 0 wins stays finite.
 */
import { rankOf } from '../../cards/card.js';
import { Sfc32 } from '../../codes/sfc32.js';
import { GrowableInt32Array, StateTable } from '../../search/stateTable.js';
import { round, type TierOrUnknown, thresholdsFor, tierOf, wilson95 } from '../difficulty.js';
import { type PyramideDeal, talonOf } from './deal.js';
import { COVER_MASK, closeKings, FULL_PYRAMID, PYRAMID_SIZE } from './layout.js';
import { exactStartRate, exactWouldOverflow } from './randomPlay.js';
import { type PyramideRules, rulesName, talonIsFree } from './rules.js';
import { TalonUsage } from './solver/talonUsage.js';
import { PYRAMIDE_SCALE } from './tierCuts.js';

export interface PyramideDifficulty {
  crossroads: number | null;
  forgiveness: number | null;
  randomWinRate: number | null;
  /** Half the width of the Wilson 95% interval of `randomWinRate`; 0 when it is exact. */
  randomWinError: number | null;
  /** The playouts behind a sampled rate; null when it is exact. */
  randomPlayouts: number | null;
  /** Whether `randomWinRate` is exact (computed over the position graph) rather than sampled. */
  randomExact: boolean | null;
  /** The documented score (higher is harder); null when a figure is missing. */
  difficulty: number | null;
  tier: TierOrUnknown;
  notes: string[];
}

export const DEFAULT_PLAYOUTS = 1000;
/** Positions the winnability table may hold before the figures are given up as unknown. */
const DEFAULT_STATE_LIMIT = 3_000_000;
/** Removal sets the exact random-play computation may solve before falling back to playouts. */
export const EXACT_STATE_LIMIT = 20_000;
/** A playout longer than this is stopped and counted lost (noted; a win needs far fewer). */
const PLAYOUT_MOVE_CAP = 20_000;
const RANDOM_PLAY_SALT = 0x52414e44;

const UNKNOWN = (notes: string[]): PyramideDifficulty => ({
  crossroads: null,
  forgiveness: null,
  randomWinRate: null,
  randomWinError: null,
  randomPlayouts: null,
  randomExact: null,
  difficulty: null,
  tier: 'unknown',
  notes,
});

/** The documented score from the three figures, p the random player's win rate. */
export function pyramideScoreOf(crossroads: number, forgiveness: number, p: number): number {
  return round(10 * Math.log10(1 / p) + crossroads + 10 * (1 - forgiveness), 2);
}

/** The score with a sampled rate, smoothed as (wins + 0.5)/(playouts + 1) so that 0 wins stays finite. */
export function pyramideScore(crossroads: number, forgiveness: number, wins: number, playouts: number): number {
  return pyramideScoreOf(crossroads, forgiveness, (wins + 0.5) / (playouts + 1));
}

/** A 32-bit seed from the deal's cards, so the same deal always gets the same playouts. */
function dealSeed(deal: PyramideDeal): number {
  let h = 0x811c9dc5;
  const mix = (c: number): void => {
    h ^= c + 1;
    h = Math.imul(h, 0x01000193) >>> 0;
  };
  for (const c of deal.pyramid) mix(c);
  for (const c of talonOf(deal) ?? []) mix(c);
  return h >>> 0;
}

/** The weight of the usage in a position key (see `PyramideDecisionSpace.key`): 2^28, past the pyramid's mask. */
const KEY_USAGE = 2 ** 28;

/** BINOMIAL[n][k] for the at most 4 talon cards of a value. */
const BINOMIAL = [[1], [1, 1], [1, 2, 1], [1, 3, 3, 1], [1, 4, 6, 4, 1]];

/** The positions of one deal and their winnability, memoised. */
export class PyramideDecisionSpace {
  readonly value = new Int32Array(PYRAMID_SIZE);
  /** Talon card values in dealing order. */
  readonly talonValue: Int32Array;
  /** The talon by value, and the usage number (see solver/talonUsage.ts). */
  private readonly talon = new TalonUsage();
  /**
   * Positions whose winnability is known (mask, usage), and per position id 1 winnable, 0
   * not: a typed-array table, as the random playouts ask it at every removal.
   */
  private readonly known = new StateTable(null, 1 << 12);
  private readonly win = new GrowableInt32Array(1 << 12);
  /** Successor buffers, one slice per depth (a position has far fewer than 64 removals). */
  private readonly succMask = new Int32Array(64 * 32);
  private readonly succUsage = new Int32Array(64 * 32);
  private readonly avail = new Int32Array(PYRAMID_SIZE * 32);
  overflow = false;
  /** The pyramid's Kings (bit per position): `closeKings` looks at these alone. */
  private kings = 0;

  constructor(
    deal: PyramideDeal,
    private readonly stateLimit: number,
  ) {
    for (let i = 0; i < PYRAMID_SIZE; i++) {
      this.value[i] = rankOf(deal.pyramid[i]!);
      if (this.value[i] === 13) this.kings |= 1 << i;
    }
    const talon = talonOf(deal);
    if (talon === null) throw new Error('difficulty needs the stock order');
    this.talonValue = Int32Array.from(talon, (c) => rankOf(c));
    for (const v of this.talonValue) this.talon.count[v]!++;
    this.talon.setRadix();
  }

  /** The usage code after one more talon card of value v is used. */
  useTalon(usage: number, v: number): number {
    return usage + this.talon.step(v);
  }

  private left(usage: number, v: number): number {
    return this.talon.unused(usage, v);
  }

  /**
   * How many sets of talon cards the position of a key (see `key`) can stand for: for each
   * value, which of its cards were used (the product of binomials C(cards of value v, used)).
   */
  removedSetsOf(key: number): number {
    const usage = Math.floor(key / KEY_USAGE);
    let sets = 1;
    for (let v = 1; v <= 12; v++) sets *= BINOMIAL[this.talon.count[v]!]![this.talon.used(usage, v)]!;
    return sets;
  }

  /** Takes every free pyramid King, repeatedly (see `closeKings` in layout.ts). */
  closeKings(mask: number): number {
    return closeKings(mask, this.kings);
  }

  /**
   * Writes the removals of a position (Kings closed) into the depth's slice; returns their
   * number. A pair with a talon card counts once per value, as any card of it can be drawn.
   */
  successors(mask: number, usage: number, depth: number): number {
    const base = depth * 64;
    const abase = depth * PYRAMID_SIZE;
    let n = 0;
    for (let t = ~mask & FULL_PYRAMID; t !== 0; t &= t - 1) {
      const i = 31 - Math.clz32(t & -t);
      if ((mask & COVER_MASK[i]!) === COVER_MASK[i]) this.avail[abase + n++] = i;
    }
    let k = 0;
    for (let a = 0; a < n; a++) {
      const pa = this.avail[abase + a]!;
      const va = this.value[pa]!;
      const w = 13 - va;
      if (w >= 1 && w <= 12 && this.left(usage, w) > 0) {
        this.succMask[base + k] = this.closeKings(mask | (1 << pa));
        this.succUsage[base + k] = usage + this.talon.radix[w]!;
        k++;
      }
      for (let b = a + 1; b < n; b++) {
        const pb = this.avail[abase + b]!;
        if (va + this.value[pb]! === 13) {
          this.succMask[base + k] = this.closeKings(mask | (1 << pa) | (1 << pb));
          this.succUsage[base + k] = usage;
          k++;
        }
      }
    }
    return k;
  }

  succ(depth: number, i: number): { mask: number; usage: number } {
    return { mask: this.succMask[depth * 64 + i]!, usage: this.succUsage[depth * 64 + i]! };
  }

  /** A position as one number: mask + usage · 2^28 (usage < 3^12, so the key stays exact). */
  static key(mask: number, usage: number): number {
    return mask + usage * KEY_USAGE;
  }

  /** Whether the position (Kings closed) can be won; false also once the state limit is hit (check `overflow`). */
  winnable(mask: number, usage: number, depth = 0): boolean {
    if (mask === FULL_PYRAMID) return true;
    const id = this.known.lookup(mask, usage);
    if (id >= 0) return this.win.data[id] === 1;
    if (this.overflow) return false;
    if (this.known.size >= this.stateLimit) {
      this.overflow = true;
      return false;
    }
    const k = this.successors(mask, usage, depth);
    let result = 0;
    for (let i = 0; i < k; i++) {
      // Read before recursing: deeper calls reuse other slices only.
      const m = this.succMask[depth * 64 + i]!;
      const u = this.succUsage[depth * 64 + i]!;
      if (this.winnable(m, u, depth + 1)) {
        result = 1;
        break;
      }
    }
    const at = this.known.intern(mask, usage);
    this.win.ensure(at)[at] = result;
    return result === 1;
  }

  get states(): number {
    return this.known.size;
  }
}

interface LineFigures {
  crossroads: number;
  /** Removals along the chosen line, and how many of them keep the game winnable. */
  moves: number;
  good: number;
  length: number;
}

/** Fewest crossroads from a winnable position to the win (ties: fewest removals), memoised. */
function bestLine(space: PyramideDecisionSpace, mask: number, usage: number, memo: Map<number, LineFigures>, depth = 0): LineFigures {
  if (mask === FULL_PYRAMID) return { crossroads: 0, moves: 0, good: 0, length: 0 };
  const key = PyramideDecisionSpace.key(mask, usage);
  const known = memo.get(key);
  if (known) return known;
  const k = space.successors(mask, usage, depth);
  const masks: number[] = [];
  const usages: number[] = [];
  for (let i = 0; i < k; i++) {
    const s = space.succ(depth, i);
    masks.push(s.mask);
    usages.push(s.usage);
  }
  let good = 0;
  const winning: number[] = [];
  for (let i = 0; i < k; i++) {
    if (space.winnable(masks[i]!, usages[i]!, depth + 1)) {
      good++;
      winning.push(i);
    }
  }
  let best: LineFigures | null = null;
  for (const i of winning) {
    const next = bestLine(space, masks[i]!, usages[i]!, memo, depth + 1);
    if (best === null || next.crossroads < best.crossroads || (next.crossroads === best.crossroads && next.length < best.length))
      best = next;
  }
  if (best === null) {
    // Past the state limit every unexplored position reads as lost; the caller reports unknown.
    if (space.overflow) return { crossroads: 0, moves: 0, good: 0, length: 0 };
    throw new Error('a winnable position without a winning removal');
  }
  const here: LineFigures = {
    crossroads: best.crossroads + (good < k ? 1 : 0),
    moves: best.moves + k,
    good: best.good + good,
    length: best.length + 1,
  };
  memo.set(key, here);
  return here;
}

/**
 * Uniform random play through the engine's moves on packed state: pyramid mask, talon cards
 * removed, the waste/stock boundary. Returns the number of wins; `capped` counts playouts
 * stopped at the move cap.
 *
 * The moves of a position are numbered in one fixed order (pyramid Kings, the waste King,
 * then per available card its pairs in the pyramid and its pair with the waste top, then the
 * draw or turn-over), and the player picks a number. The pyramid's part changes only with
 * a removal, so it is listed once per pyramid and the draws between removals (most of a
 * random player's moves) only count the waste top's moves and find the one picked.
 */
function randomPlayouts(
  space: PyramideDecisionSpace,
  rules: PyramideRules,
  seed: number,
  playouts: number,
): { wins: number; capped: number } {
  const rng = new Sfc32(RANDOM_PLAY_SALT, seed);
  const value = space.value;
  const tv = space.talonValue;
  // The pyramid's moves, for the mask `listed`: available cards, their pair partners.
  const avail = new Int32Array(PYRAMID_SIZE);
  const kings = new Int32Array(PYRAMID_SIZE);
  const pairStart = new Int32Array(PYRAMID_SIZE + 1);
  const partner = new Int32Array(PYRAMID_SIZE * PYRAMID_SIZE);
  const availOfValue = new Int32Array(14);
  const startNext = rules.wasteStartsEmpty ? 0 : 1;
  const cycles = rules.passes === Infinity;
  let wins = 0;
  let capped = 0;
  for (let g = 0; g < playouts; g++) {
    let mask = 0;
    let listed = -1;
    let n = 0;
    let nKings = 0;
    let nPairs = 0;
    let talonRemoved = 0;
    let next = startNext;
    let usage = 0;
    let steps = 0;
    let outcome = 0; // 1 won, -1 lost
    while (outcome === 0) {
      if (++steps > PLAYOUT_MOVE_CAP) {
        capped++;
        break;
      }
      if (listed !== mask) {
        listed = mask;
        n = 0;
        nKings = 0;
        nPairs = 0;
        availOfValue.fill(0);
        for (let t = ~mask & FULL_PYRAMID; t !== 0; t &= t - 1) {
          const i = 31 - Math.clz32(t & -t);
          if ((mask & COVER_MASK[i]!) === COVER_MASK[i]) {
            avail[n++] = i;
            availOfValue[value[i]!]!++;
            if (value[i] === 13) kings[nKings++] = i;
          }
        }
        for (let a = 0; a < n; a++) {
          pairStart[a] = nPairs;
          const va = value[avail[a]!]!;
          for (let b = a + 1; b < n; b++) if (va + value[avail[b]!]! === 13) partner[nPairs++] = avail[b]!;
        }
        pairStart[n] = nPairs;
      }
      // The waste top (the highest talon card in play below the boundary) and the stock top.
      const below = ~talonRemoved & ((1 << next) - 1);
      const top = below === 0 ? -1 : 31 - Math.clz32(below);
      const above = ~talonRemoved & 0xffffff & ~((1 << next) - 1);
      const stockTop = above === 0 ? -1 : 31 - Math.clz32(above & -above);
      const vt = top >= 0 ? tv[top]! : 0;
      const wasteKing = vt === 13 ? 1 : 0;
      const wastePairs = vt >= 1 && vt <= 12 ? availOfValue[13 - vt]! : 0;
      const talonMove = stockTop >= 0 || (top >= 0 && cycles) ? 1 : 0;
      const k = nKings + wasteKing + nPairs + wastePairs + talonMove;
      if (k === 0) {
        outcome = -1;
        break;
      }
      const pick = rng.uniform(k);
      if (pick === k - talonMove) {
        // The talon move (numbered last): a draw, or the turn-over once the stock is empty.
        next = stockTop >= 0 ? stockTop + 1 : 0;
        continue;
      }
      let a = -1; // pyramid card removed, or none
      let b = -1; // its partner in the pyramid
      let waste = false; // the waste top removed
      if (pick < nKings) a = kings[pick]!;
      else if (pick < nKings + wasteKing) waste = true;
      else {
        let r = pick - nKings - wasteKing;
        for (let i = 0; a < 0; i++) {
          const own = pairStart[i + 1]! - pairStart[i]!;
          const withWaste = vt !== 0 && value[avail[i]!]! + vt === 13 ? 1 : 0;
          if (r < own) {
            a = avail[i]!;
            b = partner[pairStart[i]! + r]!;
          } else if (r < own + withWaste) {
            a = avail[i]!;
            waste = true;
          } else r -= own + withWaste;
        }
      }
      if (a >= 0) mask |= 1 << a;
      if (b >= 0) mask |= 1 << b;
      if (waste) {
        talonRemoved |= 1 << top;
        usage = space.useTalon(usage, vt);
      }
      if (mask === FULL_PYRAMID) outcome = 1;
      else if (!space.winnable(space.closeKings(mask), usage)) outcome = -1;
    }
    if (outcome === 1) wins++;
  }
  return { wins, capped };
}

/**
 * The difficulty figures of a deal known to be winnable. Other rules, or a deal without its
 * stock order, get null figures and the tier `unknown`, with the reason in `notes`.
 */
export function pyramideDifficulty(
  deal: PyramideDeal,
  rules: PyramideRules,
  playouts = DEFAULT_PLAYOUTS,
  stateLimit = DEFAULT_STATE_LIMIT,
  exactLimit = EXACT_STATE_LIMIT,
): PyramideDifficulty {
  if (!talonIsFree(rules)) return UNKNOWN(['difficulty is measured under rules where the stock order cannot matter (the app rules) only']);
  if (talonOf(deal) === null) return UNKNOWN(['difficulty needs the stock order, which this deal does not give']);
  const space = new PyramideDecisionSpace(deal, stateLimit);
  const start = space.closeKings(0);
  // A King first in the waste is taken at once too: it pairs with nothing.
  if (!space.winnable(start, 0)) {
    if (space.overflow) return UNKNOWN([`difficulty: more than ${stateLimit} positions`]);
    throw new Error('difficulty asked of a deal that cannot be won');
  }
  const memo = new Map<number, LineFigures>();
  const line = bestLine(space, start, 0, memo);
  if (space.overflow) return UNKNOWN([`difficulty: more than ${stateLimit} positions`]);
  const forgiveness = line.moves === 0 ? 1 : line.good / line.moves;
  const notes: string[] = [];
  const exact =
    exactLimit > 0 && !exactWouldOverflow(space, memo.keys(), exactLimit)
      ? exactStartRate(space, exactLimit, rules.wasteStartsEmpty)
      : null;
  if (space.overflow) return UNKNOWN([`difficulty: more than ${stateLimit} positions`]);
  let rate: { p: number; error: number; playouts: number | null; score: number };
  if (exact !== null) {
    rate = { p: exact, error: 0, playouts: null, score: pyramideScoreOf(line.crossroads, forgiveness, exact) };
  } else {
    const { wins, capped } = randomPlayouts(space, rules, dealSeed(deal), playouts);
    if (space.overflow) return UNKNOWN([`difficulty: more than ${stateLimit} positions`]);
    if (capped > 0) notes.push(`${capped} random playouts stopped after ${PLAYOUT_MOVE_CAP} moves, counted lost`);
    const { low, high } = wilson95(wins, playouts);
    rate = { p: wins / playouts, error: (high - low) / 2, playouts, score: pyramideScore(line.crossroads, forgiveness, wins, playouts) };
  }
  const score = rate.score;
  return {
    crossroads: line.crossroads,
    forgiveness: round(forgiveness, 4),
    // An exact rate to 4 significant digits (the score uses it in full).
    randomWinRate: Number(rate.p.toPrecision(4)),
    randomWinError: round(rate.error, 4),
    randomPlayouts: rate.playouts,
    randomExact: exact !== null,
    difficulty: score,
    tier: tierOf(thresholdsFor(PYRAMIDE_SCALE, rulesName(rules)), score),
    notes,
  };
}
