import { hash } from 'node:crypto';

/**
 * The first 16 hex digits of the SHA-256 of a text: the identity of a deal given without a
 * code (its cards and rules), and of a queued job. The one-shot hash: every deal a batch
 * opens is fingerprinted, and a hash object per deal cost twice as much.
 */
export function shortHash(text: string): string {
  return hash('sha256', text, 'hex').slice(0, 16);
}
