import { Command, Option } from 'commander';
import { allGames } from '../../games/registry.js';

/** A game's title for its stuck figure, when this build has the game. */
function stuckTitleOf(id: string): string | null {
  return allGames().find((g) => g.id === id)?.stuck.title ?? null;
}

import type { GameId } from '../../games/types.js';
import { DEFAULT_DB_PATH, describeDatabase, openDatabase } from '../../store/database.js';
import { computeStats, formatStats } from '../../store/stats.js';
import { addRuleOptions, type RuleOptionValues, ruleFlags } from '../options.js';
import { readerFilter } from '../readerFilter.js';

interface StatsOptionValues extends RuleOptionValues {
  db: string;
  game?: GameId;
  slowest: string;
  json?: boolean;
}

export function statsCommand(): Command {
  const cmd = new Command('stats')
    .description(
      'figures over the stored results: share winnable (95% interval), unknowns, minMoves and stuck-figure histograms, slowest deals',
    )
    .option('--db <path>', 'the results database', DEFAULT_DB_PATH)
    .addOption(new Option('--game <game>', 'only this game').choices(allGames().map((g) => g.id)))
    .option('--slowest <n>', 'how many of the slowest deals to list', '10')
    .option('--json', 'print the figures as one JSON object');
  addRuleOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Without rule options every rule set stored is shown, each on its own. A deal stored more than
once (other solver versions or analyses) counts once: a settled verdict first, then the newest.`,
  );
  return cmd.action((values: StatsOptionValues) => {
    const filter = readerFilter(values.game, ruleFlags(values));
    const slowest = Math.max(0, Math.min(1000, Number.parseInt(values.slowest, 10) || 0));
    const db = openDatabase(values.db, { readonly: true });
    try {
      const groups = computeStats(db, filter, slowest);
      if (values.json) {
        process.stdout.write(JSON.stringify({ db: values.db, schemaVersion: describeDatabase(db).schemaVersion, groups }) + '\n');
      } else {
        process.stdout.write(formatStats(groups, (g) => stuckTitleOf(g.game)));
      }
    } finally {
      db.close();
    }
  });
}
