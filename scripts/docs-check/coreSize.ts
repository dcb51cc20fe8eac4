/**
 * The one-file core's size as the docs give it, against the build: each
 * `<!-- core size -->201.1 KB, 69.6 KB gzip` in a page (the comment hides in the rendered
 * page) must be what dist/core/cardsolve-core.js weighs today (1 KB = 1,000 bytes, gzip at
 * level 9), and the build must keep to its budget of 70 KB gzip.
 */
import { readFileSync } from 'node:fs';
import { gzipSync } from 'node:zlib';

const CORE_GZIP_BUDGET = 70_000;
const STATED = /<!-- core size -->([\d.]+) KB, ([\d.]+) KB gzip/g;

export interface CoreSize {
  bytes: number;
  gzip: number;
}

export function measureCore(file: string): CoreSize {
  const bytes = readFileSync(file);
  return { bytes: bytes.length, gzip: gzipSync(bytes, { level: 9 }).length };
}

const kb = (bytes: number): string => (bytes / 1000).toFixed(1);

/** The size as the docs write it. */
const sizeText = (size: CoreSize): string => `<!-- core size -->${kb(size.bytes)} KB, ${kb(size.gzip)} KB gzip`;

/** The page's text with every stated size made today's, and a line for each that differed. */
export function checkCoreSizes(name: string, text: string, size: CoreSize): { text: string; failures: string[] } {
  const failures: string[] = [];
  const refreshed = text.replace(STATED, (_stated: string, raw: string, gzip: string, offset: number) => {
    if (raw !== kb(size.bytes) || gzip !== kb(size.gzip)) {
      const line = text.slice(0, offset).split('\n').length;
      failures.push(
        `${name}:${line}: the core's one-file build is ${kb(size.bytes)} KB, ${kb(size.gzip)} KB gzip; the page says ${raw} KB, ${gzip} KB gzip`,
      );
    }
    return sizeText(size);
  });
  return { text: refreshed, failures };
}

/** Why the build is over its budget, or null. */
export function overBudget(size: CoreSize): string | null {
  return size.gzip > CORE_GZIP_BUDGET
    ? `dist/core/cardsolve-core.js is ${size.gzip.toLocaleString('en-US')} bytes gzip, over its budget of ${CORE_GZIP_BUDGET.toLocaleString('en-US')}`
    : null;
}
