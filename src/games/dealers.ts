/**
 * Dealers: an app's own shuffle, plugged in so that its codes (`ACME-17`) work wherever a
 * built-in code does. A dealer turns a code into the text of a deal file (deal-files.md);
 * the registry opens that text and reports the app's code. Only registering and dealing
 * live here, in the core; loading a dealer's module from a path needs Node
 * (`plugins/dealerModules.ts`).
 */
import { InputError } from '../errors/inputError.js';
import type { DealInput } from './types.js';

/** What a dealer module's default export holds (docs/dealers.md). */
export interface Dealer {
  /** Shown in messages and stored with the rows. */
  name: string;
  /** The codes it deals; a code it matches is dealt by it even where it also reads as a built-in code. */
  pattern: RegExp;
  /** The deal-file text of a code. */
  deal(code: string): string;
  /** The n-th code, for ranges `FIRST..LAST` and `--count`; with `number`. */
  code?(n: number): string;
  /** A code's number, the inverse of `code`. */
  number?(code: string): number;
}

const dealers: Dealer[] = [];

/**
 * A module's default export checked to be a dealer; `where` names the module in the message.
 * Throws `InputError` naming what is missing.
 */
export function checkDealer(value: unknown, where: string): Dealer {
  if (typeof value !== 'object' || value === null) {
    throw new InputError(`dealer ${where}: its default export is not a dealer object (expected { name, pattern, deal })`);
  }
  const d = value as Record<string, unknown>;
  const missing: string[] = [];
  if (typeof d.name !== 'string' || d.name.trim() === '') missing.push('name (a string)');
  if (!(d.pattern instanceof RegExp)) missing.push('pattern (a regular expression)');
  if (typeof d.deal !== 'function') missing.push('deal (a function from a code to the deal text)');
  if (missing.length > 0) throw new InputError(`dealer ${where}: its default export has no ${missing.join(', no ')}`);
  if ((d.code === undefined) !== (d.number === undefined)) {
    throw new InputError(`dealer ${where}: code(n) and number(code) go together: it has only ${d.code === undefined ? 'number' : 'code'}`);
  }
  for (const f of ['code', 'number']) {
    if (d[f] !== undefined && typeof d[f] !== 'function') throw new InputError(`dealer ${where}: ${f} is not a function`);
  }
  return value as Dealer;
}

/** Adds a dealer; a dealer of the same name is refused (unless it is the same object). */
export function registerDealer(dealer: Dealer): void {
  if (dealers.includes(dealer)) return;
  if (dealers.some((d) => d.name === dealer.name)) throw new InputError(`two dealers are named "${dealer.name}"`);
  dealers.push(dealer);
}

/** Every dealer registered now, in order. */
export function allDealers(): readonly Dealer[] {
  return dealers;
}

/** The dealer whose pattern matches a code, the first registered winning; undefined when none does. */
export function dealerFor(code: string): Dealer | undefined {
  if (dealers.length === 0) return undefined;
  const text = code.trim();
  for (const d of dealers) {
    // A pattern with the g or y flag keeps its place between tests.
    d.pattern.lastIndex = 0;
    if (d.pattern.test(text)) return d;
  }
  return undefined;
}

/**
 * A code dealt by its dealer, as a deal text that keeps the app's code. Refuses (with
 * `InputError` naming the code) a `deal` that throws or returns anything but a string; the
 * game refuses a malformed text when it opens it, naming the code through `source`.
 */
export function dealtInput(dealer: Dealer, code: string): DealInput & { kind: 'text' } {
  const app = code.trim();
  let text: unknown;
  try {
    text = dealer.deal(app);
  } catch (error) {
    throw new InputError(`${app}: dealer ${dealer.name} failed to deal it: ${error instanceof Error ? error.message : String(error)}`);
  }
  if (typeof text !== 'string') {
    const got = text === null ? 'null' : Array.isArray(text) ? 'an array' : `a ${typeof text}`;
    throw new InputError(`${app}: dealer ${dealer.name} returned ${got}, expected the text of a deal file (docs/spec/deal-files.md)`);
  }
  return { kind: 'text', text, source: `${app} (dealt by ${dealer.name})`, code: app, dealer: dealer.name };
}

/** What a dealer lacks for ranges and `--count`, in words, or null when it has both. */
export function missingNumbering(dealer: Dealer): string | null {
  if (dealer.code !== undefined && dealer.number !== undefined) return null;
  return `dealer ${dealer.name} has no code(n) and number(code), which ranges FIRST..LAST and --count need`;
}

/** A dealer code's number, checked to be a whole number that `code(n)` writes back as the same code. */
export function dealerNumber(dealer: Dealer, code: string): number {
  const missing = missingNumbering(dealer);
  if (missing !== null) throw new InputError(`${code.trim()}: ${missing}`);
  const n = dealer.number!(code.trim());
  if (!Number.isSafeInteger(n) || n < 0) {
    throw new InputError(`${code.trim()}: dealer ${dealer.name}'s number(code) gave ${String(n)}, expected a whole number of at least 0`);
  }
  return n;
}

/** The n-th code of a dealer, checked to be a code it deals. */
export function dealerCode(dealer: Dealer, n: number): string {
  const missing = missingNumbering(dealer);
  if (missing !== null) throw new InputError(missing);
  const code = dealer.code!(n);
  if (typeof code !== 'string' || dealerFor(code) !== dealer) {
    throw new InputError(`dealer ${dealer.name}'s code(${n}) gave ${JSON.stringify(code)}, which its pattern does not match`);
  }
  return code;
}
