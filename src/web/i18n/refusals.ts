/** A move the rules refused, in the player's language: told apart by its stable code, never by the English reason. */
import type { RefusalCode } from '../../errors/refusal';
import { type Key, t } from './language';

const REASONS: Record<RefusalCode, Key> = {
  'stock-empty': 'refusalStockEmpty',
  'stock-unknown': 'refusalStockUnknown',
  'stock-not-empty': 'refusalStockNotEmpty',
  'waste-empty': 'refusalWasteEmpty',
  'no-turn-over': 'refusalNoTurnOver',
  'not-a-king': 'refusalNotAKing',
  'same-card': 'refusalSameCard',
  'sum-not-13': 'refusalSumNot13',
  removed: 'refusalRemoved',
  covered: 'refusalCovered',
  'not-playable': 'refusalNotPlayable',
  'not-there': 'refusalNotThere',
  'face-down': 'refusalFaceDown',
  'no-such-place': 'refusalNoSuchPlace',
  'run-too-long': 'refusalRunTooLong',
  'king-only': 'refusalKingOnly',
  'does-not-fit': 'refusalDoesNotFit',
  'no-foundation': 'refusalNoFoundation',
  'place-empty': 'refusalPlaceEmpty',
  'not-a-move': 'refusalNotAMove',
};

/** The reason in words; a code this page does not know (a newer server) falls back to the server's English. */
export function refusalText(refused: { reason: string; code?: string }): string {
  const key = refused.code ? REASONS[refused.code as RefusalCode] : undefined;
  return key ? t(key) : refused.reason;
}
