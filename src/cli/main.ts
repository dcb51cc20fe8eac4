import { CommanderError } from 'commander';
import { isInputError } from '../errors/inputError.js';
import { loadDealers } from '../plugins/dealerModules.js';
import { loadGameModules } from '../plugins/gameModules.js';
import { useNodeHash } from '../plugins/nodeHash.js';
import { buildProgram } from './program.js';

useNodeHash();

/**
 * Runs the command line and returns the exit code: 0 when the command ran (whatever the
 * verdicts), 2 for usage or input errors, 1 for anything unexpected.
 */
export async function main(argv: readonly string[]): Promise<number> {
  try {
    // Games named in the environment join before the options are built from the games.
    await loadGameModules();
    // The dealers of the environment; those of --dealer join when the command runs.
    await loadDealers();
    await buildProgram().parseAsync([...argv]);
    return typeof process.exitCode === 'number' ? process.exitCode : 0;
  } catch (error) {
    if (error instanceof CommanderError) {
      // Commander has printed its message already; --help and --version are not errors.
      if (error.exitCode === 0) return 0;
      return 2;
    }
    if (isInputError(error)) {
      process.stderr.write(`cardsolve: ${error.message}\n`);
      return 2;
    }
    process.stderr.write(`cardsolve: unexpected error: ${error instanceof Error ? (error.stack ?? error.message) : String(error)}\n`);
    return 1;
  }
}
