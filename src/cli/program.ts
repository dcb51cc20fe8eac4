import { Command } from 'commander';
import { allGames } from '../games/registry.js';
import { CARDSOLVE_VERSION } from '../version.js';
import { batchCommand } from './commands/batch.js';
import { curateCommand } from './commands/curate.js';
import { dailyCommand } from './commands/daily.js';
import { exportCommand } from './commands/export.js';
import { fairplayCommand } from './commands/fairplay.js';
import { hintCommand } from './commands/hint.js';
import { lookupCommand } from './commands/lookup.js';
import { playCommand } from './commands/play.js';
import { serveCommand } from './commands/serve.js';
import { showCommand } from './commands/show.js';
import { solveCommand } from './commands/solve.js';
import { statsCommand } from './commands/stats.js';
import { workerCommand } from './commands/worker.js';
import { addDealerOption, loadCommandDealers } from './dealerOption.js';

export function buildProgram(): Command {
  const output = { outputError: (text: string, write: (s: string) => void) => write(`cardsolve: ${text.replace(/^error: /, '')}`) };
  const program = new Command('cardsolve')
    .description(
      `Solve and analyse solitaire deals: ${allGames()
        .map((g) => `${g.name} (${g.codes.family}-${g.codes.options[0]}-...)`)
        .join(', ')}`,
    )
    .version(CARDSOLVE_VERSION)
    .exitOverride()
    .showHelpAfterError('(add --help for usage)')
    .configureOutput(output)
    .hook('preAction', (_program, command) => loadCommandDealers(command));
  for (const cmd of [
    solveCommand(),
    hintCommand(),
    fairplayCommand(),
    showCommand(),
    playCommand(),
    batchCommand(),
    statsCommand(),
    lookupCommand(),
    exportCommand(),
    curateCommand(),
    dailyCommand(),
    serveCommand(),
    workerCommand(),
  ]) {
    program.addCommand(addDealerOption(cmd).exitOverride().showHelpAfterError('(add --help for usage)').configureOutput(output));
  }
  return program;
}
