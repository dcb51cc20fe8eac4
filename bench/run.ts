/**
 * `npm run bench [-- pyramide|double|vegas|batch|queue|hint|difficulty|serve|abuse|fair|fairplay|browser|all] [--count N ...] [--seed N]`: the long measurements,
 * kept out of `npm test`. Figures go to standard output. Each per-deal figure is measured on the
 * first codes and on a range from a random start (`--seed N` repeats it; see ranges.ts).
 */
import { useClock } from '../src/search/clock.js';
import { runPyramideBench } from './pyramide.js';
import { takeSeed } from './ranges.js';

type Suite = (args: string[], seed: number) => Promise<void>;

// The core reads Date.now (whole milliseconds); the phases a benchmark prints need finer.
useClock(() => performance.now());

async function loadSuite(name: string): Promise<Suite> {
  switch (name) {
    case 'pyramide':
      return runPyramideBench;
    case 'double':
      return (await import('./double.js')).runDoubleBench;
    case 'vegas':
      return (await import('./vegas.js')).runVegasBench;
    case 'batch':
      return (await import('./batch.js')).runBatchBench;
    case 'hint':
      return (await import('./hint.js')).runHintBench;
    case 'queue':
      return (await import('./queue.js')).runQueueBench;
    case 'difficulty':
      return (await import('./difficulty.js')).runDifficultyBench;
    case 'serve':
      return (await import('./serve.js')).runServeBench;
    case 'abuse':
      return (await import('./serveAbuse.js')).runServeAbuseBench;
    case 'fair':
      return (await import('./fair.js')).runFairBench;
    case 'fairplay':
      return (await import('./fairPlay.js')).runFairPlayBench;
    case 'browser':
      return (await import('./browser.js')).runBrowserBench;
    default:
      throw new Error(
        `unknown benchmark "${name}": expected pyramide, double, vegas, batch, queue, hint, difficulty, serve, abuse, fair, fairplay, browser or all`,
      );
  }
}

async function main(): Promise<void> {
  const args = process.argv.slice(2);
  const seed = takeSeed(args);
  // First the Node version: the figures of one version are compared with another's.
  console.log(`Node ${process.version} (${process.platform}-${process.arch})`);
  console.log(`seed ${seed} (the random range; --seed ${seed} repeats it)`);
  const first = args[0] && !args[0].startsWith('--') ? args.shift()! : 'pyramide';
  const names = first === 'all' ? ['pyramide', 'double', 'batch', 'hint', 'difficulty'] : [first];
  for (const name of names) {
    await (await loadSuite(name))(args, seed);
    console.log('');
  }
}

main().catch((error: unknown) => {
  console.error(error instanceof Error ? error.message : error);
  process.exitCode = 1;
});
