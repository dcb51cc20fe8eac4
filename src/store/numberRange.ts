/** A range of a figure as the filters take it: `A..B`, `A..`, `..B` or `N`, both ends included. */
import { InputError } from '../errors/inputError.js';

/** Both ends included; a missing end is open. */
export interface NumberRange {
  min?: number;
  max?: number;
}

/** `A..B`, `A..`, `..B` or `N`; `what` names the filter in the message (`--min-moves`). */
export function parseRange(text: string, what: string): NumberRange {
  const m = /^\s*(\d*)\s*(\.\.)?\s*(\d*)\s*$/.exec(text);
  if (!m || (m[1] === '' && m[3] === '') || (m[2] === undefined && m[3] !== '')) {
    throw new InputError(`${what} "${text}" is not a range: expected MIN..MAX, MIN.., ..MAX or one number, for example 10..14`);
  }
  const min = m[1] === '' ? undefined : Number(m[1]);
  const max = m[2] === undefined ? min : m[3] === '' ? undefined : Number(m[3]);
  if (min !== undefined && max !== undefined && min > max) throw new InputError(`${what} "${text}": the lower end is above the upper end`);
  return { ...(min !== undefined ? { min } : {}), ...(max !== undefined ? { max } : {}) };
}

/** SQL conditions for a range of `column`, appended to `parts` and `params`. */
export function rangeConditions(column: string, r: NumberRange | undefined, parts: string[], params: unknown[]): void {
  if (r === undefined) return;
  if (r.min !== undefined) {
    parts.push(`${column} >= ?`);
    params.push(r.min);
  }
  if (r.max !== undefined) {
    parts.push(`${column} <= ?`);
    params.push(r.max);
  }
}
