/**
 * What serve's solver threads load (CommonJS), for the reason `batch/workerEntry.cts` gives:
 * no require() of the ES-module solver, which comes by import() when the first task arrives.
 */
type SolveWorker = typeof import('./solveWorker.js');

let loaded: Promise<SolveWorker> | null = null;
const worker = (): Promise<SolveWorker> => (loaded ??= import('./solveWorker.js'));
// Loaded as the thread starts, not on its first request's time (a failure comes with that request).
worker().catch(() => {});

// The pool runs the module itself as the default task, and its properties by name.
const solve = async (task: Parameters<SolveWorker['default']>[0]) => (await worker()).default(task);
module.exports = Object.assign(solve, {
  stats: async (task: Parameters<SolveWorker['stats']>[0]) => (await worker()).stats(task),
  curateList: async (task: Parameters<SolveWorker['curateList']>[0]) => (await worker()).curateList(task),
  playLine: async (task: Parameters<SolveWorker['playLine']>[0]) => (await worker()).playLine(task),
});
