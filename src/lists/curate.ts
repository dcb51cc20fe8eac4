/**
 * Curated deal lists: the stored deals that pass every filter, ordered, cut to a count.
 * What the database lacks is analysed on the fly through the batch pool (every result is
 * stored), code by code from the start of the range, until enough deals pass or `scan`
 * codes have been analysed. The list is a function of the database and the arguments only.
 */
import type Database from 'better-sqlite3';
import { planBatch } from '../batch/inputs.js';
import { type BatchProgress, runBatch } from '../batch/run.js';
import { solverVersionOf } from '../batch/version.js';
import { formatDealCode, MAX_DEAL_NUMBER, parseDealCode } from '../codes/dealCode.js';
import { Sfc32 } from '../codes/sfc32.js';
import { InputError } from '../errors/inputError.js';
import { type Dealer, dealerCode, dealerFor, dealerNumber } from '../games/dealers.js';
import { byReach, type TierOrUnknown, thresholdsFor } from '../games/difficulty.js';
import { allGames } from '../games/registry.js';
import type { GameModule, RuleFlags } from '../games/types.js';
import type { Limits } from '../search/limits.js';
import { type CuratedDeal, type CurateFilter, dollarsOf, findCurated, listColumns, storedCodes } from '../store/curateQuery.js';
import { type NumberRange, parseRange } from '../store/numberRange.js';

/**
 * The columns of a curated list in CSV, and of the shipped lists: the common ones, then the
 * figures the games list. Lists are read by header name, so older ones without a column stay readable.
 */
export function csvFields(): string[] {
  return ['code', 'verdict', 'tier', 'difficulty', 'minMoves', 'stuck', 'dollars', ...listColumns()];
}

/** A curated list as `curate --format csv` writes it: a header line, then a deal a line. */
export function curatedCsv(deals: readonly CuratedDeal[]): string {
  const cell = (v: unknown): string => (v === null || v === undefined ? '' : String(v));
  const fields = csvFields();
  return [fields.join(','), ...deals.map((d) => fields.map((f) => cell(d[f])).join(','))].join('\n') + '\n';
}

/** Refuses a tier of a rule set without tier cuts (`--tier` or the API's `tier`, named by `flag`). */
export function refuseTierWithoutCuts(game: GameModule, rules: string, tier: TierOrUnknown | undefined, flag: string): void {
  if (tier !== undefined && tier !== 'unknown' && thresholdsFor(game.difficulty, rules) === null) {
    throw new InputError(`${flag} ${tier}: ${game.name} under rules ${rules} has no difficulty tiers yet (only ${flag} unknown)`);
  }
}

/** The games' rule sets played for dollars, for messages: `Double Solitaire D1V, D3V`. */
export function dollarRuleSets(): string {
  const named = allGames().flatMap((g) => (g.dollars === undefined ? [] : [`${g.name} ${g.dollars.rules.join(', ')}`]));
  return named.length === 0 ? 'none' : named.join('; ');
}

/**
 * A range of dollars (`--dollars` or the API's `dollars`, named by `flag`) as the range of the
 * stuck figure whose lines pay that: cards >= ceil((MIN - start) / perCard), cards <=
 * floor((MAX - start) / perCard). Refuses it beside the stuck range (`stuckFlag`), for a game or
 * rule set not played for dollars, and a range no line pays.
 */
