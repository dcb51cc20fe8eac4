import { sha256 } from './sha256.js';

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
  const digest = sha256(utf8(text));
  let hex = '';
  for (const byte of digest) hex += HEX[byte];
  return hex;
}

let sha256Hex: (text: string) => string = pureSha256Hex;

/** Makes `shortHash` use a host's own SHA-256 (the same digest, in lower-case hex). */
export function useSha256Hex(hash: (text: string) => string): void {
  sha256Hex = hash;
}

/**
 * The UTF-8 bytes of a text, as `TextEncoder` gives them (a lone surrogate becomes U+FFFD),
 * written out because `TextEncoder` is a host's, not the language's.
 */
export function utf8(text: string): Uint8Array {
  const bytes = new Uint8Array(text.length * 3);
  let n = 0;
  for (let i = 0; i < text.length; i++) {
    let c = text.charCodeAt(i);
    if (c >= 0xd800 && c <= 0xdfff) {
      const next = i + 1 < text.length ? text.charCodeAt(i + 1) : 0;
      if (c <= 0xdbff && next >= 0xdc00 && next <= 0xdfff) {
        c = 0x10000 + ((c - 0xd800) << 10) + (next - 0xdc00);
        i++;
      } else c = 0xfffd;
    }
    if (c < 0x80) bytes[n++] = c;
    else if (c < 0x800) {
      bytes[n++] = 0xc0 | (c >> 6);
      bytes[n++] = 0x80 | (c & 0x3f);
    } else if (c < 0x10000) {
      bytes[n++] = 0xe0 | (c >> 12);
      bytes[n++] = 0x80 | ((c >> 6) & 0x3f);
      bytes[n++] = 0x80 | (c & 0x3f);
    } else {
      bytes[n++] = 0xf0 | (c >> 18);
      bytes[n++] = 0x80 | ((c >> 12) & 0x3f);
      bytes[n++] = 0x80 | ((c >> 6) & 0x3f);
      bytes[n++] = 0x80 | (c & 0x3f);
    }
  }
  return bytes.subarray(0, n);
}
const HEX = Array.from({ length: 256 }, (_, i) => i.toString(16).padStart(2, '0'));
