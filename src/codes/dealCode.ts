import { InputError } from '../errors/inputError.js';

/** Generator families: the cards of a deal depend only on the family and the number. */
export type CodeFamily = 'PY1' | 'DS1';

export interface DealCode {
  family: CodeFamily;
  /** The rule letters after the family: `N` for Pyramide, `D1N` / `D3N` / `D1V` / `D3V` for Double Solitaire. */
  options: string;
  /** The deal number, 0 .. 26^7 - 1. */
  number: number;
}

export const LETTERS = 7;
export const MAX_DEAL_NUMBER = 26 ** LETTERS - 1;

/** The rule letters each family accepts. */
export const CODE_OPTIONS: Record<CodeFamily, readonly string[]> = {
  PY1: ['N'],
  DS1: ['D1N', 'D3N', 'D1V', 'D3V'],
};

const EXAMPLES = 'PY1-N-AAAAAAS or DS1-D1N-AAAAAAB';

/** True when the text looks like it is meant as a code (rather than a file name). */
export function looksLikeCode(text: string): boolean {
  return /^\s*(PY|DS)\d-/i.test(text);
}

export function parseDealCode(text: string): DealCode {
  const t = text.trim().toUpperCase();
  const parts = t.split('-');
  if (parts.length !== 3) {
    throw new InputError(`"${text}" is not a deal code: expected GAME-OPTIONS-LETTERS, for example ${EXAMPLES}`);
  }
  const [family, options, letters] = parts as [string, string, string];
  if (family !== 'PY1' && family !== 'DS1') {
    throw new InputError(`"${text}": unknown game "${family}", expected PY1 (Pyramide) or DS1 (Double Solitaire), for example ${EXAMPLES}`);
  }
  const allowed = CODE_OPTIONS[family];
  if (!allowed.includes(options)) {
    throw new InputError(`"${text}": unknown options "${options}" for ${family}, expected ${allowed.join(', ')}, for example ${EXAMPLES}`);
  }
  if (!/^[A-Z]{7}$/.test(letters)) {
    throw new InputError(
      `"${text}": "${letters}" is not a deal number, expected exactly ${LETTERS} letters A-Z, for example ${EXAMPLES}`,
    );
  }
  let number = 0;
  for (const ch of letters) number = number * 26 + (ch.charCodeAt(0) - 65);
  return { family, options, number };
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
