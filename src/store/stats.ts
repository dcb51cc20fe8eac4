/**
 * Figures over stored results, per game and rule set: how many deals, the share winnable
 * with its 95% confidence interval, and the distributions of the move counts and of the
 * stuck figure. A deal stored several times (other solver versions, other analyses) counts
 * once: a settled verdict before an unknown one, a full analysis before a winnability-only
 * one, then the newest.
 */
import type Database from 'better-sqlite3';
import { byReach, TIERS, thresholdsFor } from '../games/difficulty.js';
import { allGames } from '../games/registry.js';
import type { GameId, GameModule } from '../games/types.js';
import { type ResultFilter, storedTier, whereOf } from './resultFilter.js';

/** A stored game's module, or undefined for rows of a game not loaded now (they get no tiers). */
function knownGame(id: string): GameModule | undefined {
  return allGames().find((g) => g.id === id);
}

export interface Interval {
  low: number;
  high: number;
}

/** Wilson score interval for a proportion (z = 1.96 for 95%). */
export function wilsonInterval(successes: number, trials: number, z = 1.96): Interval | null {
  if (trials <= 0) return null;
  const p = successes / trials;
  const z2 = z * z;
  const denom = 1 + z2 / trials;
  const centre = (p + z2 / (2 * trials)) / denom;
  const half = (z / denom) * Math.sqrt((p * (1 - p)) / trials + z2 / (4 * trials * trials));
  return { low: Math.max(0, centre - half), high: Math.min(1, centre + half) };
}

export interface Bucket {
  /** Lowest value of the bucket; `to` is the highest (equal for one value per bucket). */
  from: number;
  to: number;
  count: number;
}

export interface SlowDeal {
  deal: string;
  verdict: string;
  ms: number;
  nodes: number;
}

export interface GroupStats {
  game: GameId;
  rules: string;
  deals: number;
  winnable: number;
  unwinnable: number;
  unknown: number;
  /** Share of winnable deals among those decided, with the 95% Wilson interval. */
  winnableShare: number | null;
  winnableInterval: Interval | null;
  /** Winnable deals whose minimum move count is proven, and those with only the best found. */
  minMovesProved: number;
  minMovesUnproved: number;
  /** Winnable deals without a move count (winnability only, or a limit stopped the search first). */
  minMovesMissing: number;
  /** Deals whose search a limit stopped (the unknown ones and those with a figure not proven). */
  cut: number;
  minMoves: Bucket[];
  /** Which figure `stuck` counts: the game's field name (`maxRemoved`), null when no row names one. */
  stuckFigure: string | null;
  /** Distribution of the stuck figure over the unwinnable deals. */
  stuck: Bucket[];
  /**
   * Winnable deals per difficulty tier (from the stored score and the game's thresholds;
   * `unknown`: winnable without a score), or null when the rule set has no tiers. Where the
   * cuts are by reach (Vegas), every deal per tier of its stuck figure (`unknown`: none).
   */
  tiers: Record<string, number> | null;
  /** Distribution of the difficulty score over the winnable deals that have one (whole points). */
  difficulty: Bucket[];
  slowest: SlowDeal[];
  totalMs: number;
  totalNodes: number;
  solverVersions: string[];
}

/** Counts per value, merged into at most `maxBuckets` buckets of equal width. */
export function bucketise(counts: ReadonlyArray<{ value: number; count: number }>, maxBuckets = 30): Bucket[] {
  if (counts.length === 0) return [];
  const min = Math.min(...counts.map((c) => c.value));
  const max = Math.max(...counts.map((c) => c.value));
  const width = Math.max(1, Math.ceil((max - min + 1) / maxBuckets));
  const buckets: Bucket[] = [];
  for (let from = min; from <= max; from += width) buckets.push({ from, to: from + width - 1, count: 0 });
  for (const c of counts) buckets[Math.floor((c.value - min) / width)]!.count += c.count;
  return buckets;
}

const PICK = `
WITH picked AS (
  SELECT * FROM (
    SELECT *, ROW_NUMBER() OVER (
      PARTITION BY game, rules, deal_key
      ORDER BY verdict = 'unknown', mode = 'winnability', analysed_at DESC, id DESC
    ) AS pick
    FROM results %WHERE%
  ) WHERE pick = 1
)`;

