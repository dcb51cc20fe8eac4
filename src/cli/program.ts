import { Command } from 'commander';
import { createRequire } from 'node:module';
import { batchCommand } from './commands/batch.js';
import { exportCommand } from './commands/export.js';
import { lookupCommand } from './commands/lookup.js';
import { playCommand } from './commands/play.js';
import { showCommand } from './commands/show.js';
import { solveCommand } from './commands/solve.js';
import { statsCommand } from './commands/stats.js';

const require = createRequire(import.meta.url);

function packageVersion(): string {
  // Built: dist/src/cli/program.js (three folders down); from source: src/cli/program.ts (two).
  for (const path of ['../../../package.json', '../../package.json']) {
    try {
      return (require(path) as { version: string }).version;
    } catch {
      // try the next layout
    }
  }
  return '0.0.0';
}

export function buildProgram(): Command {
  const output = { outputError: (text: string, write: (s: string) => void) => write(`cardsolve: ${text.replace(/^error: /, '')}`) };
  const program = new Command('cardsolve')
    .description('Solve and analyse solitaire deals: Pyramide (PY1-N-...) and Double Solitaire (DS1-D1N-...)')
    .version(packageVersion())
    .exitOverride()
    .showHelpAfterError('(add --help for usage)')
    .configureOutput(output);
  for (const cmd of [solveCommand(), showCommand(), playCommand(), batchCommand(), statsCommand(), lookupCommand(), exportCommand()]) {
    program.addCommand(cmd.exitOverride().showHelpAfterError('(add --help for usage)').configureOutput(output));
  }
  return program;
}
