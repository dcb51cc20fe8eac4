/**
 * A problem with what the user gave us (a code, a deal, a move, a flag, a path).
 * The CLI prints its message alone and exits with code 2; anything else is a bug (exit 1).
 */
export class InputError extends Error {
  override readonly name = 'InputError';
}

export function isInputError(error: unknown): error is InputError {
  return error instanceof InputError;
}
