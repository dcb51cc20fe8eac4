/** Options shared by the commands: rules (from the games' declarations), limits, card style, JSON. */
import { type Command, Option } from 'commander';
import type { BatchPlan } from '../batch/inputs.js';
import { CARD_STYLES, type CardStyle, parseCardStyle } from '../cards/notation.js';
import { InputError } from '../errors/inputError.js';
import { dealInputFromArg } from '../files/dealInput.js';
import { allAnalysisOptions, ruleFlags } from '../games/optionFlags.js';
import { allGames, allRuleOptions, openDeal } from '../games/registry.js';
import type { GameModule, OpenedDeal, RuleFlags } from '../games/types.js';
import { parseBytes, parseCount, parseDuration } from '../search/limitParsing.js';
import { DEFAULT_LIMITS, type Limits } from '../search/limits.js';

/** What commander hands a command for the rule options: `rules` and each game option's value. */
export type RuleOptionValues = RuleFlags;

/** `--rules` and every game's own rule options, with the help texts the games give. */
export function addRuleOptions(cmd: Command): Command {
  const presets = allGames()
    .map((g) => `${g.name} ${g.rulePresets}`)
    .join('; ');
  cmd.option('--rules <name>', `rule preset: ${presets}`);
  for (const option of allRuleOptions()) cmd.option(option.flags, option.description);
  return cmd;
}

/** Every game's own analysis switches (`--optimize`), with the help texts the games give. */
export function addAnalysisOptions(cmd: Command): Command {
  for (const option of allAnalysisOptions()) cmd.option(option.flags, option.description);
  return cmd;
}

export { analysisFlagNames, analysisFlags, refuseForeignAnalysisOptions, ruleFlags } from '../games/optionFlags.js';

/** The games of a batch plan's deals, from the first deal of each of its entries. */
export function gamesOf(plan: BatchPlan): Set<GameModule> {
  return new Set([...plan.firstOfEachEntry()].map((d) => d.game));
}

export interface LimitOptionValues {
  timeLimit?: string;
  nodeLimit?: string;
  memoryLimit?: string;
}

export function addLimitOptions(cmd: Command): Command {
  return cmd
    .option('--time-limit <duration>', 'per deal: 500ms, 10s, 2m or none', '10s')
    .option('--node-limit <count>', 'per deal: positions searched, 5e6, 5M or none', 'none')
    .option('--memory-limit <size>', 'per deal: search tables, 512MB, 2GB or none', '2GB');
}

export function limitsFrom(values: LimitOptionValues): Limits {
  return {
    timeMs: values.timeLimit === undefined ? DEFAULT_LIMITS.timeMs : parseDuration(values.timeLimit),
    nodes: values.nodeLimit === undefined ? DEFAULT_LIMITS.nodes : parseCount(values.nodeLimit),
    memoryBytes: values.memoryLimit === undefined ? DEFAULT_LIMITS.memoryBytes : parseBytes(values.memoryLimit),
  };
}

export interface OutputOptionValues {
  json?: boolean;
  cards?: string;
}

/** What the commands that search one position take: rules, limits and output. */
export type SearchOptionValues = RuleOptionValues & LimitOptionValues & OutputOptionValues;

export function addSearchOptions(cmd: Command): Command {
  addRuleOptions(cmd);
  addLimitOptions(cmd);
  return addOutputOptions(cmd);
}

/** The deal a command argument names (code, file or -), opened under the rule options given. */
export function openDealArg(arg: string, values: RuleOptionValues): OpenedDeal {
  return openDeal(dealInputFromArg(arg), ruleFlags(values));
}

export function addOutputOptions(cmd: Command): Command {
  return cmd.option('--json', 'one JSON object per line, for scripts').addOption(cardsOption('how cards are written'));
}

/** `--cards`: the card styles of the notation, symbols by default. */
export function cardsOption(description: string): Option {
  return new Option('--cards <style>', description).choices([...CARD_STYLES]).default('symbols');
}

export function cardStyleFrom(values: { cards?: string }): CardStyle {
  return parseCardStyle(values.cards ?? 'symbols');
}

/** A count flag (`--count 10`, `--samples 1_000`): a whole number of at least `min`. */
export function wholeNumber(text: string, flag: string, min: number): number {
  const t = text.trim().replace(/_/g, '');
  if (!/^\d+$/.test(t) || Number(t) < min) throw new InputError(`${flag} "${text}" is not a whole number of at least ${min}`);
  return Number(t);
}
