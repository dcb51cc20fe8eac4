/** Vegas scoring as the app counts it: $5 a foundation card, from -$104. */
export const VEGAS_DOLLARS = { perCard: 5, start: -104 } as const;

/** What `cards` foundation cards pay under Vegas scoring; null under normal scoring. */
export function vegasDollars(rules: { vegas: boolean }, cards: number): number | null {
  return rules.vegas ? VEGAS_DOLLARS.start + VEGAS_DOLLARS.perCard * cards : null;
}

/** ` ($21)`, ` (-$79)`: dollars as the app writes them, to follow a count of cards; nothing without. */
export function dollarsText(dollars: number | null | undefined): string {
  return typeof dollars === 'number' ? ` (${dollars < 0 ? `-$${-dollars}` : `$${dollars}`})` : '';
}

/**
 * `, at most 61 ($201) by a proven bound`: a proven ceiling on the foundation cards, and what
 * they pay, when it says more than that all `total` cards may come up; nothing otherwise.
 */
export function ceilingText(atMost: number | null | undefined, dollarsAtMost: number | null | undefined, total: number): string {
  return typeof atMost === 'number' && atMost < total ? `, at most ${atMost}${dollarsText(dollarsAtMost)} by a proven bound` : '';
}