export function computeStats(db: Database.Database, filter: ResultFilter, slowest = 10): GroupStats[] {
  const { sql, params } = whereOf(filter);
  const withPicked = PICK.replace('%WHERE%', sql);
  const groups = db
    .prepare(
      `${withPicked} SELECT game, rules, count(*) AS deals,
         sum(verdict = 'winnable') AS winnable, sum(verdict = 'unwinnable') AS unwinnable, sum(verdict = 'unknown') AS unknown,
         sum(verdict = 'winnable' AND min_moves IS NOT NULL AND min_moves_proved = 1) AS proved,
         sum(verdict = 'winnable' AND min_moves IS NOT NULL AND min_moves_proved = 0) AS unproved,
         sum(verdict = 'winnable' AND min_moves IS NULL) AS missing,
         sum(limit_hit IS NOT NULL OR verdict = 'unknown') AS cut,
         sum(ms) AS ms, sum(nodes) AS nodes, max(stuck_figure) AS stuck_figure
       FROM picked GROUP BY game, rules ORDER BY game, rules`,
    )
    .all(...params) as Array<{
    game: GameId;
    rules: string;
    deals: number;
    winnable: number;
    unwinnable: number;
    unknown: number;
    proved: number;
    unproved: number;
    missing: number;
    cut: number;
    ms: number;
    nodes: number;
    stuck_figure: string | null;
  }>;

  const moves = db.prepare(
    `${withPicked} SELECT min_moves AS value, count(*) AS count FROM picked
     WHERE game = ? AND rules = ? AND verdict = 'winnable' AND min_moves IS NOT NULL GROUP BY min_moves ORDER BY min_moves`,
  );
  const stuck = db.prepare(
    `${withPicked} SELECT stuck AS value, count(*) AS count FROM picked
     WHERE game = ? AND rules = ? AND verdict = 'unwinnable' AND stuck IS NOT NULL GROUP BY stuck ORDER BY stuck`,
  );
  const slow = db.prepare(
    `${withPicked} SELECT deal_key AS deal, verdict, ms, nodes FROM picked WHERE game = ? AND rules = ? ORDER BY ms DESC LIMIT ?`,
  );
  /**
   * The deals per tier (the winnable ones by score; every one by its stuck figure where the
   * cuts are by reach), and the winnable deals' scores as a histogram of whole points.
   */
  const difficulty = (game: string, rules: string): { tiers: Record<string, number> | null; buckets: Bucket[] } => {
    const scale = knownGame(game)?.difficulty;
    if (scale === undefined) return { tiers: null, buckets: [] };
    const cuts = thresholdsFor(scale, rules);
    const reach = byReach(cuts);
    // The scale's field is a declared plain name, as the games' figures are.
    const figures = db.prepare(
      `${withPicked} SELECT verdict, stuck, json_extract(extra, '$.${scale.field}') AS score FROM picked
       WHERE game = ? AND rules = ?${reach ? '' : " AND verdict = 'winnable'"}`,
    );
    const counts: Record<string, number> = Object.fromEntries([...TIERS, 'unknown'].map((t) => [t, 0]));
    const points = new Map<number, number>();
    for (const r of figures.all(...params, game, rules) as Array<{ verdict: string; stuck: number | null; score: number | null }>) {
      const tier = storedTier(cuts, r);
      if (tier !== null) counts[tier]!++;
      if (r.verdict !== 'winnable') continue;
      if (r.score !== null) points.set(Math.floor(r.score), (points.get(Math.floor(r.score)) ?? 0) + 1);
    }
    const buckets = bucketise([...points].sort((a, b) => a[0] - b[0]).map(([value, count]) => ({ value, count })));
    return { tiers: cuts === null ? null : counts, buckets };
  };
  const versions = db.prepare(`${withPicked} SELECT DISTINCT solver_version AS v FROM picked WHERE game = ? AND rules = ? ORDER BY v`);

  return groups.map((g) => {
    const decided = g.winnable + g.unwinnable;
    const scores = difficulty(g.game, g.rules);
    return {
      game: g.game,
      rules: g.rules,
      deals: g.deals,
      winnable: g.winnable,
      unwinnable: g.unwinnable,
      unknown: g.unknown,
      winnableShare: decided > 0 ? g.winnable / decided : null,
      winnableInterval: wilsonInterval(g.winnable, decided),
      minMovesProved: g.proved,
      minMovesUnproved: g.unproved,
      minMovesMissing: g.missing,
      cut: g.cut,
      minMoves: bucketise(moves.all(...params, g.game, g.rules) as Array<{ value: number; count: number }>),
      stuckFigure: g.stuck_figure,
      stuck: bucketise(stuck.all(...params, g.game, g.rules) as Array<{ value: number; count: number }>),
      tiers: scores.tiers,
      difficulty: scores.buckets,
      slowest: slow.all(...params, g.game, g.rules, slowest) as SlowDeal[],
      totalMs: g.ms,
      totalNodes: g.nodes,
      solverVersions: (versions.all(...params, g.game, g.rules) as Array<{ v: string }>).map((r) => r.v),
    };
  });
}

const EIGHTHS = ['', '▏', '▎', '▍', '▌', '▋', '▊', '▉'];

/** A horizontal bar of `fraction` of `width` characters, in eighths of a character. */
function bar(fraction: number, width: number): string {
  const eighths = Math.round(Math.max(0, Math.min(1, fraction)) * width * 8);
  return '█'.repeat(Math.floor(eighths / 8)) + EIGHTHS[eighths % 8]!;
}

