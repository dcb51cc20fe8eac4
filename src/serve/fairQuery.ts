/**
 * The fair hint on the hint route (`fair`, `samples`, `seed`): its query parameters as the
 * schema checks them and what the solver thread is given.
 */
import { Type } from '@sinclair/typebox';
import { DEFAULT_FAIR, type FairSampling } from '../games/fairHintTypes.js';

/** Each sample is solved once per legal move: past this a request could only end at its time limit. */
export const MAX_FAIR_SAMPLES = 1000;
/** The samples' generator takes 32 bits of seed: a larger seed would only repeat a smaller one's samples. */
export const MAX_FAIR_SEED = 0xffff_ffff;

/** The hint route's fair parameters (the OpenAPI document shows their descriptions). */
export const fairProperties = {
  fair: Type.Boolean({
    default: false,
    description:
      'judge each move with only what the player has seen: its chance of still winning over sampled deals, with its 95% interval (what hint --fair --json prints)',
  }),
  samples: Type.Integer({
    minimum: 1,
    maximum: MAX_FAIR_SAMPLES,
    default: DEFAULT_FAIR.samples,
    description: `with fair=true: deals sampled, 1 to ${MAX_FAIR_SAMPLES} (1 is taken when every card has been seen)`,
  }),
  seed: Type.Integer({
    minimum: 0,
    maximum: MAX_FAIR_SEED,
    default: DEFAULT_FAIR.seed,
    description: `with fair=true: the seed of the samples, 0 to ${MAX_FAIR_SEED} (the same seed, the same answer)`,
  }),
};

/** The sampling asked, or null for the ordinary hint (`samples` and `seed` alone change nothing). */
export function readFair(q: { fair?: unknown; samples?: unknown; seed?: unknown }): FairSampling | null {
  if (q.fair !== true) return null;
  return {
    samples: typeof q.samples === 'number' ? q.samples : DEFAULT_FAIR.samples,
    seed: typeof q.seed === 'number' ? q.seed : DEFAULT_FAIR.seed,
  };
}
