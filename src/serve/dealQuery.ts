/**
 * The query of the deal routes (analysis, hint, play): a deal, the moves played, the rule
 * flags and analysis switches the games declare, the card style. Read into what the command
 * line's own functions take, so a bad value gets the command line's message.
 */
import { type CardStyle, parseCardStyle } from '../cards/notation.js';
import { InputError } from '../errors/inputError.js';
import type { AnalyseOptions } from '../games/analyseOptions.js';
import type { FairSampling } from '../games/fairHintTypes.js';
import { analysisFlags, refuseForeignAnalysisOptions, ruleFlags } from '../games/optionFlags.js';
import { allRuleOptions, declaredOptions, gameById } from '../games/registry.js';
import type { RuleFlags } from '../games/types.js';
import { parseDuration } from '../search/limitParsing.js';
import { fairProperties, readFair } from './fairQuery.js';

/** The longest deal text and move list taken (a deal file is under 1 KB; a long game's moves under 4 KB). */
export const MAX_DEAL_CHARS = 4096;
export const MAX_MOVES_CHARS = 16_384;

export interface DealQuery {
  deal: string;
  moves?: string;
  /** The hint: moves known to win after `moves` (`HintOptions.line`). */
  line?: string;
  rules?: string;
  cards?: string;
  reveal?: boolean;
  timeLimit?: string;
  fair?: boolean;
  samples?: number;
  seed?: number;
  [option: string]: string | number | boolean | undefined;
}

/** A rule option or analysis switch as a query parameter: switches are booleans, the others text. */
function optionSchema(flags: string, description: string): Record<string, unknown> {
  return flags.includes('<') ? { type: 'string', maxLength: 64, description } : { type: 'boolean', description };
}

/**
 * The JSON schema of a deal route's query (and body): with the moves played or not, `reveal`
 * for play, and the fair hint's parameters for hint.
 */
export function dealQuerySchema(parts: { moves: boolean; reveal?: boolean; fair?: boolean; line?: boolean }): Record<string, unknown> {
  const properties: Record<string, unknown> = {
    deal: {
      type: 'string',
      minLength: 1,
      maxLength: MAX_DEAL_CHARS,
      description: "a deal code (PY1-N-AAAAAAS, DS1-D1N-AAAAAAB) or a deal file's text",
    },
    ...(parts.moves
      ? {
          moves: {
            type: 'string',
            maxLength: MAX_MOVES_CHARS,
            default: '',
            description: 'the moves played, separated by ";" (as play --moves)',
          },
        }
      : {}),
    ...(parts.line
      ? {
          line: {
            type: 'string',
            maxLength: MAX_MOVES_CHARS,
            description:
              'moves known to win after the moves played, separated by ";" (the rest of a solution shown beside the hint): no move is said to need more moves than this line; a line that does not win is refused',
          },
        }
      : {}),
    rules: { type: 'string', maxLength: 64, description: 'rule preset (Pyramide: app, msc)' },
    cards: { type: 'string', enum: ['symbols', 'en', 'fr'], default: 'symbols', description: 'how cards are written' },
    timeLimit: { type: 'string', maxLength: 16, description: "at most the server's --max-time: 500ms, 2s" },
    ...(parts.reveal ? { reveal: { type: 'boolean', default: false, description: "show Double Solitaire's face-down cards" } } : {}),
    ...(parts.fair ? fairProperties : {}),
  };
  for (const option of allRuleOptions()) properties[option.key] = optionSchema(option.flags, option.description);
  for (const option of declaredOptions((g) => g.analysisOptions)) properties[option.key] = optionSchema(option.flags, option.description);
  return { type: 'object', required: ['deal'], additionalProperties: false, properties };
}

export interface ReadDealQuery {
  deal: string;
  moves: string;
  flags: RuleFlags;
  options: AnalyseOptions;
  /** The hint: moves known to win from the position (`HintOptions.line`), or null. */
  line: string | null;
  style: CardStyle;
  /** Draw what the player cannot see (Double Solitaire's face-down cards). */
  reveal: boolean;
  /** The request's time limit: the server's, or shorter when asked. */
  timeMs: number;
  /** The fair hint's sampling (`fair=true`), or null. */
  fair: FairSampling | null;
}

export function readDealQuery(q: DealQuery, maxTimeMs: number): ReadDealQuery {
  const flags = ruleFlags(Object.fromEntries(Object.entries(q).filter(([, v]) => typeof v !== 'boolean' || v)) as RuleFlags);
  const options = analysisFlags(q);
  let timeMs = maxTimeMs;
  if (q.timeLimit !== undefined) {
    const asked = parseDuration(q.timeLimit, 'timeLimit');
    if (asked > maxTimeMs) throw new InputError(`timeLimit ${q.timeLimit} is above this server's limit: expected at most ${maxTimeMs}ms`);
    timeMs = asked;
  }
  return {
    deal: q.deal,
    moves: q.moves ?? '',
    line: q.line !== undefined && q.line.trim() !== '' ? q.line : null,
    flags,
    options,
    style: parseCardStyle(q.cards ?? 'symbols'),
    reveal: q.reveal === true,
    timeMs,
    fair: readFair(q),
  };
}

/** Refuses an analysis switch the deal's game does not have (`optimize` for Pyramide). */
export function refuseForeign(game: string, options: AnalyseOptions): void {
  refuseForeignAnalysisOptions([gameById(game)], options);
}
