/**
 * What a solver thread (the batch's, serve's) loads before its first task: the game modules
 * and the dealers the command line named, which it wrote into the environment.
 *
 * Not by a top-level await in the worker modules: each task awaits this promise instead, so
 * the modules load the same way whoever loads them (the threads bring them in by import()
 * from a CommonJS entry, `batch/workerEntry.cts`; a test loads them too).
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
