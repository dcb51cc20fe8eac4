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
import { round, type TierOrUnknown, tierOf, wilson95 } from '../difficulty.js';
import { type PyramideDeal, talonOf } from './deal.js';
import { COVER_MASK, FULL_PYRAMID, PYRAMID_SIZE } from './layout.js';
import { ExactRandomPlay } from './randomPlay.js';
import { type PyramideRules, rulesName, talonIsFree } from './rules.js';
import { TalonUsage } from './solver/talonUsage.js';

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

/** The positions of one deal and their winnability, memoised. */
export class PyramideDecisionSpace {
  readonly value = new Int32Array(PYRAMID_SIZE);
  /** Talon card values in dealing order. */
  readonly talonValue: Int32Array;
  /** The talon by value, and the usage number (see solver/talonUsage.ts). */
  private readonly talon = new TalonUsage();
  /** key → 1 winnable, 0 not. Key: mask + usage · 2^28 (usage < 3^12, so the key stays exact). */
  private readonly win = new Map<number, number>();
  /** Successor buffers, one slice per depth (a position has far fewer than 64 removals). */
  private readonly succMask = new Int32Array(64 * 32);
  private readonly succUsage = new Int32Array(64 * 32);
  private readonly avail = new Int32Array(PYRAMID_SIZE * 32);
  overflow = false;

  constructor(
    deal: PyramideDeal,
    private readonly stateLimit: number,
  ) {
    for (let i = 0; i < PYRAMID_SIZE; i++) this.value[i] = rankOf(deal.pyramid[i]!);
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

  /** Takes every free pyramid King, repeatedly. */
  closeKings(mask: number): number {
    for (;;) {
      let changed = false;
      for (let i = 0; i < PYRAMID_SIZE; i++) {
        if (this.value[i] === 13 && ((mask >> i) & 1) === 0 && (mask & COVER_MASK[i]!) === COVER_MASK[i]) {
          mask |= 1 << i;
          changed = true;
        }
      }
      if (!changed) return mask;
    }
  }

  /**
   * Writes the removals of a position (Kings closed) into the depth's slice; returns their
   * number. A pair with a talon card counts once per value, as any card of it can be drawn.
   */
  successors(mask: number, usage: number, depth: number): number {
    const base = depth * 64;
    const abase = depth * PYRAMID_SIZE;
    let n = 0;
    for (let i = 0; i < PYRAMID_SIZE; i++) {
      if (((mask >> i) & 1) === 0 && (mask & COVER_MASK[i]!) === COVER_MASK[i]) this.avail[abase + n++] = i;
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

  static key(mask: number, usage: number): number {
    return mask + usage * 268435456;
  }

  /** Whether the position (Kings closed) can be won; false also once the state limit is hit (check `overflow`). */
  winnable(mask: number, usage: number, depth = 0): boolean {
    if (mask === FULL_PYRAMID) return true;
    const key = PyramideDecisionSpace.key(mask, usage);
    const known = this.win.get(key);
    if (known !== undefined) return known === 1;
    if (this.overflow) return false;
    if (this.win.size >= this.stateLimit) {
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
    this.win.set(key, result);
    return result === 1;
  }

  get states(): number {
    return this.win.size;
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
  // Move buffer: a | b << 6 | kind << 12; a, b pyramid positions, 28 = the waste top.
  const moves = new Int32Array(256);
  const avail = new Int32Array(PYRAMID_SIZE);
  const WASTE = 28;
  const startNext = rules.wasteStartsEmpty ? 0 : 1;
  let wins = 0;
  let capped = 0;
  for (let g = 0; g < playouts; g++) {
    let mask = 0;
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
      let n = 0;
      for (let i = 0; i < PYRAMID_SIZE; i++) {
        if (((mask >> i) & 1) === 0 && (mask & COVER_MASK[i]!) === COVER_MASK[i]) avail[n++] = i;
      }
      let top = -1;
      for (let i = next - 1; i >= 0; i--) {
        if (((talonRemoved >> i) & 1) === 0) {
          top = i;
          break;
        }
      }
      let stockTop = -1;
      for (let i = next; i < 24; i++) {
        if (((talonRemoved >> i) & 1) === 0) {
          stockTop = i;
          break;
        }
      }
      let k = 0;
      for (let a = 0; a < n; a++) {
        const pa = avail[a]!;
        if (value[pa] === 13) moves[k++] = pa | (0 << 12);
      }
      if (top >= 0 && tv[top] === 13) moves[k++] = WASTE | (0 << 12);
      for (let a = 0; a < n; a++) {
        const pa = avail[a]!;
        for (let b = a + 1; b < n; b++) {
          if (value[pa]! + value[avail[b]!]! === 13) moves[k++] = pa | (avail[b]! << 6) | (1 << 12);
        }
        if (top >= 0 && value[pa]! + tv[top]! === 13) moves[k++] = pa | (WASTE << 6) | (1 << 12);
      }
      if (stockTop >= 0) moves[k++] = 2 << 12;
      else if (top >= 0 && rules.passes === Infinity) moves[k++] = 3 << 12;
      if (k === 0) {
        outcome = -1;
        break;
      }
      const m = moves[rng.uniform(k)]!;
      const kind = m >> 12;
      if (kind === 2) {
        next = stockTop + 1;
        continue;
      }
      if (kind === 3) {
        next = 0;
        continue;
      }
      const a = m & 63;
      const b = kind === 1 ? (m >> 6) & 63 : -1;
      for (const c of [a, b]) {
        if (c < 0) continue;
        if (c === WASTE) {
          talonRemoved |= 1 << top;
          usage = space.useTalon(usage, tv[top]!);
        } else {
          mask |= 1 << c;
        }
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
  const line = bestLine(space, start, 0, new Map());
  if (space.overflow) return UNKNOWN([`difficulty: more than ${stateLimit} positions`]);
  const forgiveness = line.moves === 0 ? 1 : line.good / line.moves;
  const notes: string[] = [];
  const exact = exactLimit > 0 ? new ExactRandomPlay(space, exactLimit).startRate(rules.wasteStartsEmpty) : null;
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
    tier: tierOf('pyramide', rulesName(rules), score),
    notes,
  };
}
