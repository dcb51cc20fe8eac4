import { Command } from 'commander';
import { batchCommand } from './commands/batch.js';
import { exportCommand } from './commands/export.js';
import { lookupCommand } from './commands/lookup.js';
import { playCommand } from './commands/play.js';
import { showCommand } from './commands/show.js';
import { solveCommand } from './commands/solve.js';
import { statsCommand } from './commands/stats.js';
import { workerCommand } from './commands/worker.js';
import { CARDSOLVE_VERSION } from '../version.js';


export function buildProgram(): Command {
  const output = { outputError: (text: string, write: (s: string) => void) => write(`cardsolve: ${text.replace(/^error: /, '')}`) };
  const program = new Command('cardsolve')
    .description('Solve and analyse solitaire deals: Pyramide (PY1-N-...) and Double Solitaire (DS1-D1N-...)')
    .version(CARDSOLVE_VERSION)
    .exitOverride()
    .showHelpAfterError('(add --help for usage)')
    .configureOutput(output);
  for (const cmd of [solveCommand(), showCommand(), playCommand(), batchCommand(), statsCommand(), lookupCommand(), exportCommand(), workerCommand()]) {
    program.addCommand(cmd.exitOverride().showHelpAfterError('(add --help for usage)').configureOutput(output));
  }
  return program;
}
