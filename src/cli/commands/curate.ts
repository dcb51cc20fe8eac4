import { Command, Option } from 'commander';
import { defaultWorkers } from '../../batch/pool.js';
import { progressReporter } from '../../batch/progress.js';
import { formatDealCode } from '../../codes/dealCode.js';
import { InputError } from '../../errors/inputError.js';
import { TIERS, type TierOrUnknown } from '../../games/difficulty.js';
import { allGames, gameById, openDeal } from '../../games/registry.js';
import type { GameId, GameModule, Verdict } from '../../games/types.js';
import {
  type CurateOrder,
  type CurateResult,
  codeRange,
  curate,
  curatedCsv,
  dealerCodeRange,
  dollarRuleSets,
  dollarsRange,
  refuseTierWithoutCuts,
} from '../../lists/curate.js';
import { DEFAULT_DB_PATH, openDatabase } from '../../store/database.js';
import { type NumberRange, parseRange } from '../../store/numberRange.js';
import { CARDSOLVE_VERSION } from '../../version.js';
import {
  addLimitOptions,
  addRuleOptions,
  type LimitOptionValues,
  limitsFrom,
  type RuleOptionValues,
  ruleFlags,
  wholeNumber,
} from '../options.js';

interface CurateOptionValues extends RuleOptionValues, LimitOptionValues {
  db: string;
  game: GameId;
  verdict?: Verdict;
  tier?: TierOrUnknown;
  minMoves?: string;
  stuck?: string;
  dollars?: string;
  crossroads?: string;
  from?: string;
  to?: string;
  count: string;
  order: CurateOrder;
  seed: string;
  scan: string;
  workers?: string;
  format: 'codes' | 'csv' | 'json';
  header?: boolean;
  /** Undefined: a bar on a terminal only (see `progressReporter`). */
  progress?: boolean;
}

/** What a line pays under those rule sets, for the help: `-104 + 5 × cards`. */
function dollarPay(): string {
  return allGames()
    .flatMap((g) => (g.dollars === undefined ? [] : [`${g.dollars.start} + ${g.dollars.perCard} × cards`]))
    .join('; ');
}

/** A range flag, when given. */
function rangeOf(text: string | undefined, flag: string): NumberRange | undefined {
  return text === undefined ? undefined : parseRange(text, flag);
}

function shortMessage(r: CurateResult, scan: number): string {
  return (
    `cardsolve: found ${r.matching} of the ${r.asked} deals asked for` +
    (r.analysed > 0 ? ` after analysing ${r.analysed} more code${r.analysed === 1 ? '' : 's'}` : '') +
    (r.analysed >= scan
      ? ` (the --scan limit, ${scan}); raise --scan or widen the filters`
      : ' (the range is exhausted); widen --from/--to or the filters') +
    '\n'
  );
}

/** What the command asks of `curate`, read and checked from its options before anything is opened. */
interface CuratePlan {
  request: Omit<Parameters<typeof curate>[1], 'onStart' | 'onProgress'>;
  game: GameModule;
  rules: string;
  /** The --dollars range, as asked and as a stuck range. */
  dollars: ReturnType<typeof dollarsRange> | undefined;
}

/** The code range to draw from: an app dealer's codes, or the game's own checked against it. */
function rangeFrom(values: CurateOptionValues, game: GameModule) {
  const dealt = dealerCodeRange(values.from, values.to);
  if (dealt !== null) return { dealt: true, range: { family: '', options: '', ...dealt } };
  const range = codeRange(game, values.from, values.to, values.rules?.toUpperCase());
  if (range.family !== game.codes.family || !game.codes.options.includes(range.options)) {
    throw new InputError(
      `--from/--to: ${formatDealCode({ ...range, number: range.first })} is not a ${game.name} code (expected ${game.codes.family}-${game.codes.options[0]}-...)`,
    );
  }
  if (values.to !== undefined) {
    const end = codeRange(game, values.to, undefined);
    if (end.family !== range.family || end.options !== range.options)
      throw new InputError(`--to ${values.to}: expected a code of the same game and rule letters as --from`);
  }
  return { dealt: false, range };
}

