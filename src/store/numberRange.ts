/** A range of a figure as the filters take it: `A..B`, `A..`, `..B` or `N`, both ends included. */
import { InputError } from '../errors/inputError.js';

/** Both ends included; a missing end is open. */
export interface NumberRange {
  min?: number;
  max?: number;
}

export interface RangeOptions {
  /** Whether the ends may be negative (`-104..0`): dollars may, counts of cards or moves may not. */
  negative?: boolean;
}

/** `A..B`, `A..`, `..B` or `N` of whole numbers; `what` names the filter in the message (`--min-moves`). */
export function parseRange(text: string, what: string, options: RangeOptions = {}): NumberRange {
  const n = options.negative ? '(-?\\d+)?' : '(\\d+)?';
  const m = new RegExp(`^\\s*${n}\\s*(\\.\\.)?\\s*${n}\\s*$`).exec(text);
  if (!m || (m[1] === undefined && m[3] === undefined) || (m[2] === undefined && m[3] !== undefined)) {
    const example = options.negative ? '-50..100' : '10..14';
    throw new InputError(`${what} "${text}" is not a range: expected MIN..MAX, MIN.., ..MAX or one number, for example ${example}`);
  }
  const min = m[1] === undefined ? undefined : Number(m[1]);
  const max = m[2] === undefined ? min : m[3] === undefined ? undefined : Number(m[3]);
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
