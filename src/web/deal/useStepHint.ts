/** The hint of the position a deal view shows, asked for again at every step. */
import { useEffect, useState } from 'preact/hooks';
import { describeError, type Hint } from '../api';
import { hintAt } from '../data';

export interface StepHint {
  hint: Hint | null;
  error: string | null;
}

/**
 * The hint after `moves`, with `rest` (the winning line's rest from there, '' when none); none
 * while `rest` is not known (null) or there is no position yet.
 */
export function useStepHint(code: string, rules: string | undefined, moves: string, rest: string | null, shown: boolean): StepHint | null {
  const key = `${moves}\u0000${rest}`;
  const [hint, setHint] = useState<({ key: string } & StepHint) | null>(null);
  useEffect(() => {
    if (!shown || rest === null) return;
    let cancelled = false;
    // A step away stops this hint's solve: stepping fast never queues the hints of the steps passed.
    const controller = new AbortController();
    setHint({ key, hint: null, error: null });
    hintAt(code, moves, rules, controller.signal, rest).then(
      (h) => !cancelled && setHint({ key, hint: h, error: null }),
      (e: unknown) => !cancelled && setHint({ key, hint: null, error: describeError(e) }),
    );
    return () => {
      cancelled = true;
      controller.abort();
    };
  }, [code, rules, key, shown]);
  return hint && hint.key === key ? hint : null;
}
