/**
 * Double Solitaire benchmark: solves the codes DS1-<rules>-AAAAAAA onwards, one after the
 * other on one core, for D1N, D3N, D1V and D3V, and prints per rule set the share decided within
 * the per-deal time limit, median / p95 / max ms among decided deals, nodes per second and
 * the peak resident memory, the length of the printed winning lines (median / max), how
 * far they are from the proven lower bound on the moves of any win (median ratio) and their
 * turn-overs (median / max), for the undecided deals the most foundation cards reached, and
 * for the deals not won the length of the line printed to that figure.
 *
 *   --count N       deals per rule set (default 200)
 *   --rules A,B     rule sets (default D1N,D3N,D1V,D3V)
 *   --time-limit S  seconds per deal (default 10)
 *   --from N        first deal number (default 0)
 *   --optimize      search for the fewest moves too, and count the minimums proven
 */
import { dealNumberLetters } from '../src/codes/dealCode.js';
import { openDouble } from '../src/games/double/index.js';
import { percentile } from './stats.js';

function option(args: string[], name: string): string | undefined {
  const i = args.indexOf(name);
  return i >= 0 ? args[i + 1] : undefined;
}

export async function runDoubleBench(args: string[]): Promise<void> {
  const count = Number(option(args, '--count') ?? 200);
  const from = Number(option(args, '--from') ?? 0);
  const timeMs = Number(option(args, '--time-limit') ?? 10) * 1000;
  const ruleSets = (option(args, '--rules') ?? 'D1N,D3N,D1V,D3V').split(',').map((r) => r.trim().toUpperCase());
  const limits = { timeMs, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };
  const optimize = args.includes('--optimize');
  let peakRss = process.memoryUsage().rss;
  console.log(`Double Solitaire: ${count} deals per rule set from deal ${from}, ${timeMs / 1000} s per deal, one core`);
  for (const rules of ruleSets) {
    const decidedMs: number[] = [];
    const lineMoves: number[] = [];
    const lineTurns: number[] = [];
    const overBound: number[] = [];
    /** The undecided deals' most foundation cards reached (a lower bound on what a line can reach). */
    const unknownReach: number[] = [];
    /** Deals not won: the length of the line printed to their figure, and how many lack one. */
    const stuckMoves: number[] = [];
    let stuckMissing = 0;
    let winnable = 0;
    let unwinnable = 0;
    let unknown = 0;
    let minProved = 0;
    let nodes = 0;
    let ms = 0;
    let rulePeak = process.memoryUsage().rss;
    for (let n = from; n < from + count; n++) {
      const deal = openDouble({ kind: 'code', code: `DS1-${rules}-${dealNumberLetters(n)}` }, {});
      const started = performance.now();
      const a = deal.analyse(limits, { optimize });
      const took = performance.now() - started;
      nodes += a.nodes;
      ms += took;
      if (a.verdict === 'winnable') winnable++;
      else if (a.verdict === 'unwinnable') unwinnable++;
      else {
        unknown++;
        if (a.maxFoundation !== null) unknownReach.push(a.maxFoundation);
      }
      if (a.verdict !== 'winnable') {
        if (a.stuckLine !== null) stuckMoves.push(a.stuckLine.length);
        else stuckMissing++;
      }
      if (a.minMovesProved === true) minProved++;
      if (a.verdict !== 'unknown') decidedMs.push(took);
      if (a.moves !== null) {
        lineMoves.push(a.moves);
        if (a.turnOvers !== null) lineTurns.push(a.turnOvers);
        overBound.push(a.moves / a.movesLowerBound);
      }
      const rss = process.memoryUsage().rss;
      if (rss > rulePeak) rulePeak = rss;
      if (args.includes('--verbose')) {
        console.log(
          `  ${deal.code}  ${a.verdict.padEnd(10)} ${String(a.moves ?? '').padStart(4)} moves (bound ${a.movesLowerBound})  max ${a.maxFoundation}  ${a.nodes} nodes  ${took.toFixed(0)} ms`,
        );
      }
    }
    if (rulePeak > peakRss) peakRss = rulePeak;
    decidedMs.sort((x, y) => x - y);
    lineMoves.sort((x, y) => x - y);
    lineTurns.sort((x, y) => x - y);
    overBound.sort((x, y) => x - y);
    unknownReach.sort((x, y) => x - y);
    stuckMoves.sort((x, y) => x - y);
    const decided = decidedMs.length;
    console.log(
      [
        `${rules}: decided ${decided}/${count} (${((100 * decided) / count).toFixed(1)}%)`,
        `winnable ${winnable}, unwinnable ${unwinnable}, unknown ${unknown}`,
        `decided deals: median ${percentile(decidedMs, 0.5).toFixed(1)} ms, p95 ${percentile(decidedMs, 0.95).toFixed(1)} ms, max ${(decidedMs[decided - 1] ?? NaN).toFixed(1)} ms`,
        `${Math.round(nodes / Math.max(ms / 1000, 1e-9)).toLocaleString('en-US')} nodes/s`,
        ...(unknown > 0
          ? [
              `undecided deals: the most foundation cards reached, median ${percentile(unknownReach, 0.5)}, min ${unknownReach[0]}, max ${unknownReach[unknownReach.length - 1]}`,
            ]
          : []),
        ...(winnable < count
          ? [
              `deals not won: a line to their figure printed for ${stuckMoves.length} (median ${percentile(stuckMoves, 0.5)} moves, max ${stuckMoves[stuckMoves.length - 1] ?? NaN}), none for ${stuckMissing}`,
            ]
          : []),
        ...(optimize ? [`--optimize: fewest moves proven on ${minProved}/${count}`] : []),
        `winning lines: median ${percentile(lineMoves, 0.5)} moves, max ${lineMoves[lineMoves.length - 1] ?? NaN} moves; median ${percentile(overBound, 0.5).toFixed(2)} x the lower bound; median ${percentile(lineTurns, 0.5)} turn-overs, max ${lineTurns[lineTurns.length - 1] ?? NaN}`,
        `peak memory ${(rulePeak / 1024 ** 2).toFixed(0)} MB`,
      ].join('\n  '),
    );
  }
  console.log(`peak memory over the run: ${(peakRss / 1024 ** 2).toFixed(0)} MB`);
}