function curatePlan(values: CurateOptionValues): CuratePlan {
  const game = gameById(values.game);
  const flags = ruleFlags(values);
  const { dealt, range } = rangeFrom(values, game);
  if (range.first > range.last) throw new InputError('--from comes after --to: expected the first code, then the last');
  const first = openDeal({ kind: 'code', code: dealt ? values.from! : formatDealCode({ ...range, number: range.first }) }, flags);
  if (first.game !== game.id)
    throw new InputError(`--from ${values.from}: its dealer deals ${gameById(first.game).name}: give --game ${first.game}`);
  const rules = first.rules;
  refuseTierWithoutCuts(game, rules, values.tier, '--tier');
  const dollars =
    values.dollars === undefined
      ? undefined
      : dollarsRange(game, rules, values.dollars, '--dollars', '--stuck', values.stuck !== undefined);
  const count = wholeNumber(values.count, '--count', 1);
  const scan = wholeNumber(values.scan, '--scan', 0);
  const seed = wholeNumber(values.seed, '--seed', 0);
  const workers = values.workers === undefined ? defaultWorkers() : wholeNumber(values.workers, '--workers', 1);
  const filter = {
    game: game.id,
    rules,
    ...(values.verdict !== undefined ? { verdict: values.verdict } : {}),
    ...(values.tier !== undefined ? { tier: values.tier } : {}),
    ...(values.minMoves !== undefined ? { minMoves: rangeOf(values.minMoves, '--min-moves')! } : {}),
    ...(values.stuck !== undefined ? { stuck: rangeOf(values.stuck, '--stuck')! } : {}),
    ...(dollars !== undefined ? { stuck: dollars.stuck } : {}),
    ...(values.crossroads !== undefined ? { crossroads: rangeOf(values.crossroads, '--crossroads')! } : {}),
  };
  const request = {
    filter,
    game,
    flags,
    ...range,
    count,
    order: values.order,
    seed,
    scan,
    limits: limitsFrom(values),
    workers,
  };
  return { request, game, rules, dollars };
}

/** The list on standard output in the asked format, and on standard error why it is short. */
function printCurated(plan: CuratePlan, values: CurateOptionValues, result: CurateResult): void {
  const { game, rules, dollars } = plan;
  const { count, seed, scan, filter } = plan.request;
  if (values.header && values.format !== 'json') {
    const args = process.argv.slice(2).map((a) => (/^[\w./:=@+-]+$/.test(a) ? a : JSON.stringify(a)));
    process.stdout.write(
      `# made by: cardsolve ${args.join(' ')}\n# cardsolve ${CARDSOLVE_VERSION}, ${game.name} rules ${rules}, solver ${game.solverVersion}: ${result.deals.length} of ${count} deals asked\n`,
    );
  }
  if (values.format === 'json') {
    process.stdout.write(
      JSON.stringify({
        game: game.id,
        rules,
        filters: { ...filter, ...(dollars !== undefined ? { dollars: dollars.dollars } : {}) },
        order: values.order,
        seed,
        asked: count,
        found: result.deals.length,
        matching: result.matching,
        analysed: result.analysed,
        deals: result.deals,
      }) + '\n',
    );
  } else if (values.format === 'csv') {
    process.stdout.write(curatedCsv(result.deals));
  } else {
    process.stdout.write(result.deals.map((d) => d.code + '\n').join(''));
  }
  if (result.short) process.stderr.write(shortMessage(result, scan));
}

