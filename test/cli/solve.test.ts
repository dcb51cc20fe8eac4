import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { parseCard } from '../../src/cards/notation.js';
import { dealFromNumber } from '../../src/games/pyramide/deal.js';
import { PyramideGame, type PyramideMove } from '../../src/games/pyramide/engine.js';
import { APP_RULES, MSC_RULES } from '../../src/games/pyramide/rules.js';
import type { MoveJson } from '../../src/games/types.js';
import { BIN, cardsolve, ROOT } from '../support/cli.js';

const FIXTURE = new URL('../../data/examples/pyramide-app-example.txt', import.meta.url).pathname;

/** A JSON move as another program would read it: symbols only. */
function fromJson(m: MoveJson): PyramideMove {
  if (m.move === 'king') return { kind: 'king', card: parseCard(String(m.card)) };
  if (m.move === 'pair') {
    const [a, b] = m.cards as string[];
    return { kind: 'pair', cards: [parseCard(a!), parseCard(b!)] };
  }
  if (m.move === 'draw') return { kind: 'draw' };
  if (m.move === 'turn-over') return { kind: 'turn-over' };
  throw new Error(`unknown move ${JSON.stringify(m)}`);
}

describe('cardsolve solve (Pyramide)', () => {
  it('prints one JSON object per deal whose solution another program can replay', () => {
    const r = cardsolve(['solve', 'PY1-N-AAAAAAI', 'PY1-N-AAAAAAF', '--json']);
    expect(r.status).toBe(0);
    expect(r.stderr).toBe('');
    const lines = r.stdout
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as Record<string, unknown>);
    expect(lines).toHaveLength(2);
    const [won, stuck] = lines as [Record<string, unknown>, Record<string, unknown>];
    expect(Object.keys(won).slice(0, 4)).toEqual(['code', 'fingerprint', 'game', 'rules']);
    for (const key of ['winnable', 'maxRemoved', 'minMoves', 'solution', 'deadEndReachable', 'nodes', 'ms'])
      expect(won).toHaveProperty(key);
    expect(won).toMatchObject({ code: 'PY1-N-AAAAAAI', game: 'pyramide', rules: 'app', winnable: true, maxRemoved: 28 });
    const game = new PyramideGame(dealFromNumber(8), APP_RULES);
    for (const m of won.solution as MoveJson[]) game.move(fromJson(m));
    expect(game.isWon()).toBe(true);
    expect(game.counter).toBe(won.minMoves);
    expect(stuck).toMatchObject({ code: 'PY1-N-AAAAAAF', winnable: false, verdict: 'unwinnable', solution: null, minMoves: null });
    expect(stuck.maxRemoved).toBeLessThan(28);
  });

  it('solves under the MSC preset', () => {
    const r = cardsolve(['solve', 'py1-n-aaaaaai', '--rules', 'msc', '--json']);
    expect(r.status).toBe(0);
    const a = JSON.parse(r.stdout) as { rules: string; solution: MoveJson[]; minMoves: number };
    expect(a.rules).toBe('msc');
    const game = new PyramideGame(dealFromNumber(8), MSC_RULES);
    for (const m of a.solution) game.move(fromJson(m));
    expect(game.isWon()).toBe(true);
    expect(game.counter).toBe(a.minMoves);
  });

  it('reports the app fixture winnable, and explains the missing minMoves', () => {
    const r = cardsolve(['solve', FIXTURE]);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^deal [0-9a-f]{16} {2}app {2}winnable/);
    expect(r.stdout).toMatch(/note: minMoves and a solution need the stock order/);
  });

  it('writes cards in French letters with --cards fr', () => {
    const r = cardsolve(['solve', 'PY1-N-AAAAAAI', '--cards', 'fr']);
    expect(r.stdout).toMatch(/A♣ \+ D♥/);
    expect(r.stdout).not.toMatch(/Q♥/);
  });

  it('writes the cards of --json in the --cards style too, and nothing else changes', () => {
    const plain = JSON.parse(cardsolve(['solve', 'PY1-N-AAAAAAI', '--json']).stdout);
    const fr = JSON.parse(cardsolve(['solve', 'PY1-N-AAAAAAI', '--json', '--cards', 'fr']).stdout);
    const en = JSON.parse(cardsolve(['solve', 'PY1-N-AAAAAAI', '--json', '--cards', 'en']).stdout);
    const cards = (a: { solution: { cards?: string[]; card?: string }[] }): string[] =>
      a.solution.flatMap((m) => m.cards ?? (m.card ? [m.card] : []));
    expect(cards(plain)).toContain('Q♥');
    expect(cards(fr)).toEqual(cards(plain).map((c) => c.replace(/^Q/, 'D').replace(/^K/, 'R').replace(/^J/, 'V')));
    expect(cards(en)).toEqual(cards(plain).map((c) => c.replace('♠', 'S').replace('♥', 'H').replace('♦', 'D').replace('♣', 'C')));
    const strip = (a: { solution: unknown }): unknown => ({ ...a, solution: null, ms: 0 });
    expect(strip(fr)).toEqual(strip(plain));
    // Double Solitaire (a hint: its position, its moves and its line; a solve takes seconds), and a Pyramide hint:
    // every card string follows the style.
    const double = cardsolve(['hint', 'DS1-D1N-AAAAAAB', '--json', '--cards', 'en']).stdout;
    expect(double).toMatch(/"faceUp":\["10S"\]/);
    expect(double).toMatch(/"card":"(10|[2-9AJQK])[SHDC]"/);
    expect(double).not.toMatch(/[♠♥♦♣]/);
    const hintFr = cardsolve(['hint', 'PY1-N-AAAAAAA', '--json', '--cards', 'fr']).stdout;
    expect(JSON.parse(hintFr).best).toEqual({ move: 'pair', cards: ['V♦', '2♦'] });
  });

  it('says unknown, with the limit, when a limit stops the search', () => {
    const r = cardsolve(['solve', 'PY1-N-AAAAAAB', '--rules', 'msc', '--node-limit', '10', '--json']);
    expect(r.status).toBe(0);
    expect(JSON.parse(r.stdout)).toMatchObject({ verdict: 'unknown', winnable: null, limit: '--node-limit 10' });
  });

  it.each([
    [['solve', 'PY1-N-AAAAAA'], /"AAAAAA" is not a deal number, expected exactly 7 letters/],
    [['solve', 'PY9-N-AAAAAAA'], /unknown game "PY9"/],
    [['solve', 'no-such-file.txt'], /neither a deal code .* nor a readable deal file/],
    [['solve', 'PY1-N-AAAAAAA', '--time-limit', 'soon'], /--time-limit "soon" is not a duration/],
    [['solve', 'PY1-N-AAAAAAA', '--rules', 'vegas'], /not a Pyramide rule set/],
    [['solve', 'PY1-N-AAAAAAA', '--passes', 'many'], /--passes "many"/],
    [
      ['solve', 'PY1-N-AAAAAAA', '--optimize'],
      /^cardsolve: --optimize \(Double Solitaire\) is not an option of Pyramide: it has no analysis options of its own\n$/,
    ],
    [
      ['solve', 'DS1-D1N-AAAAAAB', '--passes', '2'],
      /^cardsolve: --passes is a Pyramide option: Double Solitaire rules are chosen with --rules /,
    ],
    [['solve', 'PY1-N-AAAAAAA', '--bogus'], /unknown option '--bogus'/],
    [['solve'], /missing required argument/],
    [['frobnicate'], /unknown command/],
  ])('refuses bad input %j with one clear message and exit code 2', (args, message) => {
    const r = cardsolve(args);
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(message);
    expect(r.stderr).not.toMatch(/at .*\.js:\d+/); // no stack trace
  });

  it('refuses a deal with a duplicated card before solving anything', () => {
    const text = readFileSync(FIXTURE, 'utf8').replace('row 2: 6♣ 7♥', 'row 2: 6♣ J♦');
    const r = cardsolve(['solve', 'PY1-N-AAAAAAA', '-'], { input: text });
    expect(r.status).toBe(2);
    expect(r.stdout).toBe('');
    expect(r.stderr).toMatch(/standard input, line \d+: J♦ appears twice/);
  });

  it('takes ranges FIRST..LAST, both ends included, beside single codes, and refuses a bad range before solving', () => {
    const r = cardsolve(['solve', 'PY1-N-AAAAAAY..PY1-N-AAAAABB', 'PY1-N-AAAAAAA', '--winnability-only', '--json']);
    expect(r.status).toBe(0);
    const codes = r.stdout
      .trim()
      .split('\n')
      .map((l) => (JSON.parse(l) as { code: string }).code);
    expect(codes).toEqual(['PY1-N-AAAAAAY', 'PY1-N-AAAAAAZ', 'PY1-N-AAAAABA', 'PY1-N-AAAAABB', 'PY1-N-AAAAAAA']);
    const backwards = cardsolve(['solve', 'PY1-N-AAAAAAA', 'PY1-N-AAAAAAC..PY1-N-AAAAAAA']);
    expect(backwards.status).toBe(2);
    expect(backwards.stdout).toBe('');
    expect(backwards.stderr).toMatch(/the first code comes after the last/);
  });

  it('says a deal lost by winnability alone is stuck without a count it did not make', () => {
    const r = cardsolve(['solve', 'PY1-N-AAAAAAF', '--winnability-only']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/^PY1-N-AAAAAAF {2}app {2}stuck: no line removes all 28 cards, /);
    expect(r.stdout).not.toContain('null');
  });

  it('answers --help for every command', () => {
    for (const cmd of ['solve', 'show', 'play', 'batch', 'stats', 'lookup', 'export']) {
      const r = cardsolve([cmd, '--help']);
      expect(r.status, cmd).toBe(0);
      expect(r.stdout).toMatch(/Usage: cardsolve/);
    }
    expect(cardsolve(['--help']).status).toBe(0);
  });

  it('ends quietly with code 0 when its reader closes the pipe early (| head)', async () => {
    // The read end is closed before the program writes a byte: every write meets EPIPE.
    const child = spawn(process.execPath, [BIN, 'solve', '--help'], { cwd: ROOT, stdio: ['ignore', 'pipe', 'pipe'] });
    child.stdout.destroy();
    let stderr = '';
    child.stderr.on('data', (chunk: Buffer) => {
      stderr += chunk.toString();
    });
    const status = await new Promise<number | null>((resolve) => child.on('close', (code) => resolve(code)));
    expect(stderr).toBe('');
    expect(status).toBe(0);
  });
});

