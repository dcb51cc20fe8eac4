/**
 * The solver against the reference search under the stock-order rule sets (stockRules.ts), on
 * every listed deal; with PYRAMIDE_REFERENCE_FULL=1 on every deal up to the 600th, printing
 * the lists. (Vitest cuts test titles at 40 characters: `-t` matches the cut title.)
 */
import { describe, it } from 'vitest';
import { agreesOnDeals, STOCK_RULES } from './stockRules.js';

const FULL = process.env.PYRAMIDE_REFERENCE_FULL === '1';

describe.each(STOCK_RULES.filter(({ under }) => FULL || under.length > 0))(
  'the solver against the reference search, rules $name',
  ({ rules, under }) => {
    it(`agrees on ${FULL ? 20 : under.length} deals`, () => {
      agreesOnDeals(rules, under.length, FULL);
    }, 1_800_000);
  },
);
