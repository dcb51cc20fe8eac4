/** Options shared by the commands: rules (from the games' declarations), limits, card style, JSON. */
import { type Command, Option } from 'commander';
import { CARD_STYLES, type CardStyle, parseCardStyle } from '../cards/notation.js';
import { dealInputFromArg } from '../games/dealInput.js';
import { allGames, allRuleOptions, openDeal } from '../games/registry.js';
import type { OpenedDeal, RuleFlags } from '../games/types.js';
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

/** The rule flags given on the command line (only those given: a game refuses what it does not take). */
export function ruleFlags(values: RuleOptionValues): RuleFlags {
  const flags: RuleFlags = {};
  if (values.rules !== undefined) flags.rules = values.rules;
  for (const { key } of allRuleOptions()) if (values[key] !== undefined) flags[key] = values[key];
  return flags;
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
