import { sha256 } from '@noble/hashes/sha2.js';

/**
 * The first 16 hex digits of the SHA-256 of a text (UTF-8): the identity of a deal given
 * without a code (its cards and rules), and of a queued job. Stored rows are keyed by it, so
 * it must never change. A synchronous pure-JS hash, so that the core runs in any engine
 * (Web Crypto's digest is asynchronous).
 */
export function shortHash(text: string): string {
  const digest = sha256(encoder.encode(text));
  let hex = '';
  for (let i = 0; i < 8; i++) hex += HEX[digest[i]!];
  return hex;
}

const encoder = new TextEncoder();
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
