import { Command } from 'commander';
import { type CardStyle, jsonInStyle } from '../../cards/notation.js';
import { formatDealCode, looksLikeCode } from '../../codes/dealCode.js';
import { InputError, isInputError } from '../../errors/inputError.js';
import { dealInputFromArg } from '../../files/dealInput.js';
import { dealerFor } from '../../games/dealers.js';
import { gameById, openDeal, resolveCode } from '../../games/registry.js';
import { hasRuleFlags } from '../../games/ruleSets.js';
import type { DealInput, GameId, RuleFlags } from '../../games/types.js';
import { DEFAULT_DB_PATH, openDatabase } from '../../store/database.js';
import { exportRecord } from '../../store/exportFormat.js';
import { type ResultFilter, ResultStore, type StoredResult, toAnalysis } from '../../store/results.js';
import { addOutputOptions, addRuleOptions, cardStyleFrom, type RuleOptionValues, ruleFlags } from '../options.js';
import { readerFilter } from '../readerFilter.js';

interface LookupOptionValues extends RuleOptionValues {
  db: string;
  json?: boolean;
  cards?: string;
  all?: boolean;
}

/**
 * The rows of a deal argument: a code (looked up by code) or a deal file (by its fingerprint).
 * `unread`: the argument was neither, and is looked up as a code stored as given (an app's code
 * stored by a dealer or `batch --deals`); with no row, the reason it could not be read.
 */
function dealFilter(arg: string, flags: RuleFlags): { shown: string; filter: ResultFilter; unread?: InputError } {
  // A code an app's dealer deals is opened (dealt) below and looked up under the app's code.
  if (looksLikeCode(arg) && dealerFor(arg) === undefined) {
    const code = formatDealCode(resolveCode(arg).code);
    const filter: ResultFilter = { code };
    if (hasRuleFlags(flags)) filter.rules = [openDeal({ kind: 'code', code }, flags).rules];
    return { shown: code, filter };
  }
  let input: DealInput;
  try {
    input = dealInputFromArg(arg);
  } catch (error) {
    // Not a file either: a code an app stored under its own name, read without its dealer.
    if (!isInputError(error) || hasRuleFlags(flags) || !/^[^\s/\\]{1,200}$/.test(arg)) throw error;
    return { shown: arg, filter: { code: arg }, unread: error };
  }
  const deal = openDeal(input, flags);
  if (input.kind === 'code') {
    const filter: ResultFilter = { code: deal.code ?? input.code };
    if (hasRuleFlags(flags)) filter.rules = [deal.rules];
    return { shown: filter.code!, filter };
  }
  const filter: ResultFilter = { ...readerFilter(deal.game as GameId, {}), dealKey: deal.fingerprint };
  if (hasRuleFlags(flags)) filter.rules = [deal.rules];
  return { shown: `${arg} (fingerprint ${deal.fingerprint})`, filter };
}

function describe(r: StoredResult, style: CardStyle): string {
  let line: string;
  try {
    const game = gameById(r.game);
    line = game.describe(toAnalysis(r, game), style);
  } catch {
    // A game this build does not have: the bare figures.
    line = `${r.verdict}${r.minMoves !== null ? `, minMoves ${r.minMoves}${r.minMovesProved ? '' : ' (best found)'}` : ''}`;
  }
  const mode = r.mode === 'full' ? 'full analysis' : r.mode === 'winnability' ? 'winnability only' : 'optimized';
  const limits = r.limits
    ? `; limits: time ${Number.isFinite(r.limits.timeMs) ? `${r.limits.timeMs}ms` : 'none'}, ` +
      `nodes ${Number.isFinite(r.limits.nodes) ? r.limits.nodes : 'none'}`
    : '';
  const head = line.includes(r.dealKey) ? line : `${r.dealKey}  ${line}`;
  return `${head}\n  stored ${r.analysedAt} by ${r.solverVersion} (${r.game}, ${mode}${limits})`;
}

export function lookupCommand(): Command {
  const cmd = new Command('lookup')
    .description('the stored result of a deal, without solving it')
    .argument('<deal>', 'a deal code, or a deal file (looked up by its fingerprint)')
    .option('--db <path>', 'the results database', DEFAULT_DB_PATH)
    .option('--all', 'every stored row (other solver versions and analyses too), not just the newest per rule set');
  addRuleOptions(cmd);
  addOutputOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Without rule options every rule set stored for the deal is shown. A deal that is not stored is
a normal answer (exit 0); a malformed code or a path that is not a cardsolve database is exit 2.`,
  );
  return cmd.action((arg: string, values: LookupOptionValues) => {
    const { shown, filter, unread } = dealFilter(arg, ruleFlags(values));
    const style = cardStyleFrom(values);
    const db = openDatabase(values.db, { readonly: true });
    let rows: StoredResult[];
    try {
      rows = new ResultStore(db).find(filter);
    } finally {
      db.close();
    }
    if (rows.length === 0 && unread !== undefined) {
      throw new InputError(`${unread.message}, nor a code stored in ${values.db} (an app's code is read with its --dealer FILE)`);
    }
    if (!values.all) {
      // Newest first: keep the first row of each rule set and analysis.
      const seen = new Set<string>();
      rows = rows.filter((r) => {
        const k = `${r.game}\u0000${r.rules}\u0000${r.mode}`;
        if (seen.has(k)) return false;
        seen.add(k);
        return true;
      });
    }
    if (values.json) {
      process.stdout.write(jsonInStyle({ deal: shown, stored: rows.length > 0, results: rows.map(exportRecord) }, style) + '\n');
      return;
    }
    if (rows.length === 0) {
      const rules = filter.rules ? ` under rules ${filter.rules.join(', ')}` : '';
      process.stdout.write(
        `${shown} is not stored yet${rules} in ${values.db}: run cardsolve batch ${looksLikeCode(arg) ? shown : arg} to analyse it\n`,
      );
      return;
    }
    process.stdout.write(rows.map((r) => describe(r, style)).join('\n') + '\n');
  });
}
