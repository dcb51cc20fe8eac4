/**
 * What the pool's threads load (CommonJS): the pool loads a worker file with require() first,
 * and a require() of the ES-module solver aborted whole processes on Node 20 and 22 (a V8
 * fatal error, `IsGraphAsync`, when a thread's module was being loaded both ways or its thread
 * was stopped mid-load). This file needs no ES module to load; the solver comes by import()
 * alone, once per thread, when the first task arrives.
 */
type BatchWorker = typeof import('./worker.js');

let loaded: Promise<BatchWorker> | null = null;
const worker = (): Promise<BatchWorker> => (loaded ??= import('./worker.js'));

// The pool runs the module itself as the default task, and its properties by name.
const analyseChunk = async (task: Parameters<BatchWorker['default']>[0]) => (await worker()).default(task);
module.exports = Object.assign(analyseChunk, {
  analyseRows: async (task: Parameters<BatchWorker['analyseRows']>[0]) => (await worker()).analyseRows(task),
});
