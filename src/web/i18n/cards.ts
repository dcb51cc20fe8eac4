/** Cards in words in the page's language (`J♦`: jack of diamonds, ईंट का गुलाम, แจ็กข้าวหลามตัด), for screen readers and hints. */
import { t } from './language';
import type { Key } from './messages';

const RANKS: Record<string, Key> = {
  A: 'rankA',
  '2': 'rank2',
  '3': 'rank3',
  '4': 'rank4',
  '5': 'rank5',
  '6': 'rank6',
  '7': 'rank7',
  '8': 'rank8',
  '9': 'rank9',
  '10': 'rank10',
  J: 'rankJ',
  Q: 'rankQ',
  K: 'rankK',
};

const SUITS: Record<string, Key> = { '♠': 'suitSpades', '♥': 'suitHearts', '♦': 'suitDiamonds', '♣': 'suitClubs' };

/** `J♦` in words; a text that is not a card stays as it is. */
export function cardName(card: string): string {
  const m = /^(10|[2-9AJQK])([♠♥♦♣])$/.exec(card);
  if (!m) return card;
  return t('cardName', { rank: t(RANKS[m[1]!]!), suit: t(SUITS[m[2]!]!) });
}

/** Every card symbol in a text (`J♦ + 2♦`) put in words. */
export function cardsInWords(text: string): string {
  return text.replace(/(10|[2-9AJQK])([♠♥♦♣])/g, (card) => cardName(card));
}
