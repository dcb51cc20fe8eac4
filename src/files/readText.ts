/**
 * A text file a command was given, or its refusal: one `InputError` whose message `refusal`
 * writes from the reason it cannot be read (`no such file`, or the system's own words).
 */
import { readFileSync } from 'node:fs';
import { InputError } from '../errors/inputError.js';

/** The file's text (0: standard input), or `InputError(refusal(reason))`. */
export function readTextFile(path: string | 0, refusal: (reason: string) => string): string {
  try {
    return readFileSync(path, 'utf8');
  } catch (error) {
    const reason = (error as NodeJS.ErrnoException).code === 'ENOENT' ? 'no such file' : (error as Error).message;
    throw new InputError(refusal(reason));
  }
}
