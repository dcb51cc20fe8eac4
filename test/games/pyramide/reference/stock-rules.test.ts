/**
 * The solver against the reference search under the stock-order rule sets (stockRules.ts), on
 * the first six listed deals of each; the long checks (stock-rules.long.test.ts) compare every
 * listed deal. (Vitest cuts test titles at 40 characters: `-t` matches the cut title.)
 */
import { describe, it } from 'vitest';
import { agreesOnDeals, STOCK_RULES } from './stockRules.js';

const FIRST = 6;

describe.each(STOCK_RULES.filter(({ under }) => under.length > 0))(
  'the solver against the reference search, rules $name',
  ({ rules, under }) => {
    const want = Math.min(FIRST, under.length);
    it(`agrees on ${want} deals (the long checks: ${under.length})`, () => {
      agreesOnDeals(rules, want);
    }, 300_000);
  },
);
