import { InputError } from '../errors/inputError.js';

/**
 * A deal code, `FAMILY-OPTIONS-LETTERS` (`PY1-N-AAAAAAS`): the generator family, the rule
 * letters, and the deal number in base 26. Which families and letters exist is up to the
 * games (the registry checks them); this module knows only the shape.
 */
export interface DealCode {
  /** The generator family: two letters and a version number (`PY1`, `DS1`). */
  family: string;
  /** The rule letters after the family: `N` for Pyramide, `D1N` / `D3N` / `D1V` / `D3V` for Double Solitaire. */
  options: string;
  /** The deal number, 0 .. 26^7 - 1. */
  number: number;
}

const LETTERS = 7;
export const MAX_DEAL_NUMBER = 26 ** LETTERS - 1;

export const CODE_EXAMPLES = 'PY1-N-AAAAAAS or DS1-D1N-AAAAAAB';

const FAMILY = /^[A-Z]{2}\d+$/;

/** True when the text looks like it is meant as a code (rather than a file name). */
export function looksLikeCode(text: string): boolean {
  return /^\s*[A-Z]{2}\d+-/i.test(text);
}

/** Reads the shape of a code; the registry then checks that a game has its family and letters. */
export function parseDealCode(text: string): DealCode {
  // A batch opens every code it names (twice: the registry, then the game), so the form
  // `formatDealCode` writes is read without regular expressions or arrays.
  const canonical = canonicalCode(text);
  if (canonical !== null) return canonical;
  const t = text.trim().toUpperCase();
  const parts = t.split('-');
  if (parts.length !== 3) {
    throw new InputError(`"${text}" is not a deal code: expected GAME-OPTIONS-LETTERS, for example ${CODE_EXAMPLES}`);
  }
  const [family, options, letters] = parts as [string, string, string];
  if (!FAMILY.test(family)) {
    throw new InputError(
      `"${text}": "${family}" is not a game, expected two letters and a number such as PY1, for example ${CODE_EXAMPLES}`,
    );
  }
  if (!/^[A-Z0-9]+$/.test(options)) {
    throw new InputError(`"${text}": "${options}" is not a set of rule letters, for example ${CODE_EXAMPLES}`);
  }
  if (!/^[A-Z]{7}$/.test(letters)) {
    throw new InputError(
      `"${text}": "${letters}" is not a deal number, expected exactly ${LETTERS} letters A-Z, for example ${CODE_EXAMPLES}`,
    );
  }
  let number = 0;
  for (const ch of letters) number = number * 26 + (ch.charCodeAt(0) - 65);
  return { family, options, number };
}

const A = 65;
const Z = 90;
const ZERO = 48;
const NINE = 57;

/** A code written exactly as `formatDealCode` writes it, read; null for anything else (the full parser decides). */
function canonicalCode(text: string): DealCode | null {
  const end = text.length;
  const first = text.indexOf('-');
  const second = first < 0 ? -1 : text.indexOf('-', first + 1);
  if (first < 3 || second <= first + 1 || end - second - 1 !== LETTERS) return null;
  // The family: two capitals and a number.
  for (let i = 0; i < first; i++) {
    const c = text.charCodeAt(i);
    if (i < 2 ? c < A || c > Z : c < ZERO || c > NINE) return null;
  }
  for (let i = first + 1; i < second; i++) {
    const c = text.charCodeAt(i);
    if (!((c >= A && c <= Z) || (c >= ZERO && c <= NINE))) return null;
  }
  let number = 0;
  for (let i = second + 1; i < end; i++) {
    const c = text.charCodeAt(i);
    if (c < A || c > Z) return null;
    number = number * 26 + (c - A);
  }
  return { family: text.slice(0, first), options: text.slice(first + 1, second), number };
}

export function dealNumberLetters(number: number): string {
  if (!Number.isInteger(number) || number < 0 || number > MAX_DEAL_NUMBER) {
    throw new InputError(`deal number ${number} is out of range 0..${MAX_DEAL_NUMBER}`);
  }
  let s = '';
  let n = number;
  for (let i = 0; i < LETTERS; i++) {
    s = String.fromCharCode(65 + (n % 26)) + s;
    n = Math.floor(n / 26);
  }
  return s;
}

/** The code's text: `formatDealCode({ family: 'PY1', options: 'N', number: 18 })` is `PY1-N-AAAAAAS`. */
export function formatDealCode(code: DealCode): string {
  return `${code.family}-${code.options}-${dealNumberLetters(code.number)}`;
}

/** The code `steps` deals further on, same game and options. */
export function offsetDealCode(code: DealCode, steps: number): DealCode {
  const number = code.number + steps;
  if (number < 0 || number > MAX_DEAL_NUMBER) {
    throw new InputError(`the range runs past the last deal number (${dealNumberLetters(MAX_DEAL_NUMBER)})`);
  }
  return { ...code, number };
}
