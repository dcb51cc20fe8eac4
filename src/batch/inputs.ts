/**
 * What a batch covers: code ranges, `--count N` deals from a start code, and list files.
 * Everything is read and checked before the batch starts, so bad input stops it before
 * anything is written.
 */
import { dirname, resolve } from 'node:path';
import { formatDealCode, MAX_DEAL_NUMBER } from '../codes/dealCode.js';
import { InputError, isInputError } from '../errors/inputError.js';
import { dealInputFromArg, isCode } from '../files/dealInput.js';
import { readTextFile } from '../files/readText.js';
import { type Dealer, dealerCode, dealerFor, dealerNumber, dealtInput, missingNumbering } from '../games/dealers.js';
import { checkDeal, gameOf, openDeal, resolveCode } from '../games/registry.js';
import type { DealInput, GameModule, RuleFlags } from '../games/types.js';
import { solverVersionOf } from './version.js';

/** A run of consecutive deal numbers of one code family and option letters (ends included). */
interface CodeRun {
  kind: 'codes';
  family: string;
  options: string;
  first: number;
  last: number;
}

/** A deal given as a file, already read and fingerprinted (or a deal text with its app code, `--deals`). */
interface DealFile {
  kind: 'file';
  input: DealInput;
  /** The key it is stored under: its app code, else its fingerprint. */
  key: string;
  game: GameModule;
  rules: string;
}

/**
 * Codes an app's dealer deals: one code, or its numbers `first` to `last` (`code(n)`). Each
 * is dealt and opened when added, so a bad deal stops the batch before anything is written;
 * `groups` keeps the game and rules each deal opened under.
 */
interface DealerRun {
  kind: 'dealer';
  dealer: Dealer;
  /** A single code of a dealer without `code(n)`. */
  code?: string;
  first: number;
  last: number;
  groups: Uint16Array;
  /** How many of its deals, from the first, are dealt and checked. */
  checked: number;
}

type Entry = CodeRun | DealFile | DealerRun;

interface Group {
  game: GameModule;
  rules: string;
  solverVersion: string;
}

/** One deal of a batch with the key its result is stored under. */
export interface PlannedDeal {
  input: DealInput;
  game: GameModule;
  dealKey: string;
  rules: string;
  solverVersion: string;
}

export interface InputSpec {
  /** Codes and ranges `FIRST..LAST` from the command line. */
  args: readonly string[];
  /** With a single start code: that many deals from it. */
  count?: number;
  /** A list file (`-` for standard input). */
  list?: string;
  /** Deals with their codes as JSON lines (`{"code","deal"}`). */
  deals?: string;
}

export const LIST_FORMAT = `A list file (--list FILE, or - for standard input) has one entry per line: a deal code
(PY1-N-AAAAAAS), a range of codes with both ends included (PY1-N-AAAAAAA..PY1-N-AAAAABA), or the
path of a deal file (relative paths are read from the list's folder). Blank lines and text after #
are ignored.`;

const RANGE = /^\s*([A-Z]{2}\d+-\S+?)\s*\.\.\s*(\S+)\s*$/i;
/** A range of a dealer's codes (`ACME-1..ACME-500`): any two codes around `..`. */
const ANY_RANGE = /^\s*(\S+?)\s*\.\.\s*(\S+)\s*$/;

/** A dealer range's two ends, when the first is a dealer's code. */
function dealerRange(text: string): { dealer: Dealer; first: string; last: string } | null {
  const m = ANY_RANGE.exec(text);
  if (!m) return null;
  const dealer = dealerFor(m[1]!);
  return dealer === undefined ? null : { dealer, first: m[1]!, last: m[2]! };
}

/** Whether a command-line or list entry names codes (a code or a range) rather than a deal file. */
function namesCodes(text: string): boolean {
  return isCode(text) || RANGE.test(text) || dealerRange(text) !== null;
}

export class BatchPlan {
  private readonly rulesByFamily = new Map<string, { game: GameModule; rules: string; solverVersion: string }>();
  private readonly entries: Entry[] = [];
  /** The games and rules of dealers' deals, by `game rules`; `DealerRun.groups` index `dealerGroups`. */
  private readonly dealerGroups: Group[] = [];
  private readonly dealerGroupIndex = new Map<string, number>();
  private named = 0;

  /** Dealer runs whose deals are not all checked yet (`checkDealt`). */
  private readonly unchecked: DealerRun[] = [];

