import { InputError } from '../../errors/inputError.js';
import type { RuleFlags, RuleOption } from '../types.js';

/** The Pyramide rule set: the app's rules by default, traditional variants as options (pyramide.md). */
export interface PyramideRules {
  /** The preset the options start from. */
  preset: 'app' | 'msc';
  /** The 29th card starts the waste (app) or the waste starts empty (msc). */
  wasteStartsEmpty: boolean;
  /** Microsoft Solitaire Collection: the stock's top card is face up and available. */
  stockTopAvailable: boolean;
  /** How many times the waste may be turned over; Infinity for no limit. */
  passes: number;
  /** The stock and the waste must be cleared too. */
  strictWin: boolean;
  /** The waste top may pair with the waste card directly beneath it. */
  pairBeneath: boolean;
  /** A card may pair with the only card still covering it. */
  pairCovering: boolean;
}

export const APP_RULES: PyramideRules = {
  preset: 'app',
  wasteStartsEmpty: false,
  stockTopAvailable: false,
  passes: Infinity,
  strictWin: false,
  pairBeneath: false,
  pairCovering: false,
};

export const MSC_RULES: PyramideRules = {
  preset: 'msc',
  wasteStartsEmpty: true,
  stockTopAvailable: true,
  passes: 2,
  strictWin: false,
  pairBeneath: false,
  pairCovering: false,
};

/** The rule options Pyramide adds to the command line (values arrive in `RuleFlags` under `key`). */
export const PYRAMIDE_RULE_OPTIONS: readonly RuleOption[] = [
  {
    flags: '--passes <n>',
    key: 'passes',
    description: 'Pyramide: how many times the waste may be turned over (default: unlimited; msc: 2)',
  },
  { flags: '--strict-win', key: 'strictWin', description: 'Pyramide: the stock and the waste must be cleared too' },
  { flags: '--pair-beneath', key: 'pairBeneath', description: 'Pyramide: the waste top may pair with the waste card directly beneath it' },
  { flags: '--pair-covering', key: 'pairCovering', description: 'Pyramide: a card may pair with the only card still covering it' },
];

/** `--passes`: a whole number of turn-overs, or `unlimited`. */
function parsePasses(value: string | number | boolean): number {
  if (typeof value === 'number') {
    if (value === Infinity || (Number.isInteger(value) && value >= 0)) return value;
  } else if (typeof value === 'string') {
    const t = value.trim().toLowerCase();
    if (t === 'unlimited' || t === 'inf') return Infinity;
    if (/^\d+$/.test(t)) return Number(t);
  }
  throw new InputError(`--passes "${String(value)}" is not a number of turn-overs: expected 0, 1, 2, ... or unlimited`);
}

/**
 * A rule set's copy, built field by field in one order, so that every rule set the solvers
 * meet has one shape: a spread's copy gave the winnability loop a second one, and each
 * thread threw that loop's compiled code away and compiled it again (bench/README.md).
 */
function copyOf(r: PyramideRules): PyramideRules {
  return {
    preset: r.preset,
    wasteStartsEmpty: r.wasteStartsEmpty,
    stockTopAvailable: r.stockTopAvailable,
    passes: r.passes,
    strictWin: r.strictWin,
    pairBeneath: r.pairBeneath,
    pairCovering: r.pairCovering,
  };
}

export function rulesFromFlags(flags: RuleFlags): PyramideRules {
  const preset = (flags.rules ?? 'app').trim().toLowerCase();
  let rules: PyramideRules;
  if (preset === 'app' || preset === 'n') rules = copyOf(APP_RULES);
  else if (preset === 'msc') rules = copyOf(MSC_RULES);
  else throw new InputError(`--rules "${flags.rules}" is not a Pyramide rule set: expected app (the default) or msc`);
  if (flags.passes !== undefined) rules.passes = parsePasses(flags.passes);
  if (flags.strictWin) rules.strictWin = true;
  if (flags.pairBeneath) rules.pairBeneath = true;
  if (flags.pairCovering) rules.pairCovering = true;
  return rules;
}

/**
 * The canonical name of a rule set, stored with every result: the preset, then each option
 * that differs from it (`app`, `msc`, `app+passes=2+strict-win`).
 */
export function rulesName(rules: PyramideRules): string {
  const base = rules.preset === 'app' ? APP_RULES : MSC_RULES;
  const parts: string[] = [rules.preset];
  if (rules.passes !== base.passes) parts.push(`passes=${rules.passes === Infinity ? 'unlimited' : rules.passes}`);
  if (rules.strictWin !== base.strictWin) parts.push('strict-win');
  if (rules.pairBeneath !== base.pairBeneath) parts.push('pair-beneath');
  if (rules.pairCovering !== base.pairCovering) parts.push('pair-covering');
  return parts.join('+');
}

/**
 * Under these rules any stock or waste card can be brought to the waste top and no two of
 * them can pair, so winnability and the most removable cards depend only on the pyramid
 * (pyramide.md, "A fact worth using").
 */
export function talonIsFree(rules: PyramideRules): boolean {
  return rules.passes === Infinity && !rules.strictWin && !rules.pairBeneath && !rules.stockTopAvailable;
}
