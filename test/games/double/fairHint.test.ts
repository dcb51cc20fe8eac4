/** Double Solitaire fair hints: chances over deals consistent with what the player has seen. */
import { describe, expect, it } from 'vitest';
import { dealFromNumber } from '../../../src/games/double/deal.js';
import { type DoubleDeal, type DoubleRules, DoubleState } from '../../../src/games/double/engine.js';
import {
  type DoubleFairHint,
  fairHintDouble,
  fairRandom,
  hiddenCount,
  playerView,
  replayed,
  sampleDeal,
  type UnseenPlaces,
} from '../../../src/games/double/fairHint.js';
import { replayPosition } from '../../../src/games/double/hint.js';
import { openDouble } from '../../../src/games/double/index.js';
import { positionJson } from '../../../src/games/double/play.js';
import { moveText } from '../../../src/games/hint.js';
import { cardsolve } from '../../support/cli.js';
import { D1N, D3N } from './helpers.js';

const LIMITS = { timeMs: 60_000, nodes: Infinity, memoryBytes: 2 * 1024 ** 3 };
/** Deal 1 (`DS1-...-AAAAAAB`): 9♦ on column 3 goes onto column 2 at the start, turning up the card under it. */
const DEAL = dealFromNumber(1);
const ALL_DRAWS = Array.from({ length: 59 }, () => 'draw').join('; ');

/** The engine moves of `text` (the `play` notation), played from the deal's start. */
function engineMoves(deal: DoubleDeal, rules: DoubleRules, text: string): number[] {
  const { state } = replayPosition(new DoubleState(deal, rules), text);
  return Array.from({ length: state.historyLength() }, (_, i) => state.historyMove(i));
}

/** The position as the player sees it: face-down cards as a count. */
function view(state: DoubleState): unknown {
  const p = positionJson(state, 'symbols');
  return { ...p, columns: p.columns.map((c) => ({ down: c.faceDown.length, up: c.faceUp })) };
}

/** Whether the deal's place holds a card the player has not seen. */
const isUnseen = (unseen: UnseenPlaces, where: { column: number; i: number } | { stock: number }): boolean =>
  'stock' in where ? unseen.stock.includes(where.stock) : where.i < unseen.columns[where.column]!;

const allCards = (d: DoubleDeal): number[] => [...d.columns.flat(), ...d.stock].sort((a, b) => a - b);

