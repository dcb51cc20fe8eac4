/**
 * The fair hint on the hint route (`fair`, `samples`, `seed`): its query parameters as the
 * schema checks them, what the solver thread is given, and the refusal for a game that has
 * none (as `hint --fair` refuses it).
 */
import { InputError } from '../errors/inputError.js';
import type { FairHintOptions } from '../games/fairHintTypes.js';
import { allGames, gameById, openDeal } from '../games/registry.js';
import type { OpenedDeal } from '../games/types.js';

/** The samples and seed of a fair hint; the limits are the request's. */
export type FairSampling = Omit<FairHintOptions, 'limits'>;

/** The command line's defaults. */
export const DEFAULT_FAIR: FairSampling = { samples: 100, seed: 1 };
/** Each sample is solved once per legal move: past this a request could only end at its time limit. */
export const MAX_FAIR_SAMPLES = 1000;
/** The samples' generator takes 32 bits of seed: a larger seed would only repeat a smaller one's samples. */
export const MAX_FAIR_SEED = 0xffff_ffff;

/** The hint route's fair parameters, as JSON schema properties (the OpenAPI document shows their descriptions). */
export const fairProperties: Record<string, Record<string, unknown>> = {
  fair: {
    type: 'boolean',
    default: false,
    description:
      'judge each move with only what the player has seen: its chance of still winning over sampled deals, with its 95% interval (what hint --fair --json prints)',
  },
  samples: {
    type: 'integer',
    minimum: 1,
    maximum: MAX_FAIR_SAMPLES,
    default: DEFAULT_FAIR.samples,
    description: `with fair=true: deals sampled, 1 to ${MAX_FAIR_SAMPLES} (1 is taken when every card has been seen)`,
  },
  seed: {
    type: 'integer',
    minimum: 0,
    maximum: MAX_FAIR_SEED,
    default: DEFAULT_FAIR.seed,
    description: `with fair=true: the seed of the samples, 0 to ${MAX_FAIR_SEED} (the same seed, the same answer)`,
  },
};

/** The sampling asked, or null for the ordinary hint (`samples` and `seed` alone change nothing). */
export function readFair(q: { fair?: unknown; samples?: unknown; seed?: unknown }): FairSampling | null {
  if (q.fair !== true) return null;
  return {
    samples: typeof q.samples === 'number' ? q.samples : DEFAULT_FAIR.samples,
    seed: typeof q.seed === 'number' ? q.seed : DEFAULT_FAIR.seed,
  };
}

/** The games whose deals have a fair hint, by name, for the refusal's message. */
function gamesWithFairHint(): string[] {
  return allGames()
    .filter((game) => openDeal({ kind: 'code', code: `${game.codes.family}-${game.codes.options[0]}-AAAAAAA` }, {}).fairHint !== undefined)
    .map((game) => game.name);
}

/** Refuses a fair hint for a deal whose game has none, with the command line's message. */
export function refuseWithoutFairHint(deal: OpenedDeal): void {
  if (deal.fairHint !== undefined) return;
  const have = gamesWithFairHint();
  const which = have.length === 0 ? '' : ` (${have.join(', ')} ${have.length === 1 ? 'has' : 'have'})`;
  throw new InputError(`fair: ${gameById(deal.game).name} has no fair hint yet${which}; without fair=true the hint sees the whole deal`);
}
