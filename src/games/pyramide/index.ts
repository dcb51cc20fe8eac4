/** Pyramide as the rest of the toolkit sees it: open a deal, analyse, show, play. */
import { type CardStyle, formatCard, parseCard } from '../../cards/notation.js';
import { formatDealCode, parseDealCode } from '../../codes/dealCode.js';
import { InputError } from '../../errors/inputError.js';
import type { TierOrUnknown } from '../difficulty.js';
import { fairHintResult } from '../fairHintResult.js';
import type { FairHintResult } from '../fairHintTypes.js';
import { fairPlayResult } from '../fairPlayResult.js';
import { playOutcome } from '../position.js';
import type { Analysis, DealInput, GameModule, MoveJson, OpenedDeal, RuleFlags } from '../types.js';
import { dealFromNumber, fingerprint, formatDealText, type PyramideDeal, parseDealText, recognisesPyramideText, talonOf } from './deal.js';
import { type PyramideDifficulty, pyramideDifficulty } from './difficulty.js';
import { PyramideGame } from './engine.js';
import { fairHintPyramide } from './fairHint.js';
import { fairPlayPyramide, PYRAMIDE_FAIR_PLAYER } from './fairPlayer.js';
import { PYRAMID_SIZE } from './layout.js';
import { moveToJson, parseMoveList } from './notation.js';
import { PyramideGamePosition } from './position.js';
import { drawPosition } from './render.js';
import { PYRAMIDE_RULE_OPTIONS, type PyramideRules, rulesFromFlags, rulesName } from './rules.js';
import { solvePyramide } from './solver/analyse.js';
import { THREAD_CONTEXT } from './solver/context.js';
import { PYRAMIDE_SCALE } from './tierCuts.js';

/** The analysis carries the difficulty figures as `pyramideDifficulty` gives them. */
export interface PyramideAnalysis extends Analysis, Omit<PyramideDifficulty, 'tier' | 'notes'> {
  game: 'pyramide';
  maxRemoved: number | null;
  deadEndReachable: boolean | null;
  /** A lost deal (full analysis): a line that removes `maxRemoved` pyramid cards, as `solution` writes moves; null otherwise. */
  stuckLine: MoveJson[] | null;
  /** The difficulty tier of a winnable deal (`unknown` without its figures); null for other verdicts. */
  tier: TierOrUnknown | null;
}

function loadDeal(input: DealInput): { deal: PyramideDeal; code: string | null } {
  if (input.kind === 'code') {
    const code = parseDealCode(input.code);
    if (code.family !== CODES.family) throw new InputError(`${formatDealCode(code)} is not a Pyramide code (expected PY1-N-...)`);
    return { deal: dealFromNumber(code.number), code: formatDealCode(code) };
  }
  const deal = parseDealText(input.text, input.source);
  // A dealer deals the whole deal: a text without its stock is a card short.
  if (input.dealer !== undefined && talonOf(deal) === null) {
    throw new InputError(`${input.source}: the stock is missing: a dealer deals all 52 cards, the stock too`);
  }
  return { deal, code: input.code ?? null };
}

/** What the searches of this thread keep between deals and hints (see context.ts), passed down to each. */
const context = THREAD_CONTEXT;

/** The rules a flags object makes, read once per object (see `PyramideContext.rulesByFlags`). */
function rulesOf(flags: RuleFlags): { rules: PyramideRules; name: string } {
  const { rulesByFlags } = context;
  let known = rulesByFlags.get(flags);
  if (known === undefined) {
    const rules = rulesFromFlags(flags);
    known = { rules, name: rulesName(rules) };
    rulesByFlags.set(flags, known);
  }
  return known;
}