export function dollarsRange(
  game: GameModule,
  rules: string,
  text: string,
  flag: string,
  stuckFlag = '--stuck',
  stuckGiven = false,
): { dollars: NumberRange; stuck: NumberRange } {
  if (stuckGiven) {
    throw new InputError(`give ${stuckFlag} or ${flag}, not both: ${flag} is a range of the stuck figure, counted in dollars`);
  }
  const pay = dollarsOf(game, rules);
  if (pay === null) {
    throw new InputError(
      `${flag}: ${game.name} under rules ${rules} is not played for dollars (the rule sets that are: ${dollarRuleSets()})`,
    );
  }
  const dollars = parseRange(text, flag, { negative: true });
  const stuck: NumberRange = {
    ...(dollars.min !== undefined ? { min: Math.ceil((dollars.min - pay.start) / pay.perCard) } : {}),
    ...(dollars.max !== undefined ? { max: Math.floor((dollars.max - pay.start) / pay.perCard) } : {}),
  };
  if (stuck.min !== undefined && stuck.max !== undefined && stuck.min > stuck.max) {
    throw new InputError(
      `${flag} "${text}": no line pays that: a line pays ${pay.start} + ${pay.perCard} a card ` +
        `(..., ${pay.start + pay.perCard * stuck.max}, ${pay.start + pay.perCard * stuck.min}, ...); expected a range holding one of these`,
    );
  }
  return { dollars, stuck };
}

export type CurateOrder = 'difficulty' | 'code' | 'random';

export interface CurateRequest {
  filter: Omit<CurateFilter, 'solverVersion' | 'codes'>;
  /** The game, its rule flags as given and the canonical rule name. */
  game: GameModule;
  flags: RuleFlags;
  /** Code numbers of the range, both ends included, with the code's family and letters. */
  family: string;
  options: string;
  first: number;
  last: number;
  /** An app's dealer whose codes `first` to `last` are (`code(n)`), instead of the family and letters. */
  dealer?: Dealer;
  count: number;
  order: CurateOrder;
  seed: number;
  /** At most this many codes analysed on the fly (0: the database only). */
  scan: number;
  limits: Limits;
  workers: number;
  onStart?: (p: BatchProgress) => void;
  onProgress?: (p: BatchProgress) => void;
}

export interface CurateResult {
  deals: CuratedDeal[];
  asked: number;
  /** Deals passing every filter (before the cut to `count`). */
  matching: number;
  /** Codes analysed on the fly by this run. */
  analysed: number;
  /** Whether the scan ran to its limit or the end of the range without finding enough. */
  short: boolean;
}

const RANDOM_ORDER_SALT = 0x43555241;

/**
 * `difficulty`: hardest first: winnable deals by score (high first), then deals that cannot
 * be won by their stuck figure (fewest cards removable first); with `byReach` (the rule
 * set's tiers are on the stuck figure: Vegas) every deal by its stuck figure, fewest first.
 * `code`: code order; `random`: a Fisher-Yates shuffle of the code-ordered deals by sfc32
 * seeded with `seed`.
 */
export function orderDeals(deals: readonly CuratedDeal[], order: CurateOrder, seed: number, byReach = false): CuratedDeal[] {
  const out = [...deals];
  if (order === 'code') return out;
  if (order === 'random') {
    const rng = new Sfc32(RANDOM_ORDER_SALT, seed);
    for (let i = out.length - 1; i > 0; i--) {
      const j = rng.uniform(i + 1);
      [out[i], out[j]] = [out[j]!, out[i]!];
    }
    return out;
  }
  const key = (d: CuratedDeal): number[] => {
    // A deal without a stuck figure last: nothing says how far it goes.
    if (byReach) return [0, d.stuck ?? Infinity];
    if (d.verdict === 'winnable') return [0, -(d.difficulty ?? -Infinity)];
    if (d.verdict === 'unwinnable') return [1, d.stuck ?? Infinity];
    return [2, 0];
  };
  return out.sort((a, b) => {
    const ka = key(a);
    const kb = key(b);
    return ka[0]! - kb[0]! || ka[1]! - kb[1]! || (a.code < b.code ? -1 : a.code > b.code ? 1 : 0);
  });
}

