/**
 * Acme Solitaire's Double Solitaire deals, coded ACMED-<n>: draw one, unlimited redeals.
 * Two decks shuffled by mulberry32 seeded with n, then Fisher-Yates from the end; column k
 * gets k cards, the rest is the stock. Without code(n) and number(code): its codes are
 * given one by one, never as ranges.
 */
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['S', 'H', 'D', 'C'];
const DECK = SUITS.flatMap((suit) => RANKS.map((rank) => rank + suit));

function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

export default {
  name: 'acme-double',
  pattern: /^ACMED-\d{1,9}$/,
  deal(code) {
    const random = mulberry32(Number(code.slice('ACMED-'.length)));
    const cards = [...DECK, ...DECK];
    for (let i = cards.length - 1; i > 0; i--) {
      const j = Math.floor(random() * (i + 1));
      [cards[i], cards[j]] = [cards[j], cards[i]];
    }
    const lines = ['game: double-solitaire', 'draw: 1', 'redeal: unlimited'];
    let at = 0;
    for (let column = 1; column <= 9; column++) {
      lines.push(`column ${column}: ${cards.slice(at, at + column).join(' ')}`);
      at += column;
    }
    lines.push(`stock: ${cards.slice(at).join(' ')}`);
    return lines.join('\n');
  },
};
