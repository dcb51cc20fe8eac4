import { Command, Option } from 'commander';
import { InputError } from '../../errors/inputError.js';
import { TIERS, type TierOrUnknown } from '../../games/difficulty.js';
import { allGames, gameById } from '../../games/registry.js';
import { defaultRules } from '../../games/ruleSets.js';
import type { GameId, Verdict } from '../../games/types.js';
import { DEFAULT_DB_PATH, openDatabase } from '../../store/database.js';
import { EXPORT_FORMATS, type ExportFormat, exportChunks } from '../../store/exportFormat.js';
import { parseRange } from '../../store/numberRange.js';
import { ResultStore } from '../../store/results.js';
import { addRuleOptions, cardStyleFrom, cardsOption, type RuleOptionValues, ruleFlags } from '../options.js';
import { readerFilter } from '../readerFilter.js';

interface ExportOptionValues extends RuleOptionValues {
  format: ExportFormat;
  db: string;
  game?: GameId;
  verdict?: Verdict;
  tier?: TierOrUnknown;
  minMoves?: string;
  stuck?: string;
  cards?: string;
}

/** Writes to standard output, waiting when the pipe is full; stops quietly when the reader goes away. */
async function write(text: string): Promise<boolean> {
  if (process.stdout.write(text)) return true;
  return new Promise((resolve) => {
    const done = (ok: boolean) => () => {
      process.stdout.off('drain', onDrain);
      process.stdout.off('error', onError);
      resolve(ok);
    };
    const onDrain = done(true);
    const onError = done(false);
    process.stdout.once('drain', onDrain);
    process.stdout.once('error', onError);
  });
}

export function exportCommand(): Command {
  const cmd = new Command('export')
    .description('write the stored results to standard output as CSV, JSON or JSON lines')
    .addOption(new Option('--format <format>', 'output format').choices([...EXPORT_FORMATS]).default('csv'))
    .option('--db <path>', 'the results database', DEFAULT_DB_PATH)
    .addOption(new Option('--game <game>', 'only this game').choices(allGames().map((g) => g.id)))
    .addOption(new Option('--verdict <verdict>', 'only deals with this verdict').choices(['winnable', 'unwinnable', 'unknown']))
    .addOption(
      new Option('--tier <tier>', 'only winnable deals of this difficulty tier (with --game and one rule set)').choices([
        ...TIERS,
        'unknown',
      ]),
    )
    .option('--min-moves <range>', 'fewest moves to win, MIN..MAX (both included; MIN.. or ..MAX open)')
    .option('--stuck <range>', "the game's stuck figure, MIN..MAX")
    .addOption(cardsOption('how the cards of the solutions are written'));
  addRuleOptions(cmd);
  cmd.addHelpText(
    'after',
    `
One record per stored row (a deal analysed by several solver versions has one row each), in the
order game, rules, analysis, deal. The filters are those of the results table of serve, whose
"download this list" gives the same bytes. CSV quotes fields as RFC 4180; solution, notes, limits and
extra are JSON text in CSV. Without rule options every rule set is exported.`,
  );
  return cmd.action(async (values: ExportOptionValues) => {
    const filter = readerFilter(values.game, ruleFlags(values));
    if (values.verdict !== undefined) filter.verdict = values.verdict;
    if (values.minMoves !== undefined) filter.minMoves = parseRange(values.minMoves, '--min-moves');
    if (values.stuck !== undefined) filter.stuck = parseRange(values.stuck, '--stuck');
    if (values.tier !== undefined) {
      // A tier is a game's and a rule set's own: the game's first rule set when none is named.
      if (values.game === undefined) throw new InputError(`--tier ${values.tier}: give --game too (tiers are a game's own)`);
      filter.rules ??= [defaultRules(gameById(values.game))];
      if (filter.rules.length !== 1) throw new InputError(`--tier ${values.tier}: give one rule set (tiers are a rule set's own)`);
      filter.tier = values.tier;
    }
    const db = openDatabase(values.db, { readonly: true });
    process.stdout.on('error', () => {
      // The reader closed the pipe (| head): nothing more to do.
    });
    try {
      const store = new ResultStore(db);
      // Written in pieces of about 64 KB: one write per row would be slow for millions of rows.
      let buffer = '';
      let open = true;
      for (const chunk of exportChunks(store.iterate(filter), values.format, cardStyleFrom(values))) {
        buffer += chunk;
        if (buffer.length >= 65536) {
          open = await write(buffer);
          buffer = '';
          if (!open) break;
        }
      }
      if (open && buffer) await write(buffer);
    } finally {
      db.close();
    }
  });
}
