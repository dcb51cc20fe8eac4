/**
 * Rule flags and analysis switches as a caller gives them (the command line's options, the
 * API's query): read into what the games take, and refused with a message naming whose they
 * are when they belong to another game.
 */
import { InputError } from '../errors/inputError.js';
import type { AnalyseOptions } from './analyseOptions.js';
import { allRuleOptions, declaredOptions, flagOf, foreignOption, type OptionList } from './registry.js';
import type { AnalysisOption, GameModule, RuleFlags } from './types.js';

/** The rule flags given on the command line (only those given: a game refuses what it does not take). */
export function ruleFlags(values: RuleFlags): RuleFlags {
  const flags: RuleFlags = {};
  if (values.rules !== undefined) flags.rules = values.rules;
  for (const { key } of allRuleOptions()) if (values[key] !== undefined) flags[key] = values[key];
  return flags;
}

/** A game's analysis switches (`--optimize`), as the registry reads option lists. */
const ANALYSIS: OptionList = (game) => game.analysisOptions;

/** Every game's analysis switches, each flag once. */
export const allAnalysisOptions = (): AnalysisOption[] => declaredOptions(ANALYSIS);

/** The games' analysis switches given on the command line. */
export function analysisFlags(values: Record<string, unknown>): AnalyseOptions {
  const flags: AnalyseOptions = {};
  for (const { key } of allAnalysisOptions()) if (values[key] === true) flags[key] = true;
  return flags;
}

/** The flags (`--optimize`) of the analysis switches given. */
export function analysisFlagNames(flags: AnalyseOptions): string[] {
  return allAnalysisOptions()
    .filter((o) => flags[o.key] !== undefined)
    .map(flagOf);
}

/**
 * Refuses an analysis switch given for deals of a game that does not declare it (`--optimize`
 * for a Pyramide deal), naming whose it is, as the registry refuses another game's rule options.
 */
export function refuseForeignAnalysisOptions(games: Iterable<GameModule>, flags: AnalyseOptions): void {
  for (const game of games) {
    const foreign = Object.keys(flags).filter((key) => flags[key] !== undefined && !game.analysisOptions.some((o) => o.key === key));
    if (foreign.length === 0) continue;
    const named = foreign.map((key) => {
      const { flag, owner } = foreignOption(key, ANALYSIS);
      return `${flag} (${owner})`;
    });
    const own = game.analysisOptions.map(flagOf);
    throw new InputError(
      `${named.join(', ')} ${named.length === 1 ? 'is not an option' : 'are not options'} of ${game.name}: ` +
        (own.length ? `its analysis options are ${own.join(', ')}` : 'it has no analysis options of its own'),
    );
  }
}