  /**
   * `deferDealerChecks`: a dealer's codes are dealt and checked by `checkDealt`, a slice at a
   * time, rather than as they are added (the batch solves the checked ones meanwhile).
   */
  constructor(
    readonly flags: RuleFlags,
    private readonly options: { deferDealerChecks?: boolean } = {},
  ) {}

  /** How many deals the batch names (a deal named twice counts twice). */
  get total(): number {
    return this.named;
  }

  /** Adds a code, or a range `FIRST..LAST`; `where` prefixes messages (a list file line). */
  addCodeOrRange(text: string, count: number | undefined, where = ''): void {
    const dealer = dealerFor(text);
    if (dealer !== undefined) {
      this.addDealerCodes(dealer, text, count);
      return;
    }
    const dealt = dealerRange(text);
    if (dealt !== null) {
      if (count !== undefined) throw new InputError(`${where}--count goes with a single start code, not with a range ("${text}")`);
      this.addDealerRange(dealt.dealer, dealt.first, dealt.last, text);
      return;
    }
    const m = RANGE.exec(text);
    if (m) {
      if (count !== undefined) throw new InputError(`${where}--count goes with a single start code, not with a range ("${text}")`);
      const first = resolveCode(m[1]!).code;
      const last = resolveCode(m[2]!).code;
      if (first.family !== last.family || first.options !== last.options) {
        throw new InputError(
          `${where}range "${text}": both ends must be codes of the same game and options, for example PY1-N-AAAAAAA..PY1-N-AAAAABA`,
        );
      }
      if (last.number < first.number) {
        throw new InputError(`${where}range "${text}": the first code comes after the last; expected FIRST..LAST with FIRST before LAST`);
      }
      this.addRun(first.family, first.options, first.number, last.number);
      return;
    }
    const { code } = resolveCode(text);
    const n = count ?? 1;
    if (code.number + n - 1 > MAX_DEAL_NUMBER) {
      throw new InputError(`${where}--count ${n} from ${formatDealCode(code)} runs past the last deal number (ZZZZZZZ)`);
    }
    this.addRun(code.family, code.options, code.number, code.number + n - 1);
  }

  private addRun(family: string, options: string, first: number, last: number): void {
    const key = `${family}-${options}`;
    if (!this.rulesByFamily.has(key)) {
      const sample = formatDealCode({ family, options, number: first });
      const game = gameOf({ kind: 'code', code: sample });
      const rules = openDeal({ kind: 'code', code: sample }, this.flags).rules;
      this.rulesByFamily.set(key, { game, rules, solverVersion: solverVersionOf(game) });
    }
    this.entries.push({ kind: 'codes', family, options, first, last });
    this.named += last - first + 1;
  }

  /** A dealer's code, or `count` codes from it (`code(n)`), each dealt and checked now. */
  private addDealerCodes(dealer: Dealer, text: string, count: number | undefined): void {
    const missing = missingNumbering(dealer);
    if (missing !== null) {
      if (count !== undefined) throw new InputError(`--count ${count} from ${text.trim()}: ${missing}`);
      this.addDealerRun({ kind: 'dealer', dealer, code: text.trim(), first: 0, last: 0, groups: new Uint16Array(1) });
      return;
    }
    const first = dealerNumber(dealer, text);
    this.addDealerRun({ kind: 'dealer', dealer, first, last: first + (count ?? 1) - 1, groups: new Uint16Array(count ?? 1) });
  }

  private addDealerRange(dealer: Dealer, from: string, to: string, text: string): void {
    const missing = missingNumbering(dealer);
    if (missing !== null) throw new InputError(`range "${text}": ${missing}`);
    if (dealerFor(to) !== dealer)
      throw new InputError(
        `range "${text}": both ends must be codes of dealer ${dealer.name}, for example ${dealerCode(dealer, 1)}..${dealerCode(dealer, 500)}`,
      );
    const first = dealerNumber(dealer, from);
    const last = dealerNumber(dealer, to);
    if (last < first)
      throw new InputError(`range "${text}": the first code comes after the last; expected FIRST..LAST with FIRST before LAST`);
    this.addDealerRun({ kind: 'dealer', dealer, first, last, groups: new Uint16Array(last - first + 1) });
  }

  /** Deals and opens every code of the run (now, or by `checkDealt`): what is wrong with one stops the batch, naming its code. */
  private addDealerRun(run: Omit<DealerRun, 'checked'>): void {
    const entry: DealerRun = { ...run, checked: 0 };
    this.entries.push(entry);
    this.unchecked.push(entry);
    this.named += run.last - run.first + 1;
    if (!this.options.deferDealerChecks) while (this.checkNext() !== null);
  }

