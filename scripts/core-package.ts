/**
 * `node dist/scripts/core-package.js` (the last step of `npm run build`): the solving core as
 * a package of its own, `cardsolve-core`, in dist/core-package/, for an app that needs the
 * core alone: no dependency, no install script, nothing of the server. It is the one-file
 * build (dist/core/cardsolve-core.js, which carries everything it uses) with the core's type
 * declarations (dist/src/core.d.ts and what it reaches). Published with
 * `npm publish dist/core-package`; the pack check installs it into an empty folder.
 *
 * The declarations are gathered by following their relative imports from core.d.ts: one that
 * imports a package (a dependency the one-file build has inside) or leaves the core's folders
 * stops the build, naming the file, since the package would not type-check without it.
 */
import { copyFileSync, existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';

const ROOT = resolve(import.meta.dirname, '../..');
const DECLARATIONS = join(ROOT, 'dist', 'src');
const OUT = join(ROOT, 'dist', 'core-package');
/** The core's folders (the lint rule's core layer): the declarations may come from these alone. */
const CORE_FOLDERS = ['cards', 'codes', 'errors', 'games', 'search'];

/** The relative module names a declaration file imports or re-exports. */
function importsOf(text: string): string[] {
  const names: string[] = [];
  for (const m of text.matchAll(/(?:from|import)\s*\(?\s*['"]([^'"]+)['"]/g)) names.push(m[1]!);
  return names;
}

/** core.d.ts and every declaration it reaches, as paths relative to dist/src. */
function coreDeclarations(): string[] {
  const found = new Set<string>();
  const queue = ['core.d.ts'];
  while (queue.length > 0) {
    const file = queue.pop()!;
    if (found.has(file)) continue;
    found.add(file);
    for (const name of importsOf(readFileSync(join(DECLARATIONS, file), 'utf8'))) {
      if (!name.startsWith('.')) throw new Error(`core-package: ${file} imports the package ${name}: the core's types must stand alone`);
      const target = relative(DECLARATIONS, join(dirname(join(DECLARATIONS, file)), name.replace(/\.js$/, '.d.ts')));
      if (!CORE_FOLDERS.includes(target.split(/[\\/]/)[0]!)) {
        throw new Error(`core-package: ${file} imports ${name}, outside the core's folders (${CORE_FOLDERS.join(', ')})`);
      }
      queue.push(target);
    }
  }
  return [...found].sort();
}

const bundle = join(ROOT, 'dist', 'core', 'cardsolve-core.js');
if (!existsSync(bundle))
  throw new Error(
    'core-package: dist/core/cardsolve-core.js is missing: build the core first (vite build --config scripts/vite.core.config.ts)',
  );
const root = JSON.parse(readFileSync(join(ROOT, 'package.json'), 'utf8')) as { version: string; license: string };
const declarations = coreDeclarations();

rmSync(OUT, { recursive: true, force: true });
mkdirSync(OUT, { recursive: true });
copyFileSync(bundle, join(OUT, 'cardsolve-core.js'));
for (const file of declarations) {
  mkdirSync(dirname(join(OUT, 'types', file)), { recursive: true });
  copyFileSync(join(DECLARATIONS, file), join(OUT, 'types', file));
}
const manifest = {
  name: 'cardsolve-core',
  version: root.version,
  description: "cardsolve's solving core alone (Pyramide and Double Solitaire): no dependency, any JavaScript engine",
  license: root.license,
  type: 'module',
  exports: { '.': { types: './types/core.d.ts', default: './cardsolve-core.js' }, './package.json': './package.json' },
  types: './types/core.d.ts',
  sideEffects: false,
  files: ['cardsolve-core.js', 'types/', 'README.md'],
};
writeFileSync(join(OUT, 'package.json'), `${JSON.stringify(manifest, null, 2)}\n`);
writeFileSync(
  join(OUT, 'README.md'),
  `# cardsolve-core

The solving core of cardsolve, alone: Pyramide and Double Solitaire deals opened, analysed,
played and hinted, in any JavaScript engine (Node, a browser page, a Web Worker, an app's
runtime). One ES module with no import statement and no dependency, with its types.

\`\`\`js
import { openDeal, DEFAULT_LIMITS } from 'cardsolve-core';

const hint = openDeal('PY1-N-AAAAAAA').hint('J♦ + 2♦', { ...DEFAULT_LIMITS, timeMs: 2000 });
console.log(hint.status, hint.movesLeft, hint.best);
\`\`\`

The API is the \`cardsolve/core\` entry of the \`cardsolve\` package (its docs/library.md);
the command line, the batches, the store and the server are in \`cardsolve\`.
`,
);
