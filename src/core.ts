/**
 * The solving core of cardsolve: cards, codes, games, search and errors, and nothing else. It
 * imports no Node built-in and nothing from the layers above it (store, batch, lists, serve,
 * cli), so it runs in any JavaScript engine: Node, a browser page, a Web Worker, a phone
 * app's JavaScript runtime. `import { openDeal } from 'cardsolve/core'`, or the one-file
 * browser build `dist/core/cardsolve-core.js`.
 *
 *   const deal = openDeal('PY1-N-AAAAAAA');
 *   const hint = deal.hint('J♦ + 2♦; draw', { ...DEFAULT_LIMITS, timeMs: 200 });
 *   hint.status; hint.best; hint.moves; // JSON-ready, as `cardsolve hint --json` prints it
 *
 * or a position object kept from move to move, the rules engine checking each one:
 *
 *   const p = openPosition('PY1-N-AAAAAAA');
 *   p.move('J♦ + 2♦'); p.moves(); p.undo(); p.hint(limits); p.toJSON(); p.historyText();
 *
 * Bad input (a code, a deal text, a move the rules refuse) throws `InputError` with a message
 * for the user; anything else thrown is a bug.
 */
import { looksLikeCode } from './codes/dealCode.js';
import { dealerFor } from './games/dealers.js';
import { type HintedDeal, type HintResult, withHints } from './games/hint.js';
import type { Position } from './games/position.js';
import { openDeal as openDealInput } from './games/registry.js';
import type { DealInput, RuleFlags } from './games/types.js';

/**
 * Opens a deal: a code (`PY1-N-AAAAAAS`, `DS1-D1N-AAAAAAB`, or one of a registered dealer),
 * the text of a deal file, or a `DealInput`. Rule flags as on the command line (`{ rules: 'msc' }`, `{ passes: 1 }`).
 */
export function openDeal(deal: string | DealInput, flags: RuleFlags = {}): HintedDeal {
  if (typeof deal !== 'string') return withHints(openDealInput(deal, flags));
  const text = deal.trim();
  if (looksLikeCode(text) || dealerFor(text) !== undefined) return withHints(openDealInput({ kind: 'code', code: text }, flags));
  return withHints(openDealInput({ kind: 'text', text: deal, source: 'the deal text' }, flags));
}

/**
 * Opens a deal as a position object, at the deal's start: moves played and taken back
 * through the game's rules engine (`move`, `undo`, `moves`), hints (`hint`), the position
 * as JSON (`toJSON`) and the moves so far in the `play` notation (`historyText`).
 */
export function openPosition(deal: string | DealInput, flags: RuleFlags = {}): Position<HintResult> {
  return openDeal(deal, flags).position();
}

export { CARD_STYLES, type CardStyle, formatCard, jsonInStyle, parseCard, parseCardStyle } from './cards/notation.js';
export { type DealCode, formatDealCode, looksLikeCode, MAX_DEAL_NUMBER, offsetDealCode, parseDealCode } from './codes/dealCode.js';
export { InputError, isInputError } from './errors/inputError.js';
export {
  DAILY_EPOCH,
  type DailyDeal,
  type DailyMonth,
  dailyDealFrom,
  dailyMonthFrom,
  dailyPick,
  dayNumber,
  type ListEntry,
  noListMessage,
  parseList,
  poolNotes,
  poolOf,
  type ShippedList,
  today,
} from './games/daily.js';
export { allDealers, checkDealer, type Dealer, dealerFor, registerDealer } from './games/dealers.js';
export { TIERS, type Tier } from './games/difficulty.js';
export type { DoubleHintResult, DoubleJudgedMove } from './games/double/hint.js';
export { dollarsText } from './games/double/vegasDollars.js';
export { describeFairHint, refuseWithoutFairHint } from './games/fairHint.js';
export { DEFAULT_FAIR, type FairHintOptions, type FairHintResult, type FairMoveJson, type FairSampling } from './games/fairHintTypes.js';
export { type GameSummary, gameSummaries } from './games/gameSummary.js';
export type { HintedDeal, HintOptions, HintResult, JudgedMove, MoveLabel, PositionStatus } from './games/hint.js';
export { bestLine, bestLineFrom, describeHint, hint, moveText, reachText } from './games/hint.js';
export type { HintResultBase, JudgedMoveBase } from './games/hintTypes.js';
export { type Pickable, type PickOptions, pickDeals } from './games/pickDeals.js';
export {
  type Board,
  type DoubleBoard,
  type LegalMove,
  type PlayedLine,
  type PlayResponse,
  type PyramideBoard,
  playLineJson,
  playResponse,
  playResponseJson,
  refusedJson,
} from './games/playResponse.js';
export type { PlayOutcome, PlayView, Position, PositionJson } from './games/position.js';
export { playOutcome, RefusedMoveError } from './games/position.js';
export type { PyramideHintResult, PyramideJudgedMove } from './games/pyramide/hintResult.js';
export { allGames, gameById, gameOf, registerGame } from './games/registry.js';
export type {
  AnalyseOptions,
  Analysis,
  DealInput,
  GameId,
  GameModule,
  MoveJson,
  OpenedDeal,
  RuleFlags,
  Verdict,
} from './games/types.js';
export { useClock } from './search/clock.js';
export { parseBytes, parseCount, parseDuration } from './search/limitParsing.js';
export type { LimitName, Limits } from './search/limits.js';
export { DEFAULT_LIMITS, describeLimit } from './search/limits.js';