function open(input: DealInput, flags: RuleFlags): OpenedDeal<PyramideAnalysis, PyramideGamePosition> {
  const { deal, code } = loadDeal(input);
  const { rules, name } = rulesOf(flags);
  // Worked out when asked: a batch opens every dealer's deal once only to check it.
  let known: string | undefined;
  const print = (): string => (known ??= fingerprint(deal, name));
  const position = (): PyramideGamePosition => new PyramideGamePosition(deal, rules, code, print(), name, context);
  return {
    game: 'pyramide',
    code,
    get fingerprint() {
      return print();
    },
    rules: name,
    analyse(limits, options = {}): PyramideAnalysis {
      const s = solvePyramide(deal, rules, limits, options, context);
      // Difficulty belongs to winnable deals, and only a full analysis pays for it.
      const d =
        s.verdict === 'winnable' && !options.winnabilityOnly
          ? pyramideDifficulty(deal, rules, undefined, undefined, undefined, context)
          : null;
      const notes = d ? [...s.notes, ...d.notes] : s.notes;
      // Key order as documented for --json.
      return {
        code,
        fingerprint: print(),
        game: 'pyramide',
        rules: name,
        verdict: s.verdict,
        winnable: s.winnable,
        maxRemoved: s.maxRemoved,
        stuckExact: s.stuckExact,
        minMoves: s.minMoves,
        minMovesProved: s.minMoves !== null,
        moves: s.minMoves,
        solution: s.solution ? s.solution.map(moveToJson) : null,
        deadEndReachable: s.deadEndReachable,
        stuckLine: s.stuckLine ? s.stuckLine.map(moveToJson) : null,
        crossroads: d?.crossroads ?? null,
        forgiveness: d?.forgiveness ?? null,
        randomWinRate: d?.randomWinRate ?? null,
        randomWinError: d?.randomWinError ?? null,
        randomPlayouts: d?.randomPlayouts ?? null,
        randomExact: d?.randomExact ?? null,
        difficulty: d?.difficulty ?? null,
        tier: d ? d.tier : s.verdict === 'winnable' ? 'unknown' : null,
        nodes: s.nodes,
        ms: s.ms,
        limit: s.limit,
        notes,
      };
    },
    show(style, layout) {
      if (layout) return formatDealText(deal, rules.wasteStartsEmpty, style);
      const title = `${code ?? `deal ${print()}`}  Pyramide, rules ${name}`;
      return `${title}\n\n${drawPosition(new PyramideGame(deal, rules), style)}`;
    },
    play(movesText, style, view) {
      return playOutcome(position(), movesText, style, view);
    },
    position,
    fairHint(moves, options): FairHintResult {
      // The rules engine checks the moves first, with the messages play gives.
      const at = position();
      at.playLine(moves);
      const h = fairHintPyramide(deal, rules, parseMoveList(moves), options, context);
      const judged = h.moves.map(({ move, ...figures }) => ({ move: moveToJson(move), ...figures }));
      return fairHintResult({ code, fingerprint: print(), game: 'pyramide', rules: name }, at.history(), h, judged);
    },
    fairPlay(options) {
      if (talonOf(deal) === null) throw new InputError('the fair player needs the whole stock order: this deal file gives only part of it');
      const run = fairPlayPyramide(deal, rules, options, context);
      const played = run.played.map((g) => ({ end: g.end, moves: g.moves.map(moveToJson), blindSteps: g.blindSteps }));
      return fairPlayResult({ code, fingerprint: print(), game: 'pyramide', rules: name }, played, options, run, {
        samplesPer: 'hint',
        assumption: PYRAMIDE_FAIR_PLAYER,
      });
    },
  };
}

