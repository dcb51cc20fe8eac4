/** Ladder behind the game seam, as `CARDSOLVE_GAME_MODULES` loads it: this module exports `game`. */
import { rankOf, SPADES, suitOf } from '../../../src/cards/card.js';
import { type CardStyle, formatCard, formatCards, parseCard } from '../../../src/cards/notation.js';
import { formatDealCode, parseDealCode } from '../../../src/codes/dealCode.js';
import { shuffledDeck } from '../../../src/codes/shuffle.js';
import { InputError } from '../../../src/errors/inputError.js';
import type { DifficultyScale } from '../../../src/games/difficulty.js';
import type { Analysis, DealInput, GameModule, MoveJson, OpenedDeal, PlayOutcome, RuleFlags } from '../../../src/games/types.js';
import { Budget, describeLimit, type Limits } from '../../../src/search/limits.js';
import { LADDER_CARDS, type LadderDeal, LadderGame, type LadderRules, moveJson, parseMove, solveLadder } from './engine.js';

export interface LadderAnalysis extends Analysis {
  mostLaid: number | null;
  positions: number;
  /** Winnable: the score of Ladder's difficulty scale, the fewest moves that win. */
  difficulty: number | null;
}

/** Ladder's difficulty scale: a longer win is a harder one (wins take 8 to 16 moves). */
const LADDER_SCALE: DifficultyScale = {
  field: 'difficulty',
  cuts: { standard: { easy: 10, medium: 12, hard: 14, sample: 'made up: a test game' } },
};

const LADDER_SALT = 0x4c443100;

function dealFromNumber(number: number): LadderDeal {
  return { stock: shuffledDeck(LADDER_SALT, 1, number).filter((c) => suitOf(c) === SPADES && rankOf(c) <= LADDER_CARDS) };
}

function parseDealText(text: string, source: string): LadderDeal {
  const line = text.split(/\r?\n/).find((l) => /^\s*stock:/i.test(l));
  if (!line) throw new InputError(`${source}: no "stock:" line: expected the eight cards A♠ to 8♠, top first`);
  const stock = line
    .replace(/^\s*stock:/i, '')
    .trim()
    .split(/\s+/)
    .map(parseCard);
  const wanted = Array.from({ length: LADDER_CARDS }, (_, i) => i);
  if (stock.length !== LADDER_CARDS || [...stock].sort((a, b) => a - b).some((c, i) => c !== wanted[i])) {
    throw new InputError(`${source}: the stock must hold A♠ to 8♠ once each, got ${formatCards(stock)}`);
  }
  return { stock };
}

function rulesFrom(flags: RuleFlags): LadderRules {
  const preset = (flags.rules ?? 'standard').toLowerCase();
  if (preset !== 'standard' && preset !== 'n') throw new InputError(`--rules "${flags.rules}" is not a Ladder rule set: expected standard`);
  const value = flags.ladderReserves ?? 2;
  const reserves = typeof value === 'number' ? value : Number(value);
  if (!Number.isInteger(reserves) || reserves < 0 || reserves > 4) {
    throw new InputError(`--ladder-reserves "${String(value)}" is not a number of reserves: expected 0 to 4`);
  }
  return { reserves };
}

function rulesName(rules: LadderRules): string {
  return rules.reserves === 2 ? 'standard' : `standard+reserves=${rules.reserves}`;
}

function fingerprint(deal: LadderDeal, rules: string): string {
  let h = 0x811c9dc5;
  for (const ch of `${deal.stock.join(',')}|${rules}`) h = Math.imul(h ^ ch.charCodeAt(0), 0x01000193) >>> 0;
  return h.toString(16).padStart(8, '0');
}

function draw(game: LadderGame, style: CardStyle): string {
  const stock = formatCards(game.deal.stock.slice(game.next), style) || '(empty)';
  const reserves = game.reserves.map((r, i) => `reserve ${i + 1}: ${formatCards(r, style) || '(empty)'}`);
  return [`stock: ${stock}`, ...reserves, `foundation: ${game.laid} of ${LADDER_CARDS}`].join('\n');
}

