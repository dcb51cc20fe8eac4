/**
 * The deal fingerprint's hash: the core's pure-JS SHA-256 prefix must stay the one Node's
 * own SHA-256 gives, since stored rows are keyed by it (the deal tests pin whole fingerprints).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { shortHash } from '../../src/codes/shortHash.js';
import { seededRandom } from '../support/random.js';

const nodePrefix = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex').slice(0, 16);

describe('shortHash', () => {
  it('is the first 16 hex digits of the SHA-256 of the UTF-8 text', () => {
    expect(shortHash('')).toBe('e3b0c44298fc1c14');
    expect(shortHash('abc')).toBe('ba7816bf8f01cfea');
    for (const text of ['10♣ Q♦ A♠', 'pyramide|app|1,2,3|?|?', 'x'.repeat(55), 'y'.repeat(64), '♥'.repeat(300)]) {
      expect(shortHash(text)).toBe(nodePrefix(text));
    }
  });

  it("agrees with Node's SHA-256 on random texts of every length up to three blocks", () => {
    const seed = Date.now() >>> 0;
    const random = seededRandom(seed);
    const alphabet = 'AKQJ1098765432♠♥♦♣|,? \n';
    for (let length = 0; length <= 200; length++) {
      const text = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(shortHash(text), `seed ${seed}, length ${length}`).toBe(nodePrefix(text));
    }
  });
});
