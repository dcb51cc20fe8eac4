/**
 * What a solver thread (the batch's, serve's) loads before its first task: the game modules
 * and the dealers the command line named, which it wrote into the environment.
 *
 * Not by a top-level await: the thread pool first loads a worker module with require(), which
 * refuses a module that awaits at its top and is then asked again while the fallback import()
 * is under way, a race that aborts the whole process on Node 20. So the worker modules stay
 * synchronous and each task awaits this promise.
 */
import { loadDealers } from './dealerModules.js';
import { loadGameModules } from './gameModules.js';

let loading: Promise<void> | null = null;

/** Loads the environment's game modules and dealers once; every task of the thread awaits it. */
export function threadModulesLoaded(): Promise<void> {
  loading ??= (async () => {
    await loadGameModules();
    await loadDealers();
  })();
  return loading;
}