export async function curate(db: Database.Database, req: CurateRequest): Promise<CurateResult> {
  const dealer = req.dealer;
  const code = (n: number): string =>
    dealer !== undefined ? dealerCode(dealer, n) : formatDealCode({ family: req.family, options: req.options, number: n });
  const filter: CurateFilter = {
    ...req.filter,
    solverVersion: solverVersionOf(req.game),
    ...(dealer !== undefined ? { dealer: dealer.name } : { codes: { first: code(req.first), last: code(req.last) } }),
  };
  const find = (): CuratedDeal[] => (dealer === undefined ? findCurated(db, filter) : inDealerRange(findCurated(db, filter), dealer, req));
  let matching = find();
  let analysed = 0;
  let next = req.first;
  while (matching.length < req.count && analysed < req.scan && next <= req.last) {
    // The next codes of the range not stored yet, a round at a time.
    const stored = storedCodes(db, filter);
    const round = Math.min(req.scan - analysed, Math.max(32, 2 * (req.count - matching.length)));
    const todo: string[] = [];
    while (todo.length < round && next <= req.last) {
      const c = code(next++);
      if (!stored.has(c)) todo.push(c);
    }
    if (todo.length === 0) break;
    const plan = planBatch({ args: todo }, req.flags);
    await runBatch({
      plan,
      db,
      workers: req.workers,
      limits: req.limits,
      analyse: {},
      ...(req.onStart ? { onStart: req.onStart } : {}),
      ...(req.onProgress ? { onProgress: req.onProgress } : {}),
    });
    analysed += todo.length;
    matching = find();
  }
  const ordered = orderDeals(matching, req.order, req.seed, byReach(thresholdsFor(req.game.difficulty, filter.rules)));
  return {
    deals: ordered.slice(0, req.count),
    asked: req.count,
    matching: matching.length,
    analysed,
    short: matching.length < req.count,
  };
}

/** A dealer's stored deals of the range, in number order (their text order is not: `ACME-10` before `ACME-9`). */
function inDealerRange(deals: CuratedDeal[], dealer: Dealer, range: { first: number; last: number }): CuratedDeal[] {
  const numbered = deals.map((d) => ({ d, n: dealerNumber(dealer, d.code) }));
  return numbered
    .filter(({ n }) => n >= range.first && n <= range.last)
    .sort((a, b) => a.n - b.n)
    .map(({ d }) => d);
}

/**
 * A range of an app's dealer's codes from `--from` (one of its codes) and `--to`; null when
 * `--from` is not a dealer's code. Without `--to` it runs as far as the scan goes.
 */
export function dealerCodeRange(from: string | undefined, to: string | undefined): { dealer: Dealer; first: number; last: number } | null {
  const dealer = from === undefined ? undefined : dealerFor(from);
  if (dealer === undefined || from === undefined) {
    if (to !== undefined && dealerFor(to) !== undefined)
      throw new InputError(`--to ${to} is a dealer's code: give --from too, a code of the same dealer`);
    return null;
  }
  if (to !== undefined && dealerFor(to) !== dealer) throw new InputError(`--to ${to}: expected a code of dealer ${dealer.name}, as --from`);
  const first = dealerNumber(dealer, from);
  const last = to === undefined ? Number.MAX_SAFE_INTEGER : dealerNumber(dealer, to);
  return { dealer, first, last };
}

/** A code range from `--from` / `--to` for a game: the first code of its first letters to the last. */
export function codeRange(
  game: GameModule,
  from: string | undefined,
  to: string | undefined,
  rules?: string,
): { family: string; options: string; first: number; last: number } {
  // Without --from the range starts at deal 0 of --to's letters, else of the rule set's own
  // letters (`--rules D3N`: DS1-D3N-AAAAAAA), else of the game's first.
  const letters =
    to !== undefined
      ? parseDealCode(to).options
      : rules !== undefined && game.codes.options.includes(rules)
        ? rules
        : game.codes.options[0]!;
  const start = from !== undefined ? parseDealCode(from) : { family: game.codes.family, options: letters, number: 0 };
  const end = to !== undefined ? parseDealCode(to) : { ...start, number: MAX_DEAL_NUMBER };
  return { family: start.family, options: start.options, first: start.number, last: end.number };
}