export function curateCommand(): Command {
  const cmd = new Command('curate')
    .description(
      'a list of deals that pass filters (verdict, tier, minMoves, stuck figure, crossroads, code range), analysing on the fly what the database lacks',
    )
    .option('--db <path>', 'the results database (created on first use)', DEFAULT_DB_PATH)
    .addOption(new Option('--game <game>', 'the game').choices(allGames().map((g) => g.id)).default('pyramide'))
    .addOption(new Option('--verdict <verdict>', 'only deals with this verdict').choices(['winnable', 'unwinnable', 'unknown']))
    .addOption(
      new Option(
        '--tier <tier>',
        'only deals of this difficulty tier (winnable deals by score; under Vegas rule sets deals of every verdict, by the dollars reachable)',
      ).choices([...TIERS, 'unknown']),
    )
    .option('--min-moves <range>', 'fewest moves to win, MIN..MAX (both included; MIN.. or ..MAX open)')
    .option('--stuck <range>', "the game's stuck figure (Pyramide: most pyramid cards any line removes), MIN..MAX")
    .option(
      '--dollars <range>',
      `what the best line found pays, in dollars, MIN..MAX (negative ends allowed: -104..0); rule sets played for dollars only (${dollarRuleSets()})`,
    )
    .option('--crossroads <range>', 'crossroads (positions where some move loses, on the most forgiving winning line), MIN..MAX')
    .option('--from <code>', "the first code to draw from (default: the game's first code; a dealer's code: that dealer's codes)")
    .option('--to <code>', 'the last code to draw from (default: the last code)')
    .option('--count <n>', 'how many deals', '10')
    .addOption(
      new Option(
        '--order <order>',
        'difficulty (hardest first; under Vegas rule sets fewest cards reached first), code, or random (with --seed)',
      )
        .choices(['difficulty', 'code', 'random'])
        .default('code'),
    )
    .option('--seed <n>', 'the seed of --order random', '1')
    .option('--scan <n>', 'at most this many codes analysed on the fly when the database has too few deals (0: the database only)', '1000')
    .option('--workers <n>', `solver threads for what is analysed on the fly (default: ${defaultWorkers()})`)
    .addOption(
      new Option('--format <format>', 'codes (one a line), csv, or json with the figures')
        .choices(['codes', 'csv', 'json'])
        .default('codes'),
    )
    .option('--header', 'codes and csv: first, comment lines (#) giving the command that made the list and the cardsolve version')
    .option(
      '--progress',
      'progress on standard error even when it is not a terminal: a line every few seconds (a bar on a terminal, the default)',
    )
    .option('--no-progress', 'no progress on standard error, not even on a terminal');
  addRuleOptions(cmd);
  addLimitOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Deals are drawn from full analyses of the current solver version stored in the database.
When fewer than --count pass, the codes of the range not stored yet are analysed in order
(each result stored) until enough pass or --scan codes have been analysed; if still short,
the deals found are printed and standard error says how many were found of how many asked.
The same database and arguments always give the same list.

Under Vegas rule sets (${dollarRuleSets()}) most deals are never won and players play for
dollars: the tiers are by the dollars the best line found reaches (more is easier), for deals
of every verdict; --dollars picks deals by what that line pays (${dollarPay()} on the
foundations), and --verdict winnable lists the wins found.

Examples:
  cardsolve curate --tier expert --count 100 --order random --seed 7
  cardsolve curate --verdict unwinnable --stuck ..14 --count 50 --format csv
  cardsolve curate --game double --verdict winnable --min-moves 100..140 --from DS1-D1N-AAAAAAA
  cardsolve curate --game double --rules D1V --dollars 100.. --order difficulty --format csv`,
  );
  return cmd.action(async (values: CurateOptionValues) => {
    const plan = curatePlan(values);
    const db = openDatabase(values.db, { createdBy: `cardsolve ${CARDSOLVE_VERSION}` });
    const reporter = progressReporter(values.progress);
    try {
      const result = await curate(db, {
        ...plan.request,
        onStart: (p) => reporter.start(p),
        onProgress: (p) => reporter.update(p),
      });
      reporter.stop();
      printCurated(plan, values, result);
    } finally {
      reporter.stop();
      if (db.open) db.close();
    }
  });
}