function describe(a: PyramideAnalysis, style: CardStyle): string {
  const who = a.code ?? `deal ${a.fingerprint}`;
  const p = a;
  const parts: string[] = [];
  if (a.verdict === 'winnable') parts.push('winnable');
  else if (a.verdict === 'unwinnable') {
    // Winnability alone proves the loss without counting the cards a line can remove.
    parts.push(p.maxRemoved === null ? 'stuck: no line removes all 28 cards' : `stuck: at most ${p.maxRemoved} of 28 cards removable`);
  } else parts.push(`unknown${p.maxRemoved !== null ? ` (at least ${p.maxRemoved} of 28 removable)` : ''}`);
  if (a.minMoves !== null) parts.push(`in ${a.minMoves} moves (minimum)`);
  if (p.deadEndReachable === true) parts.push('a "no more moves" dead end is reachable');
  if (p.tier) {
    parts.push(
      p.difficulty === null
        ? `tier ${p.tier}`
        : `tier ${p.tier} (score ${p.difficulty}: ${p.crossroads} crossroads, forgiveness ${p.forgiveness}, random play wins ${p.randomWinRate}${p.randomExact ? ' (exact)' : ` ± ${p.randomWinError}`})`,
    );
  }
  if (a.limit) parts.push(`stopped by ${a.limit}`);
  parts.push(`${a.nodes.toLocaleString('en-US')} nodes, ${a.ms} ms`);
  let line = `${who}  ${a.rules}  ${parts.join(', ')}`;
  if (a.solution) {
    const moves = a.solution.map((m) => formatJsonMove(m, style));
    line += `\n  ${moves.join('; ')}`;
  }
  // Rows stored before the field have no such line.
  if (Array.isArray(p.stuckLine) && p.stuckLine.length > 0) {
    line += `\n  a line to the ${p.maxRemoved} cards (${p.stuckLine.length} moves): ${p.stuckLine.map((m) => formatJsonMove(m, style)).join('; ')}`;
  }
  for (const note of a.notes) line += `\n  note: ${note}`;
  return line;
}

/** A JSON move back in app terms, in the asked card style. */
function formatJsonMove(m: MoveJson, style: CardStyle): string {
  const restyle = (text: string): string => (style === 'symbols' ? text : formatCard(parseCard(text), style));
  if (m.move === 'king') return restyle(String(m.card));
  if (m.move === 'pair') return (m.cards as string[]).map(restyle).join(' + ');
  if (m.move === 'turn-over') return 'turn over';
  return m.move;
}

const CODES = { family: 'PY1', options: ['N'] } as const;

export const pyramideGame: GameModule<PyramideAnalysis, MoveJson, PyramideGamePosition> = {
  id: 'pyramide',
  name: 'Pyramide',
  codes: CODES,
  rulePresets: 'app (the default) or msc',
  ruleOptions: PYRAMIDE_RULE_OPTIONS,
  analysisOptions: [],
  stuck: {
    field: 'maxRemoved',
    title: 'most pyramid cards removed (maxRemoved)',
    reach: `of the ${PYRAMID_SIZE} pyramid cards can be removed in all`,
    min: 0,
    max: PYRAMID_SIZE,
    of: (a) => a.maxRemoved,
    restore: (a, maxRemoved) => ({ ...(a as PyramideAnalysis), maxRemoved }),
  },
  moveText: formatJsonMove,
  figures: [
    // whether a line of play can end in the app's "no more moves"
    { field: 'deadEndReachable', type: 'boolean' },
    // a lost deal: a line that removes maxRemoved pyramid cards (the most there is); from solve a shortest one,
    // from batch the first found
    { field: 'stuckLine', type: 'moves' },
    // winnable: the fewest positions, over all winning lines, where some removal loses
    { field: 'crossroads', type: 'integer', listed: true },
    // winnable: the share of legal removals that keep the game winnable, along the line of fewest crossroads
    { field: 'forgiveness', type: 'real', listed: true },
    // winnable: the chance that a uniform random player wins: exact over the position graph when it is small
    // enough, otherwise the share of seeded playouts that win (exact lost detection)
    { field: 'randomWinRate', type: 'real', listed: true },
    // half the width of the Wilson 95% interval of randomWinRate; 0 when exact
    { field: 'randomWinError', type: 'real', listed: true },
    // how many random playouts randomWinRate counts; null when exact
    { field: 'randomPlayouts', type: 'integer' },
    // whether randomWinRate is exact (computed over the position graph)
    { field: 'randomExact', type: 'boolean' },
    // the difficulty score: 10 log10(1/p) + crossroads + 10 (1 - forgiveness)
    { field: 'difficulty', type: 'real' },
    // easy, medium, hard or expert by the score (unknown without it); null unless winnable
    { field: 'tier', type: 'text' },
  ],
  difficulty: PYRAMIDE_SCALE,
  solverVersion: '3',
  open,
  check: (input, flags) => {
    loadDeal(input);
    return rulesOf(flags).name;
  },
  recognises: recognisesPyramideText,
  describe,
};
