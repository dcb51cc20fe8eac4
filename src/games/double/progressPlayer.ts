/**
 * Simple Double Solitaire players that do not search, on the rules engine, seeded.
 *
 * A move is _progress_ when it cannot be undone and brings the game forward: a card to the
 * foundations, a run moved off the face-down cards beneath it (turning one up), the waste
 * top to a column. Every other card move can be undone
 * and the talon moves go round, so a player making only progress moves and drawing
 * otherwise never loops: it gives up after a whole round of the talon without progress.
 *
 * - The _random progress player_ (the difficulty's random-play rate) picks uniformly among
 *   the progress moves, and draws (or turns over) when there is none.
 * - The _scripted player_ (the check that the tiers mean something) plays by priority: a
 *   card to the foundations, else a run off face-down cards, else a run moved so that the
 *   card it uncovers can go to the foundations, else the waste top to a column, else a draw
 *   or a turn-over; a uniform choice among the moves of the first kind that has some.
 */
import { Sfc32 } from '../../codes/sfc32.js';
import { COLUMNS, type DoubleDeal, type DoubleRules, DoubleState, PILES } from './engine.js';
import { KING, ONTO } from './faceTables.js';
import { M_CC, M_CF, M_WC, M_WF, mA, mKind, mN, mv } from './move.js';

const PROGRESS_SALT = 0x50524f47;
const SCRIPTED_SALT = 0x53435244;
/** A game longer than this is stopped and counted lost (a win takes a few hundred moves). */
const MOVE_CAP = 20_000;

/** Moves that are progress (see the file comment), by kind: 0 foundation, 1 off face-down cards, 2 waste to a column; -1 none. */
function progressKind(s: DoubleState, m: number): number {
  const k = mKind(m);
  if (k === M_CF || k === M_WF) return 0;
  if (k === M_CC) {
    const a = mA(m);
    return s.down[a]! > 0 && s.len[a]! - mN(m) === s.down[a]! ? 1 : -1;
  }
  if (k === M_WC) return 2;
  return -1;
}

/** Whether a column-to-column move uncovers a face-up card that can go to the foundations. */
function freesFoundationCard(s: DoubleState, m: number): boolean {
  if (mKind(m) !== M_CC) return false;
  const a = mA(m);
  const below = s.len[a]! - mN(m) - 1;
  return below >= s.down[a]! && below >= 0 && s.pileFor(s.card(a, below)) >= 0;
}

type Chooser = (s: DoubleState, rng: Sfc32, pick: number[]) => number;

function play(deal: DoubleDeal, rules: DoubleRules, games: number, rng: Sfc32, choose: Chooser): number {
  let wins = 0;
  const pick: number[] = [];
  for (let g = 0; g < games; g++) {
    const s = new DoubleState(deal, rules);
    let idle = 0;
    for (let steps = 0; steps < MOVE_CAP && !s.isWon(); steps++) {
      const m = choose(s, rng, pick);
      if (m >= 0) {
        s.apply(m);
        idle = 0;
        continue;
      }
      const talon = s.talonMove();
      // A whole round of the talon without progress: nothing will change any more.
      if (talon < 0 || idle > s.talLen + 1) break;
      s.apply(talon);
      idle++;
    }
    if (s.isWon()) wins++;
  }
  return wins;
}

/**
 * The progress moves of a position into `out`, in the order `legalMoves` lists them (so a
 * seeded choice picks the same move): per column its card to the foundations, then its
 * face-up run off the face-down cards onto each column that takes it (`columnProgress`); then
 * the waste top to the foundations and onto each column (`wasteProgress`). Most of a random
 * game's positions offer none, and listing every legal move to find that out took a fifth of
 * a deal's analysis.
 */
function columnProgress(s: DoubleState, out: number[]): void {
  out.length = 0;
  for (let a = 0; a < COLUMNS; a++) {
    const l = s.len[a]!;
    if (l === 0) continue;
    if (s.pileFor(s.top(a)) >= 0) out.push(mv(M_CF, a));
    const d = s.down[a]!;
    if (d === 0) continue;
    const base = s.card(a, d);
    for (let b = 0; b < COLUMNS; b++) {
      if (b === a) continue;
      if (s.takes(b, base)) out.push(mv(M_CC, a, b, l - d));
    }
  }
}

function wasteProgress(s: DoubleState, out: number[]): void {
  const w = s.wasteTop();
  if (w < 0) return;
  if (s.pileFor(w) >= 0) out.push(mv(M_WF));
  for (let b = 0; b < COLUMNS; b++) {
    if (s.takes(b, w)) out.push(mv(M_WC, 0, b));
  }
}

/** Per face, 1 when it would be progress as the waste top (`wasteProgress` has a move for it), for the position of `markPlayable`. */
const playable = new Uint8Array(52);

/** Fills `playable` for `s`: the faces that go on a column top (Kings: into an empty column) or up to the foundations. */
function markPlayable(s: DoubleState): void {
  playable.fill(0);
  let empty = false;
  for (let b = 0; b < COLUMNS; b++) {
    if (s.len[b] === 0) {
      empty = true;
      continue;
    }
    const onto = ONTO[s.top(b)]!;
    if (onto !== 0) {
      playable[onto & 63] = 1;
      playable[onto >> 6] = 1;
    }
  }
  if (empty) for (let king = KING - 1; king < 52; king += 13) playable[king] = 1;
  for (let p = 0; p < PILES; p++) {
    const rank = s.fnd[p]! + 1;
    if (rank <= KING) playable[(p >> 1) * 13 + rank - 1] = 1;
  }
}

/** Wins of the random progress player in `games` games seeded by `seed`. */
export function randomProgressWins(deal: DoubleDeal, rules: DoubleRules, games: number, seed: number): number {
  // After a position with no progress move the player only draws or turns over, which leaves
  // the columns and foundations as they were: their moves (none) need no second look.
  // While idle, which waste tops would be progress is worked out once (`playable`).
  let idle: DoubleState | null = null;
  let playableFor: DoubleState | null = null;
  return play(deal, rules, games, new Sfc32(PROGRESS_SALT, seed), (s, rng, pick) => {
    if (idle === s) {
      if (playableFor !== s) {
        markPlayable(s);
        playableFor = s;
      }
      const w = s.wasteTop();
      if (w < 0 || playable[w] === 0) return -1;
      pick.length = 0;
    } else columnProgress(s, pick);
    wasteProgress(s, pick);
    idle = pick.length === 0 ? s : null;
    if (idle === null) playableFor = null;
    return pick.length === 0 ? -1 : pick[rng.uniform(pick.length)]!;
  });
}

/** Wins of the scripted player in `games` games seeded by `seed`. */
export function scriptedDoubleWins(deal: DoubleDeal, rules: DoubleRules, games: number, seed: number): number {
  return play(deal, rules, games, new Sfc32(SCRIPTED_SALT, seed), (s, rng, pick) => {
    const legal = s.legalMoves();
    for (let level = 0; level < 4; level++) {
      pick.length = 0;
      for (const m of legal) {
        const k = progressKind(s, m);
        if (level === 0 ? k === 0 : level === 1 ? k === 1 : level === 2 ? k < 0 && freesFoundationCard(s, m) : k === 2) pick.push(m);
      }
      if (pick.length > 0) return pick[rng.uniform(pick.length)]!;
    }
    return -1;
  });
}
