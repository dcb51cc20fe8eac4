/** Vegas scoring as the app counts it: $5 a foundation card, from -$104. */
export const VEGAS_DOLLARS = { perCard: 5, start: -104 } as const;

/** What `cards` foundation cards pay under Vegas scoring; null under normal scoring. */
export function vegasDollars(rules: { vegas: boolean }, cards: number): number | null {
  return rules.vegas ? VEGAS_DOLLARS.start + VEGAS_DOLLARS.perCard * cards : null;
}
