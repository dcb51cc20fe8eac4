/**
 * The answers' types as the page imported them before the contract: each is the contract's
 * own (`src/contract`), named as it was. Types only: nothing of the schemas reaches the page.
 */
export type {
  ApiError,
  ApiGame,
  Board,
  Dealt as ApiDealt,
  DoubleBoard,
  LegalMove,
  MoveJson,
  PlayResponse,
  PyramideBoard,
  ResultRow,
  ResultsPage,
} from '../contract/index.js';
