import { readFileSync } from 'node:fs';
import { looksLikeCode } from '../codes/dealCode.js';
import { dealerFor } from '../games/dealers.js';
import type { DealInput } from '../games/types.js';
import { readTextFile } from './readText.js';

let stdinText: string | null = null;

/** Standard input, read once (several `-` arguments share it). */
function readStdin(): string {
  stdinText ??= readFileSync(0, 'utf8');
  return stdinText;
}

/** A built-in code, or one a dealer deals (`ACME-17`). */
export function isCode(text: string): boolean {
  return looksLikeCode(text) || dealerFor(text) !== undefined;
}

/**
 * A deal argument on the command line: a code, `-` for standard input, or a deal file.
 * A file holding a code on its own line is read as that code.
 */
export function dealInputFromArg(arg: string): DealInput {
  if (arg === '-') return textOrCode(readStdin(), 'standard input');
  if (isCode(arg)) return { kind: 'code', code: arg };
  const text = readTextFile(
    arg,
    (reason) => `"${arg}" is neither a deal code (for example PY1-N-AAAAAAS or DS1-D1N-AAAAAAB) nor a readable deal file (${reason})`,
  );
  return textOrCode(text, arg);
}

function textOrCode(text: string, source: string): DealInput {
  const meaningful = text
    .split(/\r?\n/)
    .map((l) => l.replace(/#.*/, '').trim())
    .filter((l) => l !== '');
  if (meaningful.length === 1 && isCode(meaningful[0]!)) return { kind: 'code', code: meaningful[0]! };
  return { kind: 'text', text, source };
}
