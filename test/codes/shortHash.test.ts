/**
 * The deal fingerprint's hash: the core's pure-JS SHA-256 must give what Node's own gives
 * (the Node entries plug the native one in, a page uses the pure one), since stored rows are
 * keyed by it (the deal tests pin whole fingerprints).
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { pureSha256Hex, shortHash, utf8 } from '../../src/codes/shortHash.js';
import { seededRandom } from '../support/random.js';

const nodeHex = (text: string): string => createHash('sha256').update(text, 'utf8').digest('hex');

describe('shortHash', () => {
  it('is the first 16 hex digits of the SHA-256 of the UTF-8 text', () => {
    expect(shortHash('')).toBe('e3b0c44298fc1c14');
    expect(shortHash('abc')).toBe('ba7816bf8f01cfea');
    for (const text of ['10♣ Q♦ A♠', 'pyramide|app|1,2,3|?|?', 'x'.repeat(55), 'y'.repeat(64), '♥'.repeat(300), 'z'.repeat(70_000)]) {
      expect(pureSha256Hex(text)).toBe(nodeHex(text));
      expect(shortHash(text)).toBe(nodeHex(text).slice(0, 16));
    }
  });

  it("agrees with Node's SHA-256 on random texts of every length up to three blocks", () => {
    const seed = Date.now() >>> 0;
    const random = seededRandom(seed);
    const alphabet = 'AKQJ1098765432♠♥♦♣|,? \n';
    for (let length = 0; length <= 200; length++) {
      const text = Array.from({ length }, () => alphabet[Math.floor(random() * alphabet.length)]).join('');
      expect(pureSha256Hex(text), `seed ${seed}, length ${length}`).toBe(nodeHex(text));
    }
  });

  it("encodes UTF-8 as the host's TextEncoder does, lone surrogates as U+FFFD", () => {
    const host = new TextEncoder();
    const cases = [
      '',
      'abc',
      '10♣ Q♦ A♠',
      'ईंट का गुलाम',
      'แจ็กข้าวหลามตัด',
      '\u{1F0A1}',
      '\ud83c',
      '\udca1x',
      'a\ud83c\ud83c\udca1',
      '\u07ff\u0800\uffff',
    ];
    for (const text of cases) expect([...utf8(text)], JSON.stringify(text)).toEqual([...host.encode(text)]);
    const seed = Date.now() >>> 0;
    const random = seededRandom(seed);
    for (let k = 0; k < 200; k++) {
      // Any code unit, surrogates alone or in pairs among them.
      const text = String.fromCharCode(...Array.from({ length: 1 + Math.floor(random() * 40) }, () => Math.floor(random() * 0x10000)));
      expect([...utf8(text)], `seed ${seed}, text ${k}`).toEqual([...host.encode(text)]);
    }
  });
});