/** A text histogram, one line per bucket: label, bar, count and share. */
export function histogram(buckets: readonly Bucket[], indent = '    ', width = 40): string[] {
  const total = buckets.reduce((s, b) => s + b.count, 0);
  const most = Math.max(1, ...buckets.map((b) => b.count));
  const labels = buckets.map((b) => (b.from === b.to ? String(b.from) : `${b.from}-${b.to}`));
  const labelWidth = Math.max(...labels.map((l) => l.length));
  const countWidth = String(most).length;
  return buckets.map((b, i) => {
    const share = total > 0 ? `${((100 * b.count) / total).toFixed(1)}%` : '';
    return `${indent}${labels[i]!.padStart(labelWidth)} │${bar(b.count / most, width).padEnd(width)} ${String(b.count).padStart(countWidth)}  ${share.padStart(6)}`;
  });
}

function pct(x: number): string {
  return `${(100 * x).toFixed(1)}%`;
}

/**
 * The figures as text. `stuckTitle` names a group's stuck figure for its heading (the games
 * know what theirs count); without it the field name is shown.
 */
export function formatStats(groups: readonly GroupStats[], stuckTitle: (g: GroupStats) => string | null = () => null): string {
  if (groups.length === 0) return 'no results stored for these options\n';
  const out: string[] = [];
  for (const g of groups) {
    if (out.length) out.push('');
    out.push(`${g.game}, rules ${g.rules}: ${g.deals} deal${g.deals === 1 ? '' : 's'} (solver ${g.solverVersions.join(', ')})`);
    const decided = g.winnable + g.unwinnable;
    const ci = g.winnableInterval;
    out.push(
      `  winnable    ${String(g.winnable).padStart(8)}` +
        (g.winnableShare !== null && ci
          ? `  ${pct(g.winnableShare)} of ${decided} decided, 95% CI ${pct(ci.low)}-${pct(ci.high)} (Wilson)`
          : ''),
    );
    out.push(`  unwinnable  ${String(g.unwinnable).padStart(8)}`);
    out.push(`  unknown     ${String(g.unknown).padStart(8)}${g.unknown ? '  (not settled within the limits; see --retry-unknown)' : ''}`);
    if (g.cut > g.unknown) {
      out.push(
        `  cut short  ${String(g.cut - g.unknown).padStart(8)}  (settled, but a limit stopped the search before minMoves or the stuck figure was proven)`,
      );
    }
    if (g.unknown > 0 && g.deals > 0) {
      out.push(
        `  winnable if every unknown deal were winnable: ${pct((g.winnable + g.unknown) / g.deals)}; if none: ${pct(g.winnable / g.deals)}`,
      );
    }
    out.push(`  time ${(g.totalMs / 1000).toFixed(1)}s solving, ${g.totalNodes.toLocaleString('en-US')} positions`);
    if (g.minMoves.length) {
      out.push('');
      const proof = g.minMovesUnproved ? `${g.minMovesProved} proven minimal, ${g.minMovesUnproved} best found` : 'all proven minimal';
      const missing = g.minMovesMissing ? `; ${g.minMovesMissing} without a move count` : '';
      out.push(`  minMoves of the winnable deals (${proof}${missing}):`);
      out.push(...histogram(g.minMoves));
    }
    if (g.stuck.length) {
      out.push('');
      out.push(`  ${stuckTitle(g) ?? g.stuckFigure ?? 'stuck figure'} in the unwinnable deals:`);
      out.push(...histogram(g.stuck));
    }
    // Tiers by reach count every deal; the others, the winnable ones.
    const reach = byReach(thresholdsFor(knownGame(g.game)?.difficulty, g.rules));
    const tiered = reach ? g.deals : g.winnable;
    if (g.tiers && tiered > 0) {
      out.push('');
      out.push(
        reach
          ? `  difficulty tiers of every deal, by ${stuckTitle(g) ?? g.stuckFigure ?? 'stuck figure'}, more is easier:`
          : '  difficulty tiers of the winnable deals:',
      );
      for (const [tier, n] of Object.entries(g.tiers)) {
        if (tier === 'unknown' && n === 0) continue;
        out.push(`    ${tier.padEnd(8)} ${String(n).padStart(8)}  ${pct(n / tiered).padStart(6)}`);
      }
    }
    if (g.difficulty.length) {
      out.push('');
      out.push('  difficulty score of the winnable deals (whole points):');
      out.push(...histogram(g.difficulty));
    }
    if (g.slowest.length) {
      out.push('');
      out.push('  slowest deals:');
      const w = Math.max(...g.slowest.map((s) => s.deal.length));
      for (const s of g.slowest) {
        out.push(
          `    ${s.deal.padEnd(w)}  ${s.verdict.padEnd(10)} ${s.ms.toFixed(0).padStart(7)} ms  ${s.nodes.toLocaleString('en-US').padStart(13)} positions`,
        );
      }
    }
  }
  return out.join('\n') + '\n';
}
