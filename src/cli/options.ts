/** Options shared by the commands: rules, limits, card style, JSON. */
import { type Command, Option } from 'commander';
import { type CardStyle, parseCardStyle } from '../cards/notation.js';
import { InputError } from '../errors/inputError.js';
import type { RuleFlags } from '../games/types.js';
import { DEFAULT_LIMITS, type Limits, parseBytes, parseCount, parseDuration } from '../search/limits.js';

export interface RuleOptionValues {
  rules?: string;
  passes?: string;
  strictWin?: boolean;
  pairBeneath?: boolean;
  pairCovering?: boolean;
}

export function addRuleOptions(cmd: Command): Command {
  return cmd
    .option('--rules <name>', 'rule preset: app (Pyramide default), msc; for Double Solitaire D1N, D3N, D1V, D3V (default: from the code)')
    .option('--passes <n>', 'Pyramide: how many times the waste may be turned over (default: unlimited; msc: 2)')
    .option('--strict-win', 'Pyramide: the stock and the waste must be cleared too')
    .option('--pair-beneath', 'Pyramide: the waste top may pair with the waste card directly beneath it')
    .option('--pair-covering', 'Pyramide: a card may pair with the only card still covering it');
}

export function ruleFlags(values: RuleOptionValues): RuleFlags {
  const flags: RuleFlags = {};
  if (values.rules !== undefined) flags.rules = values.rules;
  if (values.passes !== undefined) {
    const t = values.passes.trim().toLowerCase();
    if (t === 'unlimited' || t === 'inf') flags.passes = Infinity;
    else if (/^\d+$/.test(t)) flags.passes = Number(t);
    else throw new InputError(`--passes "${values.passes}" is not a number of turn-overs: expected 0, 1, 2, ... or unlimited`);
  }
  if (values.strictWin) flags.strictWin = true;
  if (values.pairBeneath) flags.pairBeneath = true;
  if (values.pairCovering) flags.pairCovering = true;
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

export function addOutputOptions(cmd: Command): Command {
  return cmd
    .option('--json', 'one JSON object per line, for scripts')
    .addOption(new Option('--cards <style>', 'how cards are written').choices(['symbols', 'en', 'fr']).default('symbols'));
}

export function cardStyleFrom(values: { cards?: string }): CardStyle {
  return parseCardStyle(values.cards ?? 'symbols');
}
