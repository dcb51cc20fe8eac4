/**
 * The documentation's checked examples: how they are found in Markdown, how their expected
 * output is compared with a fresh run, and how it is rewritten when the output has changed.
 *
 * A checked example is a ```console block right after the line `<!-- check -->` (or
 * `<!-- check stdout -->`, which leaves standard error out: progress lines come and go with
 * the machine's speed). In it, each `$ cardsolve ...` (or `$ curl ...`) line is a command and
 * the lines up to the next command are its expected output: standard output, then standard error.
 *
 * In expected output, a line `...` stands for any run of lines (none included), and a line
 * ending in ` ...` for any line that starts with what comes before it. Numbers that change
 * from run to run are normalised on both sides before comparing (see `normalise`).
 */

export interface Command {
  /** The command as written after `$ `, starting with `cardsolve` or `curl`. */
  command: string;
  /** 1-based line of the command in its file. */
  line: number;
  /** The expected output lines, as written. */
  expected: string[];
}

export interface Example {
  /** Whether standard error is compared too. */
  stderr: boolean;
  /** 1-based lines of the block's opening and closing fences. */
  open: number;
  close: number;
  commands: Command[];
}

const MARKER = /^<!--\s*check(\s+stdout)?\s*-->\s*$/;
const FENCE = /^\s*(`{3,}|~{3,})/;
const WILDCARD = '...';
const PREFIX_WILDCARD = ' ...';

/** The checked examples of one Markdown text, in order. */
export function findExamples(text: string): Example[] {
  const lines = text.split('\n');
  const examples: Example[] = [];
  for (let i = 0; i < lines.length; i++) {
    const fence = FENCE.exec(lines[i]!);
    if (fence) {
      // Another block (one that shows a marked example, say): nothing in it is checked.
      i++;
      while (i < lines.length && !lines[i]!.trim().startsWith(fence[1]!)) i++;
      continue;
    }
    const marker = MARKER.exec(lines[i]!);
    if (!marker || lines[i + 1]?.trim() !== '```console') continue;
    const open = i + 1;
    let close = open + 1;
    while (close < lines.length && lines[close]!.trim() !== '```') close++;
    const commands: Command[] = [];
    for (let j = open + 1; j < close; j++) {
      const line = lines[j]!;
      if (line.startsWith('$ ')) commands.push({ command: line.slice(2).trim(), line: j + 1, expected: [] });
      else if (commands.length > 0) commands[commands.length - 1]!.expected.push(line);
    }
    examples.push({ stderr: !marker[1], open: open + 1, close: close + 1, commands });
    i = close;
  }
  return examples;
}

/**
 * What varies from run to run, replaced by a placeholder on both sides: times (`167.91 ms`,
 * `1.7s`, `(0.2 s)`, `"ms":44.14`), rates (`16.2 deals/s`), memory (`171 MB`), timestamps
 * (`2026-12-02T09:13:16.743Z`), the number of worker threads (the machine's cores by default)
 * and process ids.
 */
export function normalise(line: string): string {
  return line
    .replace(/\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}(?:\.\d+)?Z/g, '<timestamp>')
    .replace(/"ms":\d+(?:\.\d+)?/g, '"ms":<time>')
    .replace(/\b\d[\d,]*(?:\.\d+)? ?(?:ms|µs|s|min)\b/g, '<time>')
    .replace(/\b\d[\d,]*(?:\.\d+)? deals\/s\b/g, '<rate>')
    .replace(/\b\d[\d,]*(?:\.\d+)? ?(?:KB|MB|GB)\b/g, '<memory>')
    .replace(/\b\d+ (workers?|threads?|worker processes)\b/g, '<n> $1')
    .replace(/\bprocess \d+\b/g, 'process <pid>')
    .replace(/\s+$/, '');
}

function lineMatches(expected: string, actual: string): boolean {
  if (expected.endsWith(PREFIX_WILDCARD)) {
    return normalise(actual).startsWith(normalise(expected.slice(0, -PREFIX_WILDCARD.length)));
  }
  return normalise(expected) === normalise(actual);
}

/** Whether the actual lines fit the expected ones, wildcards included. */
export function matches(expected: string[], actual: string[]): boolean {
  // can[i][j]: expected from i on fits actual from j on; filled from the end.
  const can: boolean[][] = [];
  for (let i = expected.length; i >= 0; i--) {
    can[i] = [];
    for (let j = actual.length; j >= 0; j--) {
      if (i === expected.length) can[i]![j] = j === actual.length;
      else if (expected[i] === WILDCARD) can[i]![j] = can[i + 1]![j]! || (j < actual.length && can[i]![j + 1]!);
      else can[i]![j] = j < actual.length && lineMatches(expected[i]!, actual[j]!) && can[i + 1]![j + 1]!;
    }
  }
  return can[0]![0]!;
}

/** Trailing blank lines mean nothing in a block or in a command's output. */
export function trimEnd(lines: string[]): string[] {
  let end = lines.length;
  while (end > 0 && lines[end - 1]!.trim() === '') end--;
  return lines.slice(0, end);
}

/**
 * A diff-like account of a mismatch: the first expected line that no longer fits (its file
 * line), then the expected and actual lines from there.
 */
export function describeMismatch(file: string, command: Command, actual: string[]): string {
  let i = 0;
  let j = 0;
  while (
    i < command.expected.length &&
    command.expected[i] !== WILDCARD &&
    j < actual.length &&
    lineMatches(command.expected[i]!, actual[j]!)
  ) {
    i++;
    j++;
  }
  const out = [`${file}:${command.line + 1 + i}: the output of \`${command.command}\` differs`];
  for (const line of command.expected.slice(i)) out.push(`- ${line}`);
  for (const line of actual.slice(j)) out.push(`+ ${line}`);
  return out.join('\n');
}

/**
 * The expected lines rewritten for a new output, keeping their shape: a line that still fits
 * is kept as written (its times too), a trimmed line (` ...`) stays trimmed at the same
 * length, and a `...` keeps as many lines on each side of it as before.
 */
export function refresh(expected: string[], actual: string[]): string[] {
  if (matches(expected, actual)) return expected;
  const wildcard = expected.indexOf(WILDCARD);
  if (wildcard < 0) return actual.map((line, k) => refreshLine(expected[k], line));
  const last = expected.lastIndexOf(WILDCARD);
  const head = expected.slice(0, wildcard);
  const tail = expected.slice(last + 1);
  if (head.length + tail.length >= actual.length) return actual.map((line, k) => refreshLine(expected[k], line));
  return [
    ...actual.slice(0, head.length).map((line, k) => refreshLine(head[k], line)),
    WILDCARD,
    ...actual.slice(actual.length - tail.length).map((line, k) => refreshLine(tail[k], line)),
  ];
}

function refreshLine(expected: string | undefined, actual: string): string {
  if (expected === undefined) return actual;
  if (lineMatches(expected, actual)) return expected;
  if (expected.endsWith(PREFIX_WILDCARD)) {
    const keep = expected.length - PREFIX_WILDCARD.length;
    if (actual.length > keep) return actual.slice(0, keep).trimEnd() + PREFIX_WILDCARD;
  }
  return actual;
}
