/**
 * The `curl` examples of the documentation, run without curl: the request a `curl` line
 * makes (the options the docs use: -s, -i, -X, -H, -d, -G, --data-urlencode), sent with
 * fetch to a `cardsolve serve` the check starts for the file. The examples are written for a
 * server on http://127.0.0.1:8080; the check's own server listens on a free port instead.
 */
import { type ChildProcess, spawn } from 'node:child_process';

export const DOCUMENTED_ORIGIN = 'http://127.0.0.1:8080';

/** A command line split into words as sh would (single and double quotes, backslashes). */
export function shellWords(line: string): string[] {
  const words: string[] = [];
  let word = '';
  let inWord = false;
  for (let i = 0; i < line.length; i++) {
    const c = line[i]!;
    if (c === "'") {
      const end = line.indexOf("'", i + 1);
      if (end < 0) throw new Error(`unclosed ' in: ${line}`);
      word += line.slice(i + 1, end);
      i = end;
      inWord = true;
    } else if (c === '"') {
      let j = i + 1;
      for (; j < line.length && line[j] !== '"'; j++) word += line[j] === '\\' && j + 1 < line.length ? line[++j] : line[j];
      if (j >= line.length) throw new Error(`unclosed " in: ${line}`);
      i = j;
      inWord = true;
    } else if (c === '\\' && i + 1 < line.length) {
      word += line[++i];
      inWord = true;
    } else if (/\s/.test(c)) {
      if (inWord) words.push(word);
      word = '';
      inWord = false;
    } else {
      word += c;
      inWord = true;
    }
  }
  if (inWord) words.push(word);
  return words;
}

export interface CurlRequest {
  method: string;
  url: string;
  headers: Record<string, string>;
  body: string | null;
  /** `-i`: the status line and headers are printed before the body. */
  include: boolean;
}

/** The request a `curl ...` command line makes, for the options the documentation uses. */
export function parseCurl(line: string): CurlRequest {
  const words = shellWords(line);
  if (words[0] !== 'curl') throw new Error(`not a curl command: ${line}`);
  let method: string | null = null;
  let url: string | null = null;
  const headers: Record<string, string> = {};
  const data: string[] = [];
  const encoded: string[] = [];
  let get = false;
  let include = false;
  for (let i = 1; i < words.length; i++) {
    const w = words[i]!;
    const next = (): string => {
      const v = words[++i];
      if (v === undefined) throw new Error(`${w} needs a value: ${line}`);
      return v;
    };
    if (w === '-s' || w === '--silent') continue;
    if (w === '-i' || w === '--include') include = true;
    else if (w === '-G' || w === '--get') get = true;
    else if (w === '-X' || w === '--request') method = next();
    else if (w === '-H' || w === '--header') {
      const [name, ...rest] = next().split(':');
      headers[name!.trim().toLowerCase()] = rest.join(':').trim();
    } else if (w === '-d' || w === '--data') data.push(next());
    else if (w === '--data-urlencode') {
      const v = next();
      const at = v.indexOf('=');
      encoded.push(at < 0 ? encodeURIComponent(v) : `${v.slice(0, at)}=${encodeURIComponent(v.slice(at + 1))}`);
    } else if (w.startsWith('-')) throw new Error(`the docs check does not know curl's ${w}: ${line}`);
    else url = w;
  }
  if (url === null) throw new Error(`no URL in: ${line}`);
  const form = [...data, ...encoded].join('&');
  if (get || (data.length === 0 && encoded.length > 0)) {
    if (form !== '') url += (url.includes('?') ? '&' : '?') + form;
    return { method: method ?? 'GET', url, headers, body: null, include };
  }
  return { method: method ?? (form === '' ? 'GET' : 'POST'), url, headers, body: form === '' ? null : form, include };
}

/** A `cardsolve serve` on a free port for one file's examples, started at its first curl line. */
export class DocsServer {
  private child: ChildProcess | null = null;
  private origin: string | null = null;

  constructor(
    private readonly cli: string,
    private readonly cwd: string,
  ) {}

  private start(): Promise<string> {
    const child = spawn(process.execPath, [this.cli, 'serve', '--port', '0'], { cwd: this.cwd, stdio: ['ignore', 'pipe', 'pipe'] });
    this.child = child;
    let output = '';
    return new Promise((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`cardsolve serve printed no URL in 20 s:\n${output}`)), 20_000);
      const read = (chunk: Buffer): void => {
        output += chunk.toString('utf8');
        const found = /http:\/\/[\d.]+:\d+/.exec(output);
        if (found) {
          clearTimeout(timer);
          resolve(found[0]);
        }
      };
      child.stdout?.on('data', read);
      child.stderr?.on('data', read);
      child.once('exit', (code) => {
        clearTimeout(timer);
        reject(new Error(`cardsolve serve exited (${code}):\n${output}`));
      });
    });
  }

  /** What curl prints for the command: the body (after the status line and headers with -i). */
  async run(line: string): Promise<string> {
    this.origin ??= await this.start();
    const request = parseCurl(line);
    const url = request.url.startsWith(DOCUMENTED_ORIGIN) ? this.origin + request.url.slice(DOCUMENTED_ORIGIN.length) : request.url;
    if (!url.startsWith(this.origin)) throw new Error(`a curl example goes to ${DOCUMENTED_ORIGIN} only: ${line}`);
    const response = await fetch(url, {
      method: request.method,
      headers: request.headers,
      ...(request.body !== null ? { body: request.body } : {}),
    });
    const body = await response.text();
    if (!request.include) return body;
    const head = [`HTTP/1.1 ${response.status} ${response.statusText}`];
    for (const name of ['content-type', 'retry-after', 'content-disposition']) {
      const value = response.headers.get(name);
      if (value !== null) head.push(`${name}: ${value}`);
    }
    return `${head.join('\n')}\n\n${body}`;
  }

  stop(): void {
    // Ctrl-C: stops at once (SIGTERM would drain first, holding the port for --drain).
    this.child?.kill('SIGINT');
    this.child = null;
  }
}
