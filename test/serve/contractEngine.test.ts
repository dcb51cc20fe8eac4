/**
 * The contract sits at core level: its schemas load in an engine with nothing but the
 * language (QuickJS), as the core does. Built into one file as the page's build would take it.
 */
import { join } from 'node:path';
import { newQuickJSWASMModuleFromVariant } from 'quickjs-emscripten-core';
import type { Rollup } from 'vite';
import { build } from 'vite';
import { describe, expect, it } from 'vitest';
import * as contract from '../../src/contract/index.js';
import { ROOT } from '../support/cli.js';

/** The contract (from the build) as one ES module. */
async function bundled(): Promise<string> {
  const result = (await build({
    configFile: false,
    logLevel: 'silent',
    build: { write: false, minify: false, lib: { entry: join(ROOT, 'dist/src/contract/index.js'), formats: ['es'], fileName: 'contract' } },
  })) as Rollup.RollupOutput[];
  return result[0]!.output[0].code;
}

describe('the contract in QuickJS', () => {
  it('loads, and its schemas are the same JSON as in Node', async () => {
    const source = await bundled();
    const QuickJS = await newQuickJSWASMModuleFromVariant(import('@jitl/quickjs-wasmfile-release-sync'));
    const runtime = QuickJS.newRuntime();
    runtime.setModuleLoader((name) => (name === 'contract' ? source : { error: new Error(`no module ${name} here`) }));
    const vm = runtime.newContext();
    try {
      // unwrapResult throws the engine's error: what stops the module's load (a global it lacks).
      vm.unwrapResult(vm.evalCode("import * as c from 'contract'; globalThis.c = c;", 'main.mjs', { type: 'module' })).dispose();
      runtime.executePendingJobs();
      const hint = vm.unwrapResult(vm.evalCode('JSON.stringify(c.Hint)', 'hint.js'));
      expect(JSON.parse(vm.getString(hint))).toEqual(JSON.parse(JSON.stringify(contract.Hint)));
      hint.dispose();
    } finally {
      vm.dispose();
      runtime.dispose();
    }
  });
});