describe('fair hints (Double Solitaire)', () => {
  it('the places not seen: face-down cards never turned up, stock cards never drawn (the whole Draw 3 fan is seen)', () => {
    const at = (rules: DoubleRules, text: string): UnseenPlaces => playerView(DEAL, rules, engineMoves(DEAL, rules, text)).unseen;
    const from = (k: number): number[] => Array.from({ length: 59 - k }, (_, i) => k + i);
    const dealt = at(D1N, '');
    expect(dealt).toEqual({ columns: [0, 1, 2, 3, 4, 5, 6, 7, 8], stock: from(0) });
    expect(hiddenCount(dealt)).toBe(95);
    expect(at(D1N, 'draw; draw; draw').stock).toEqual(from(3));
    // Draw 3 fans three cards on the waste: all three are seen, not only the playable one.
    expect(at(D3N, 'draw').stock).toEqual(from(3));
    expect(at(D3N, 'draw; draw').stock).toEqual(from(6));
    // Moving 9♦ off column 3 turns up the card under it.
    const turned = at(D1N, '9♦ c3-c2');
    expect(turned.columns).toEqual([0, 1, 1, 3, 4, 5, 6, 7, 8]);
    expect(hiddenCount(turned)).toBe(94);
    // After a turn-over every stock card has been drawn once: the player knows the order.
    for (const rules of [D1N, D3N]) {
      const draws = rules.draw === 1 ? ALL_DRAWS : Array.from({ length: 20 }, () => 'draw').join('; ');
      const after = at(rules, `${draws}; turn over; draw`);
      expect(after.stock).toEqual([]);
      expect(hiddenCount(after)).toBe(36);
    }
  });

  it('a sampled deal keeps every seen card in its place, is a permutation of the deal, and shows the player the same position', () => {
    for (const [rules, text] of [
      [D1N, ''],
      [D1N, 'draw; draw; draw'],
      [D1N, '9♦ c3-c2; draw'],
      [D3N, 'draw; draw'],
      [D1N, `${ALL_DRAWS}; turn over; draw; draw`],
    ] as const) {
      const played = engineMoves(DEAL, rules, text);
      const { state: real, unseen } = playerView(DEAL, rules, played);
      const rng = fairRandom(7);
      let moved = 0;
      for (let s = 0; s < 20; s++) {
        const sampled = sampleDeal(DEAL, unseen, rng);
        expect(allCards(sampled)).toEqual(allCards(DEAL));
        DEAL.columns.forEach((cards, column) => {
          cards.forEach((card, i) => {
            if (!isUnseen(unseen, { column, i })) expect(sampled.columns[column]![i], `${text}: column ${column + 1}`).toBe(card);
            else if (sampled.columns[column]![i] !== card) moved++;
          });
        });
        DEAL.stock.forEach((card, i) => {
          if (!isUnseen(unseen, { stock: i })) expect(sampled.stock[i], `${text}: stock ${i}`).toBe(card);
          else if (sampled.stock[i] !== card) moved++;
        });
        // The moves played replay on the sample, to the position the player sees.
        expect(view(replayed(sampled, rules, played))).toEqual(view(real));
      }
      expect(moved, text).toBeGreaterThan(0);
    }
  });

  it('with nothing hidden the one sample is the deal, and the chances are the exact verdicts', () => {
    for (const code of ['DS1-D1N-AAAAAAB', 'DS1-D3N-AAAAAAB']) {
      const deal = openDouble({ kind: 'code', code }, {});
      const line = deal.analyse(LIMITS).solution!.map((m) => moveText('double', m));
      // The first position along the line where every card has been seen.
      const played = engineMoves(deal.deal, deal.rulesSet, line.join('; '));
      const k = played.findIndex((_, i) => hiddenCount(playerView(deal.deal, deal.rulesSet, played.slice(0, i)).unseen) === 0);
      expect(k, code).toBeGreaterThan(0);
      const moves = line.slice(0, k).join('; ');
      const fair = deal.fairHint(moves, { samples: 50, seed: 1, limits: LIMITS });
      expect(fair.hidden).toBe(0);
      expect(fair.samples).toBe(1);
      expect(fair.limit).toBeNull();
      const exact = deal.hint(moves, LIMITS);
      const labels = new Map(exact.moves.map((m) => [JSON.stringify(m.move), m.label]));
      expect(fair.moves.length).toBe(exact.moves.length);
      for (const m of fair.moves) {
        expect(m.decided).toBe(1);
        expect(m.chance === 1 ? 'winning' : m.chance === 0 ? 'losing' : 'neither', `${code} ${JSON.stringify(m.move)}`).toBe(
          labels.get(JSON.stringify(m.move)),
        );
      }
    }
  });

  it('the same seed gives the same answer; another seed samples other deals; a limit stops the whole hint', () => {
    const played = engineMoves(DEAL, D1N, 'draw; draw; draw');
    // Nodes, not time, so that the answer cannot depend on the machine's speed.
    const limits = { timeMs: Infinity, nodes: 2_000_000, memoryBytes: 2 * 1024 ** 3 };
    const strip = (h: DoubleFairHint): DoubleFairHint => ({ ...h, ms: 0 });
    const a = fairHintDouble(DEAL, D1N, played, { samples: 4, seed: 3, limits });
    expect(strip(fairHintDouble(DEAL, D1N, played, { samples: 4, seed: 3, limits }))).toEqual(strip(a));
    expect(a).toMatchObject({ hidden: 92, samples: 4, seed: 3, limit: null });
    for (const m of a.moves) expect(m.low! <= m.chance! && m.chance! <= m.high!).toBe(true);
    const { unseen } = playerView(DEAL, D1N, played);
    expect(sampleDeal(DEAL, unseen, fairRandom(4))).not.toEqual(sampleDeal(DEAL, unseen, fairRandom(3)));
    const b = fairHintDouble(DEAL, D1N, played, { samples: 4, seed: 4, limits });
    expect(b.seed).toBe(4);
    expect(b.moves.map((m) => m.m).sort()).toEqual(a.moves.map((m) => m.m).sort());
    // A node limit for the whole hint: spent over all the samples, and said.
    const tight = fairHintDouble(DEAL, D1N, played, { samples: 10, seed: 3, limits: { ...limits, nodes: 3000 } });
    expect(tight.limit).toBe('--node-limit 3000');
    expect(tight.nodes).toBeLessThanOrEqual(3000 + 100);
    expect(tight.moves.every((m) => m.decided < 10)).toBe(true);
  });

  it('hint --fair on the command line: JSON, text, and exit 2 for a refused move', () => {
    const json = cardsolve(['hint', 'DS1-D1N-AAAAAAB', '--moves', 'draw; draw; draw', '--fair', '--samples', '2', '--json']);
    expect(json.status, json.stderr).toBe(0);
    const h = JSON.parse(json.stdout) as {
      game: string;
      fair: boolean;
      hidden: number;
      samples: number;
      played: unknown[];
      moves: { move: unknown; chance: number | null; decided: number }[];
      best: unknown;
    };
    expect(h).toMatchObject({ game: 'double', fair: true, hidden: 92, samples: 2 });
    expect(h.played).toHaveLength(3);
    expect(h.moves.length).toBeGreaterThan(0);
    expect(h.best).toEqual(h.moves[0]!.move);
    for (const m of h.moves) expect(m.decided <= 2 && (m.chance === null || (m.chance >= 0 && m.chance <= 1))).toBe(true);
    const text = cardsolve(['hint', 'DS1-D1N-AAAAAAB', '--fair', '--samples', '2', '--seed', '5']);
    expect(text.status, text.stderr).toBe(0);
    expect(text.stdout).toMatch(/D1N {2}fair hint after 0 moves: 95 cards not seen, 2 sampled deals \(seed 5\)/);
    expect(text.stdout).toMatch(/9♦ c3-c2/);
    const bad = cardsolve(['hint', 'DS1-D1N-AAAAAAB', '--moves', 'draw; 9♦ c3-c9', '--fair', '--samples', '2']);
    expect(bad.status).toBe(2);
    expect(bad.stderr).toMatch(/move 2 "9♦ c3-c9" is refused: 9♦ cannot go on/);
  });
});