describe('cardsolve show and play (Pyramide)', () => {
  it('draws the pyramid, and --layout reads back to the same deal', () => {
    const drawn = cardsolve(['show', 'PY1-N-AAAAAAA']);
    expect(drawn.status).toBe(0);
    expect(drawn.stdout).toContain('             9♦');
    expect(drawn.stdout).toContain(' J♦  2♦  2♣  2♥  4♠  A♥  2♠');
    const layout = cardsolve(['show', 'PY1-N-AAAAAAA', '--layout']);
    expect(layout.stdout).toMatch(/^game: pyramide\nrow 1: 9♦\nrow 2: A♠ 6♣\n/);
    const again = cardsolve(['show', '-', '--layout'], { input: layout.stdout });
    expect(again.stdout).toBe(layout.stdout);
    const byCode = JSON.parse(cardsolve(['solve', 'PY1-N-AAAAAAI', '--json']).stdout) as { minMoves: number };
    const byFile = JSON.parse(
      cardsolve(['solve', '-', '--json'], { input: cardsolve(['show', 'PY1-N-AAAAAAI', '--layout']).stdout }).stdout,
    ) as {
      minMoves: number;
      code: null;
    };
    expect(byFile.code).toBeNull();
    expect(byFile.minMoves).toBe(byCode.minMoves);
  });

  it('plays the app example: K♦ then 10♣ + 3♠, score 30', () => {
    const r = cardsolve(['play', FIXTURE, '--moves', 'K♦; 10♣ + 3♠']);
    expect(r.status).toBe(0);
    expect(r.stdout).toMatch(/score: 30 {3}moves: 2 {3}in play/);
  });

  it("stops at the first illegal move with the app's reason and exit code 2", () => {
    const covered = cardsolve(['play', FIXTURE, '--moves', 'K♦; Q♣ + A♦']);
    expect(covered.status).toBe(2);
    expect(covered.stderr).toMatch(/move 2 \(Q♣ \+ A♦\) refused: Q♣ is covered by another card/);
    expect(covered.stdout).toMatch(/after 1 move\b/);
    const sum = cardsolve(['play', FIXTURE, '--moves', '7♣ + 7♠', '--json']);
    expect(sum.status).toBe(2);
    expect(JSON.parse(sum.stdout)).toMatchObject({ error: 'move 1 (7♣ + 7♠) refused: the sum must be 13 (7♣ + 7♠ = 14)', counter: 0 });
    // The reason names the cards in the style asked, as the move does.
    const stock = cardsolve(['play', 'PY1-N-AAAAAAA', '--moves', 'K♣', '--cards', 'fr', '--json']);
    expect(stock.status).toBe(2);
    expect(JSON.parse(stock.stdout)).toMatchObject({ error: 'move 1 (R♣) refused: R♣ is in the stock', wasteTop: 'D♦' });
  });
});