  /** Whether every dealer's deal is checked (always, unless the checks are deferred). */
  get allChecked(): boolean {
    return this.unchecked.length === 0;
  }

  /** Whether the plan is dealers' codes only: then `checkDealt` gives its deals in plan order. */
  get dealersOnly(): boolean {
    return this.entries.every((e) => e.kind === 'dealer');
  }

  /**
   * Deals and checks up to `max` more of the dealers' codes and returns them as planned
   * deals in order, each with the text as dealt for its input (opened under the app's code,
   * not dealt again); none once all are checked. Throws `InputError` naming the first bad one.
   */
  checkDealt(max: number): PlannedDeal[] {
    const out: PlannedDeal[] = [];
    while (out.length < max) {
      const next = this.checkNext();
      if (next === null) break;
      const { game, rules, solverVersion } = this.dealerGroups[next.group]!;
      out.push({ input: next.input, game, dealKey: next.code, rules, solverVersion });
    }
    return out;
  }

  /** Deals and opens the next code to check, keeping the game and rules it opened under; null when none is left. */
  private checkNext(): { code: string; input: DealInput; group: number } | null {
    const run = this.unchecked[0];
    if (run === undefined) return null;
    const n = run.first + run.checked;
    const code = run.code ?? dealerCode(run.dealer, n);
    const input = dealtInput(run.dealer, code);
    const { game, rules } = checkDeal(input, this.flags);
    const key = `${game.id} ${rules}`;
    let group = this.dealerGroupIndex.get(key);
    if (group === undefined) {
      group = this.dealerGroups.push({ game, rules, solverVersion: solverVersionOf(game) }) - 1;
      this.dealerGroupIndex.set(key, group);
    }
    run.groups[n - run.first] = group;
    run.checked++;
    if (n === run.last) this.unchecked.shift();
    return { code, input, group };
  }

  /** Adds a deal file (its text is read and checked now). */
  addDealFile(path: string, where = ''): void {
    const input = dealInputFromArg(path);
    if (input.kind === 'code') {
      this.addCodeOrRange(input.code, undefined, where);
      return;
    }
    const deal = openDeal(input, this.flags);
    const game = gameOf(input);
    this.entries.push({ kind: 'file', input, key: deal.fingerprint, game, rules: deal.rules });
    this.named += 1;
  }

  /**
   * Adds the deals of a JSON-lines file, `{"code": "ACME-1", "deal": "game: pyramide..."}` a
   * line: an app's deals stored under its codes, each read and checked now.
   */
  addDealsFile(path: string): void {
    const text = readTextFile(path, (reason) => `--deals ${path} cannot be read (${reason}): expected one {"code","deal"} a line`);
    const before = this.named;
    text.split(/\r?\n/).forEach((line, i) => {
      if (line.trim() === '') return;
      const where = `--deals ${path} line ${i + 1}`;
      let entry: unknown;
      try {
        entry = JSON.parse(line);
      } catch {
        throw new InputError(`${where}: not JSON: expected {"code": "...", "deal": "the deal-file text"}`);
      }
      const { code, deal } = (typeof entry === 'object' && entry !== null ? entry : {}) as { code?: unknown; deal?: unknown };
      if (typeof code !== 'string' || code.trim() === '' || typeof deal !== 'string') {
        throw new InputError(`${where}: expected {"code": "...", "deal": "the deal-file text"}, both strings`);
      }
      const input: DealInput = { kind: 'text', text: deal, source: `${code.trim()} (${where})`, code: code.trim() };
      // Stored under its code, not its fingerprint: checked as a dealer's deal is, not opened.
      const { game, rules } = checkDeal(input, this.flags);
      this.entries.push({ kind: 'file', input, key: code.trim(), game, rules });
      this.named += 1;
    });
    if (this.named === before) throw new InputError(`--deals ${path} holds no deals: expected one {"code","deal"} a line`);
  }

