/**
 * Dealers from outside the project: the ES modules named by `--dealer FILE` and in
 * `CARDSOLVE_DEALERS` (paths separated by the platform's path delimiter), each exporting a
 * dealer by default (docs/dealers.md). The command line loads them and writes the full list
 * back into the environment, so the batch and solver threads it starts, which load the
 * environment's list, deal the same codes. Loading needs Node, so it lives here; the core
 * only offers `registerDealer`.
 */
import { delimiter, isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { shortHash } from '../codes/shortHash.js';
import { InputError } from '../errors/inputError.js';
import { readTextFile } from '../files/readText.js';
import { checkDealer, registerDealer } from '../games/dealers.js';

export const DEALERS_VARIABLE = 'CARDSOLVE_DEALERS';

/** Each loaded module by its absolute path: the dealer's name and a hash of the module's text. */
const loaded = new Map<string, { name: string; hash: string }>();

/**
 * Loads and registers the dealers of `paths` (once each) and those the environment names,
 * then names them all in the environment for the threads started after. A module that cannot
 * be read or is not a dealer is refused with `InputError` naming it.
 */
export async function loadDealers(paths: readonly string[] = []): Promise<void> {
  const fromEnv = (process.env[DEALERS_VARIABLE] ?? '').split(delimiter).filter((p) => p.trim() !== '');
  for (const entry of [...fromEnv, ...paths]) await loadDealer(entry);
  if (loaded.size > 0) process.env[DEALERS_VARIABLE] = [...loaded.keys()].join(delimiter);
}

async function loadDealer(entry: string): Promise<void> {
  const path = isAbsolute(entry) ? entry : resolve(entry);
  if (loaded.has(path)) return;
  const text = readTextFile(
    path,
    (reason) => `dealer ${entry}: cannot be read (${reason}): expected an ES module exporting a dealer by default`,
  );
  let module: { default?: unknown };
  try {
    module = (await import(pathToFileURL(path).href)) as { default?: unknown };
  } catch (error) {
    throw new InputError(`dealer ${entry}: cannot be loaded as an ES module: ${error instanceof Error ? error.message : String(error)}`);
  }
  const dealer = checkDealer(module.default, entry);
  registerDealer(dealer);
  loaded.set(path, { name: dealer.name, hash: shortHash(text) });
}

/**
 * The loaded dealers as one signature, `acme:1f2e...` per module in name order (empty without
 * dealers): a queue worker whose signature differs from the coordinator's would deal other
 * cards under the same codes, so it is refused.
 */
export function dealersSignature(): string {
  return [...loaded.values()]
    .map((d) => `${d.name}:${d.hash}`)
    .sort()
    .join(',');
}