describe('cardsolve play (Double Solitaire): what the player sees', () => {
  const faceDown = /\[[^\]]+\]/;

  it('draws face-down cards face down and the stock as a count; --reveal and show draw them', () => {
    const played = cardsolve(['play', 'DS1-D1N-AAAAAAB', '--moves', 'draw']);
    expect(played.status).toBe(0);
    expect(played.stdout).toContain('\ncolumn 2: ## 10♠\n');
    expect(played.stdout).toContain('\ncolumn 9: ## ## ## ## ## ## ## ## 2♣\n');
    expect(played.stdout).toMatch(/\nstock: 58 cards\n/);
    expect(played.stdout).not.toMatch(faceDown);

    const revealed = cardsolve(['play', 'DS1-D1N-AAAAAAB', '--moves', 'draw', '--reveal']);
    expect(revealed.stdout).toContain('\ncolumn 2: [Q♥] 10♠\n');
    expect(revealed.stdout).toMatch(/\nstock: 58 cards \(next drawn first: \[7♦ 5♦ /);
    // The same position, only drawn with what is hidden.
    expect(revealed.stdout.replace(/\[[^\]]+\]( |$)/gm, '##$1').replace(/ \(next drawn first: .*\)/, '')).toBe(played.stdout);

    expect(cardsolve(['show', 'DS1-D1N-AAAAAAB']).stdout).toContain('\ncolumn 2: [Q♥] 10♠\n');
  });

  it('hides the cards in the position before a refused move too, and --json carries the whole position', () => {
    const refused = cardsolve(['play', 'DS1-D1N-AAAAAAB', '--moves', 'draw; w-c9']);
    expect(refused.status).toBe(2);
    expect(refused.stdout).toContain('\ncolumn 2: ## 10♠\n');
    expect(refused.stdout).not.toMatch(faceDown);
    const json = JSON.parse(cardsolve(['play', 'DS1-D1N-AAAAAAB', '--moves', 'draw', '--json']).stdout) as {
      position: { columns: { faceDown: string[] }[] };
    };
    expect(json.position.columns[1]!.faceDown).toEqual(['Q♥']);
  });
});
