/**
 * The query of the deal routes (analysis, hint, play): a deal, the moves played, the rule
 * flags and analysis switches the games declare, the card style. Read into what the command
 * line's own functions take, so a bad value gets the command line's message.
 */
import { type Static, type TObject, type TSchema, Type } from '@sinclair/typebox';
import { CARD_STYLES, type CardStyle, parseCardStyle } from '../cards/notation.js';
import { MoveJson } from '../contract/index.js';
import { InputError } from '../errors/inputError.js';
import type { AnalyseOptions } from '../games/analyseOptions.js';
import type { FairSampling } from '../games/fairHintTypes.js';
import { analysisFlags, refuseForeignAnalysisOptions, ruleFlags } from '../games/optionFlags.js';
import { allRuleOptions, declaredOptions, gameById } from '../games/registry.js';
import type { RuleFlags } from '../games/types.js';
import { parseDuration } from '../search/limitParsing.js';
import { fairProperties, readFair } from './fairQuery.js';
import { MAX_LINE_MOVES } from './lineTask.js';
import { Choice, Params } from './requestSchema.js';

/** The longest deal text and move list taken (a deal file is under 1 KB; a long game's moves under 4 KB). */
export const MAX_DEAL_CHARS = 4096;
export const MAX_MOVES_CHARS = 16_384;

/** The parameters every deal route takes. */
const common = {
  deal: Type.String({
    minLength: 1,
    maxLength: MAX_DEAL_CHARS,
    description: "a deal code (PY1-N-AAAAAAS, DS1-D1N-AAAAAAB) or a deal file's text",
  }),
  rules: Type.Optional(Type.String({ maxLength: 64, description: 'rule preset (Pyramide: app, msc)' })),
  cards: Choice(CARD_STYLES, { default: 'symbols', description: 'how cards are written' }),
  timeLimit: Type.Optional(Type.String({ maxLength: 16, description: "at most the server's --max-time: 500ms, 2s" })),
};

const moves = Type.String({ maxLength: MAX_MOVES_CHARS, default: '', description: 'the moves played, separated by ";" (as play --moves)' });
const reveal = Type.Boolean({ default: false, description: "show Double Solitaire's face-down cards" });
const line = Type.Optional(
  Type.String({
    maxLength: MAX_MOVES_CHARS,
    description:
      'moves known to win after the moves played, separated by ";" (the rest of a solution shown beside the hint): no move is said to need more moves than this line; a line that does not win is refused',
  }),
);

/** A rule option or analysis switch as a query parameter: switches are booleans, the others text. */
function optionSchema(flags: string, description: string): TSchema {
  return flags.includes('<') ? Type.String({ maxLength: 64, description }) : Type.Boolean({ description });
}

/**
 * A deal route's schema with the rule options and analysis switches the games declare (a
 * plug-in game adds its own when loaded): its handler reads them by name, as the command line does.
 */
function withGameOptions<T extends TObject>(schema: T): T {
  const properties: Record<string, TSchema> = { ...schema.properties };
  for (const option of allRuleOptions()) properties[option.key] = optionSchema(option.flags, option.description);
  for (const option of declaredOptions((g) => g.analysisOptions)) properties[option.key] = optionSchema(option.flags, option.description);
  return { ...schema, properties };
}

/** The analysis route's query (and body). */
export const analysisQuery = () => withGameOptions(Params(common));
/** The hint route's: the moves played, a known line, and the fair hint's sampling. */
export const hintQuery = () => withGameOptions(Params({ ...common, moves, line, ...fairProperties }));
/** The play route's: the moves played, and what the board shows. */
export const playQuery = () => withGameOptions(Params({ ...common, moves, reveal }));
/** The line route's body: the play route's, and the line of JSON moves. */
export const lineBody = () =>
  withGameOptions(
    Params({
      ...common,
      moves,
      reveal,
      line: Type.Array(MoveJson, { maxItems: MAX_LINE_MOVES }),
    }),
  );

/** A deal route's request as its handler reads it: the schema's fields, and the games' options by name. */
export type DealQuery = Static<ReturnType<typeof analysisQuery>> &
  Partial<Pick<Static<ReturnType<typeof hintQuery>>, 'moves' | 'line' | 'fair' | 'samples' | 'seed'>> &
  Partial<Pick<Static<ReturnType<typeof playQuery>>, 'reveal'>> & {
    [option: string]: string | number | boolean | undefined;
  };

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
