/** `--dealer FILE`, repeatable, on every command that takes codes, and on serve and worker. */
import type { Command } from 'commander';
import { DEALERS_VARIABLE, loadDealers } from '../plugins/dealerModules.js';

/** The commands that take no deal code and so no dealer. */
const WITHOUT_DEALERS = new Set(['stats']);

export function addDealerOption(cmd: Command): Command {
  if (WITHOUT_DEALERS.has(cmd.name())) return cmd;
  return cmd.option(
    '--dealer <file>',
    `an app's dealer: an ES module whose default export deals its codes (docs/dealers.md); repeatable, beside those in ${DEALERS_VARIABLE}`,
    (file: string, files: string[] | undefined) => [...(files ?? []), file],
  );
}

/** Loads the dealers a command names before it runs (those of the environment are loaded already). */
export async function loadCommandDealers(cmd: Command): Promise<void> {
  const files = (cmd.opts() as { dealer?: string[] }).dealer ?? [];
  if (files.length > 0) await loadDealers(files);
}
