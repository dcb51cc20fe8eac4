/**
 * The one-file core (dist/core/cardsolve-core.js) loaded into QuickJS, an engine with nothing
 * but the language (no TextEncoder, no performance, no timers): what runs there runs in any
 * JavaScript engine. QuickJS comes from npm as WebAssembly, so the tests need no program.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { newQuickJSWASMModuleFromVariant, type QuickJSContext } from 'quickjs-emscripten-core';
import { ROOT } from './cli.js';

export interface QuickJsCore {
  /** Evaluates `expression` (with `core`, the bundle's exports, in scope) and returns its value as JSON gives it back. */
  json(expression: string): unknown;
  dispose(): void;
}

export async function quickJsCore(): Promise<QuickJsCore> {
  const source = readFileSync(join(ROOT, 'dist', 'core', 'cardsolve-core.js'), 'utf8');
  const QuickJS = await newQuickJSWASMModuleFromVariant(import('@jitl/quickjs-wasmfile-release-sync'));
  const runtime = QuickJS.newRuntime();
  runtime.setMemoryLimit(1024 ** 3);
  runtime.setMaxStackSize(0);
  runtime.setModuleLoader((name) => (name === 'cardsolve-core' ? source : { error: new Error(`no module ${name} in this test`) }));
  const vm: QuickJSContext = runtime.newContext();
  const evaluate = (code: string, type: 'global' | 'module'): unknown => {
    const result = vm.evalCode(code, type === 'module' ? 'main.mjs' : 'eval.js', { type });
    if (result.error) {
      const error = vm.dump(result.error) as { message?: string } | string;
      result.error.dispose();
      throw new Error(`QuickJS: ${typeof error === 'string' ? error : (error.message ?? JSON.stringify(error))}`);
    }
    const value = vm.dump(result.value) as unknown;
    result.value.dispose();
    return value;
  };
  evaluate("import * as core from 'cardsolve-core'; globalThis.core = core;", 'module');
  runtime.executePendingJobs();
  return {
    json: (expression) => JSON.parse(evaluate(`JSON.stringify(${expression})`, 'global') as string) as unknown,
    dispose: () => {
      vm.dispose();
      runtime.dispose();
    },
  };
}

/** An answer without what depends on the machine's speed (`ms`, `nodes`), to compare across engines. */
export function timeless(x: unknown): unknown {
  const { ms: _ms, nodes: _nodes, ...rest } = x as Record<string, unknown>;
  return rest;
}
