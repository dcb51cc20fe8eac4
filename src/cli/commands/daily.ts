import { Command, Option } from 'commander';
import { DAILY_EPOCH, DAILY_SALT, today } from '../../games/daily.js';
import { TIERS, type Tier } from '../../games/difficulty.js';
import { allGames, gameById, openDeal } from '../../games/registry.js';
import type { GameId } from '../../games/types.js';
import { dailyDeal, dailyDealFromFile } from '../../lists/daily.js';
import { addRuleOptions, type RuleOptionValues, ruleFlags } from '../options.js';

interface DailyOptionValues extends RuleOptionValues {
  date?: string;
  list?: string;
  tier: Tier;
  game: GameId;
  json?: boolean;
}

export function dailyCommand(): Command {
  const cmd = new Command('daily')
    .description('the deal of the day for a tier: a fixed function of the date over a shipped list, reproducible offline')
    .option('--date <YYYY-MM-DD>', 'the day (default: today, UTC)')
    .addOption(new Option('--tier <tier>', 'the difficulty tier').choices([...TIERS]).default('medium'))
    .addOption(new Option('--game <game>', 'the game').choices(allGames().map((g) => g.id)).default('pyramide'))
    .option('--list <file>', "the pool from this list instead of the shipped one: a list curate writes, in an app's own codes for instance")
    .option('--json', 'the code, tier, date, the figures from the list and the pool size as one JSON object');
  addRuleOptions(cmd);
  cmd.addHelpText(
    'after',
    `
The pool is the shipped list data/lists/<game>-<rules>-<tier>.csv, or --list FILE. Day n is the number of
whole days from ${DAILY_EPOCH} (UTC dates); the pool, in file order, is shuffled once per tier
by Fisher-Yates with sfc32 (salt 0x${DAILY_SALT.toString(16)}, seed = the tier's index: easy 0,
medium 1, hard 2, expert 3), and day n takes entry n mod (pool size) of that order. A deal
therefore comes back only after (pool size) days: never within a year with 366 deals or
more. A smaller pool is still served, and a note on standard error (--json: "notes") says
every how many days it repeats.`,
  );
  return cmd.action((values: DailyOptionValues) => {
    const game = gameById(values.game);
    const date = values.date ?? today();
    const rules = openDeal({ kind: 'code', code: `${game.codes.family}-${game.codes.options[0]}-AAAAAAA` }, ruleFlags(values)).rules;
    const deal =
      values.list !== undefined
        ? dailyDealFromFile(values.list, game.id, rules, values.tier, date)
        : dailyDeal(game.id, rules, values.tier, date);
    // The code alone on stdout, for scripts; what a person should know beside it on stderr.
    process.stdout.write(values.json ? JSON.stringify(deal) + '\n' : `${deal.code}\n`);
    if (!values.json) for (const note of deal.notes) process.stderr.write(`cardsolve: note: ${note}\n`);
  });
}