  /** Adds every entry of a list file. */
  addList(path: string): void {
    const text = readTextFile(
      path === '-' ? 0 : path,
      (reason) => `--list ${path} cannot be read (${reason}): expected a file with one code, range or deal file path per line`,
    );
    const base = path === '-' ? process.cwd() : dirname(resolve(path));
    const lines = text.split(/\r?\n/);
    const shown = path === '-' ? 'standard input' : path;
    const before = this.named;
    for (let i = 0; i < lines.length; i++) {
      const line = lines[i]!.replace(/#.*/, '').trim();
      if (line === '') continue;
      const where = `${shown} line ${i + 1}: `;
      try {
        if (namesCodes(line)) this.addCodeOrRange(line, undefined, where);
        else this.addDealFile(resolve(base, line), where);
      } catch (error) {
        if (isInputError(error) && !error.message.startsWith(where)) throw new InputError(where + error.message);
        throw error;
      }
    }
    if (this.named === before) throw new InputError(`--list ${shown} names no deals: ${LIST_FORMAT.replace(/\n/g, ' ')}`);
  }

  /** Every deal of the batch, in order, with its storage key. */
  *deals(): Generator<PlannedDeal> {
    for (const entry of this.entries) yield* this.dealsOf(entry);
  }

  private *dealsOf(entry: Entry): Generator<PlannedDeal> {
    if (entry.kind === 'file') {
      yield {
        input: entry.input,
        game: entry.game,
        dealKey: entry.key,
        rules: entry.rules,
        solverVersion: solverVersionOf(entry.game),
      };
      return;
    }
    if (entry.kind === 'dealer') {
      for (let n = entry.first; n <= entry.last; n++) {
        const code = entry.code ?? entry.dealer.code!(n);
        const { game, rules, solverVersion } = this.dealerGroups[entry.groups[n - entry.first]!]!;
        yield { input: { kind: 'code', code }, game, dealKey: code, rules, solverVersion };
      }
      return;
    }
    const { game, rules, solverVersion } = this.rulesByFamily.get(`${entry.family}-${entry.options}`)!;
    for (let n = entry.first; n <= entry.last; n++) {
      const code = formatDealCode({ family: entry.family, options: entry.options, number: n });
      yield { input: { kind: 'code', code }, game, dealKey: code, rules, solverVersion };
    }
  }

  /** The first deal of each entry (a range, a file): every group the batch names, without going through every deal. */
  *firstOfEachEntry(): Generator<PlannedDeal> {
    for (const entry of this.entries) {
      if (entry.kind === 'file') yield* this.dealsOf(entry);
      else yield* this.dealsOf({ ...entry, last: entry.first } as Entry);
    }
  }

  /** The games and rule sets the batch uses, for the summary: `pyramide rules app`. */
  ruleSets(): string[] {
    const names = new Set<string>();
    for (const entry of this.entries) {
      if (entry.kind === 'file') names.add(`${entry.game.id} rules ${entry.rules}`);
      else if (entry.kind === 'dealer') {
        for (const index of new Set(entry.groups))
          names.add(`${this.dealerGroups[index]!.game.id} rules ${this.dealerGroups[index]!.rules}`);
      } else {
        const r = this.rulesByFamily.get(`${entry.family}-${entry.options}`)!;
        names.add(`${r.game.id} rules ${r.rules}`);
      }
    }
    return [...names];
  }

  /** A short description for the summary: the range, or how many entries. */
  describe(): string {
    if (this.entries.length === 1) {
      const e = this.entries[0]!;
      if (e.kind === 'file') return e.input.kind === 'text' ? e.input.source : 'one deal';
      if (e.kind === 'dealer') {
        const a = e.code ?? e.dealer.code!(e.first);
        return e.first === e.last ? a : `${a}..${e.dealer.code!(e.last)}`;
      }
      const a = formatDealCode({ family: e.family, options: e.options, number: e.first });
      const b = formatDealCode({ family: e.family, options: e.options, number: e.last });
      return a === b ? a : `${a}..${b}`;
    }
    return `(${this.entries.length} inputs)`;
  }
}

/** Reads and checks a batch's inputs. Throws `InputError` naming the first bad one. */
export function planBatch(spec: InputSpec, flags: RuleFlags, options: { deferDealerChecks?: boolean } = {}): BatchPlan {
  const plan = new BatchPlan(flags, options);
  if (spec.count !== undefined) {
    if (spec.args.length !== 1 || RANGE.test(spec.args[0]!) || dealerRange(spec.args[0]!) !== null) {
      throw new InputError('--count N needs exactly one start code, for example: cardsolve batch PY1-N-AAAAAAA --count 1000');
    }
  }
  for (const arg of spec.args) {
    if (!namesCodes(arg)) {
      // A deal file on the command line.
      plan.addDealFile(arg);
      continue;
    }
    plan.addCodeOrRange(arg, spec.count);
  }
  if (spec.list !== undefined) plan.addList(spec.list);
  if (spec.deals !== undefined) plan.addDealsFile(spec.deals);
  if (plan.total === 0) {
    throw new InputError('no deals given: expected codes, a range FIRST..LAST, a start code with --count N, --list FILE or --deals FILE');
  }
  return plan;
}