function open(input: DealInput, flags: RuleFlags): OpenedDeal<LadderAnalysis> {
  const rules = rulesFrom(flags);
  const name = rulesName(rules);
  let deal: LadderDeal;
  let code: string | null = null;
  if (input.kind === 'code') {
    const parsed = parseDealCode(input.code);
    deal = dealFromNumber(parsed.number);
    code = formatDealCode(parsed);
  } else {
    deal = parseDealText(input.text, input.source);
  }
  const print = fingerprint(deal, name);
  return {
    game: 'ladder',
    code,
    fingerprint: print,
    rules: name,
    analyse(limits: Limits): LadderAnalysis {
      const budget = new Budget(limits);
      const s = solveLadder(deal, rules, budget);
      const replay = new LadderGame(deal, rules);
      const solution: MoveJson[] | null = s.line
        ? s.line.map((m) => {
            const json = moveJson(replay, m);
            replay.play(m);
            return json;
          })
        : null;
      return {
        code,
        fingerprint: print,
        game: 'ladder',
        rules: name,
        verdict: s.winnable === true ? 'winnable' : s.winnable === false ? 'unwinnable' : 'unknown',
        winnable: s.winnable,
        mostLaid: s.mostLaid,
        stuckExact: s.complete,
        minMoves: s.line ? s.line.length : null,
        minMovesProved: s.line !== null,
        moves: s.line ? s.line.length : null,
        solution,
        positions: s.positions,
        difficulty: s.winnable === true && s.line ? s.line.length : null,
        tier: null, // from the cuts of the stored results
        nodes: budget.nodes,
        ms: Math.round(budget.elapsedMs() * 100) / 100,
        limit: budget.hit === null ? null : describeLimit(budget.hit, limits),
        notes: [],
      };
    },
    show(style, layout) {
      if (layout) return `game: ladder\nstock: ${formatCards(deal.stock, style)}`;
      return `${code ?? `deal ${print}`}  Ladder, rules ${name}\n\n${draw(new LadderGame(deal, rules), style)}`;
    },
    play(movesText, style): PlayOutcome {
      const game = new LadderGame(deal, rules);
      const played: MoveJson[] = [];
      const texts = movesText
        .split(';')
        .map((t) => t.trim())
        .filter((t) => t !== '');
      for (const [i, text] of texts.entries()) {
        const move = parseMove(text);
        const why = game.refusal(move);
        if (why !== null) {
          const error = `move ${i + 1} (${text}) refused: ${why}`;
          return { ok: false, error, text: draw(game, style), json: { ok: false, error, played } };
        }
        played.push(moveJson(game, move, style));
        game.play(move);
      }
      const status = game.isWon() ? 'won' : game.moves().length === 0 ? 'no more moves' : 'in play';
      return { ok: true, text: `${draw(game, style)}\n${status}`, json: { ok: true, played, laid: game.laid, status } };
    },
  };
}

function describe(a: LadderAnalysis, style: CardStyle): string {
  const l = a;
  const who = a.code ?? `deal ${a.fingerprint}`;
  const what =
    a.verdict === 'winnable'
      ? `winnable in ${a.minMoves} moves (minimum)`
      : a.verdict === 'unwinnable'
        ? `stuck: at most ${l.mostLaid} of ${LADDER_CARDS} cards laid`
        : `unknown (stopped by ${a.limit})`;
  let text = `${who}  ${a.rules}  ${what}, ${l.positions} positions`;
  if (a.solution) text += `\n  ${a.solution.map((m) => `${formatCard(parseCard(String(m.card)), style)} ${m.from}->${m.to}`).join('; ')}`;
  return text;
}

export const game: GameModule<LadderAnalysis> = {
  id: 'ladder',
  name: 'Ladder',
  codes: { family: 'LD1', options: ['N'] },
  rulePresets: 'standard (the default)',
  ruleOptions: [{ flags: '--ladder-reserves <n>', key: 'ladderReserves', description: 'Ladder: how many reserves (default 2)' }],
  analysisOptions: [],
  stuck: {
    field: 'mostLaid',
    title: 'most cards laid on the foundation (mostLaid)',
    reach: `of the ${LADDER_CARDS} cards can be laid on the foundation`,
    min: 0,
    max: LADDER_CARDS,
    of: (a) => a.mostLaid,
    restore: (a, mostLaid) => ({ ...(a as LadderAnalysis), mostLaid }),
  },
  moveText: (m) =>
    `${m.from === 'stock' ? '' : `r${String(m.from).slice('reserve '.length)}-`}${m.to === 'foundation' ? 'f' : `r${String(m.to).slice('reserve '.length)}`}`,
  figures: [
    // positions the search visited
    { field: 'positions', type: 'integer', listed: true },
    // winnable: the fewest moves that win, as a score
    { field: 'difficulty', type: 'real' },
  ],
  difficulty: LADDER_SCALE,
  solverVersion: '1',
  open,
  recognises: (text) => /^\s*game:\s*ladder\s*$/im.test(text),
  describe,
};
