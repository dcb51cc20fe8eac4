import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The first 16 hex digits of the SHA-256 of a text (UTF-8): the identity of a deal given
 * without a code (its cards and rules), and of a queued job. Stored rows are keyed by it, so
 * it must never change. A synchronous pure-JS hash, so that the core runs in any engine
 * (Web Crypto's digest is asynchronous); a host with a faster one of its own (Node's native
 * hash, 5 times faster on a deal: a batch opens tens of thousands of deals a second) plugs
 * it in with `useSha256Hex`.
 */
export function shortHash(text: string): string {
  return sha256Hex(text).slice(0, 16);
}

/** The whole SHA-256 of a text in lower-case hex, in pure JS. */
export function pureSha256Hex(text: string): string {
  const digest = sha256(encoder.encode(text));
  let hex = '';
  for (const byte of digest) hex += HEX[byte];
  return hex;
}

let sha256Hex: (text: string) => string = pureSha256Hex;

/** Makes `shortHash` use a host's own SHA-256 (the same digest, in lower-case hex). */
export function useSha256Hex(hash: (text: string) => string): void {
  sha256Hex = hash;
}

const encoder = new TextEncoder();
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
