/**
 * The dealer of Acme Solitaire, a made-up app whose Pyramide deals are coded ACME-<n>
 * (n from 0 to 999,999,999). Its own shuffle: mulberry32 seeded with n, then Fisher-Yates
 * from the end. cardsolve loads it with --dealer examples/dealers/acme.js (docs/dealers.md).
 */
const RANKS = ['A', '2', '3', '4', '5', '6', '7', '8', '9', '10', 'J', 'Q', 'K'];
const SUITS = ['S', 'H', 'D', 'C'];
const DECK = SUITS.flatMap((suit) => RANKS.map((rank) => rank + suit));

/** mulberry32: a small 32-bit generator, numbers in [0, 1). */
function mulberry32(seed) {
  let a = seed >>> 0;
  return () => {
    a = (a + 0x6d2b79f5) >>> 0;
    let t = Math.imul(a ^ (a >>> 15), a | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
}

function shuffled(cards, seed) {
  const random = mulberry32(seed);
  const out = [...cards];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(random() * (i + 1));
    [out[i], out[j]] = [out[j], out[i]];
  }
  return out;
}

export default {
  name: 'acme',
  pattern: /^ACME-\d{1,9}$/,

  /** The deal-file text (docs/spec/deal-files.md): the pyramid row by row, one waste card, the 23 stock cards top first. */
  deal(code) {
    const cards = shuffled(DECK, this.number(code));
    const lines = ['game: pyramide'];
    let at = 0;
    for (let row = 1; row <= 7; row++) {
      lines.push(`row ${row}: ${cards.slice(at, at + row).join(' ')}`);
      at += row;
    }
    lines.push(`waste: ${cards[at]}`, `stock: ${cards.slice(at + 1).join(' ')}`);
    return lines.join('\n');
  },

  // For ranges (ACME-1..ACME-500) and --count.
  code(n) {
    return `ACME-${n}`;
  },
  number(code) {
    return Number(code.slice('ACME-'.length));
  },
};
