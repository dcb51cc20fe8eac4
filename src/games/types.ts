/**
 * The seam between the games and everything above them (CLI, batch, store).
 * Nothing above `games/` knows which game it is handling: it opens a deal through the
 * registry and calls the methods of the `OpenedDeal` it gets back.
 */
import type { CardStyle } from '../cards/notation.js';
import type { Limits } from '../search/limits.js';
import type { AnalyseOptions } from './analyseOptions.js';
import type { DifficultyScale, TierOrUnknown } from './difficulty.js';
import type { FairHintOptions, FairHintResult } from './fairHintTypes.js';
import type { FairPlayOptions, FairPlayResult } from './fairPlayTypes.js';
import type { GameId, MoveJson } from './moveJson.js';
import type { PlayOutcome, PlayView, Position } from './position.js';

export type { AnalyseOptions, GameId, MoveJson, PlayOutcome };

/**
 * Where a deal comes from: a code, or a deal written out (a file or standard input). A text
 * an app's dealer dealt (`dealers.ts`) carries the app's code and the dealer's name: the
 * deal is opened from the text and answers under that code.
 */
export type DealInput = { kind: 'code'; code: string } | { kind: 'text'; text: string; source: string; code?: string; dealer?: string };

/**
 * Rule choices from the command line: `rules`, the preset name (`app`, `msc`, `D3V`, ...),
 * and the values of the rule options the games declare, keyed as `RuleOption.key` says
 * (`passes: "2"`, `strictWin: true`). Each game reads its own and refuses values it cannot
 * honour; the registry refuses another game's options before a game sees them.
 */
export interface RuleFlags {
  rules?: string;
  [option: string]: string | number | boolean | undefined;
}

/** A rule option a game adds to the command line. */
export interface RuleOption {
  /** As commander takes it: `--passes <n>`, `--strict-win`. */
  flags: string;
  /** Where its value is found in `RuleFlags` (commander's camel-case name: `strictWin`). */
  key: string;
  description: string;
}

/** How a game's deal codes are written: `PY1-N-XXXXXXX`. */
export interface CodeSpec {
  /** The generator family, the code's first part (`PY1`). */
  family: string;
  /** The rule letters a code may carry after the family (`N`; `D1N`, `D3N`, ...). */
  options: readonly string[];
}

/**
 * A stored figure of a game beyond the common ones (`deadEndReachable`, `score`): its field
 * in the game's analysis and its type. What each means is said beside it in the game's
 * module, and for the built-in games in docs/json.md.
 */
export interface FigureSpec {
  field: string;
  /** `moves`: a line, as a list of `MoveJson`. */
  type: 'integer' | 'real' | 'boolean' | 'text' | 'moves';
  /** A column of curated lists (a number): the lists show it after the common columns. */
  listed?: boolean;
}

/**
 * How far a deal that cannot be won still goes: the figure `stats` and the lists show for
 * stuck deals (Pyramide: the most pyramid cards any line removes).
 */
export interface StuckFigure<A extends Analysis = Analysis> {
  /** Its field in the game's analysis (`maxRemoved`), and its name in stored rows. */
  field: string;
  /** What it counts, for headings: `most pyramid cards removed`. */
  title: string;
  /** What follows its value in a sentence: `of the 28 pyramid cards can be removed in all`. */
  reach: string;
  min: number;
  max: number;
  /** The figure in one of the game's analyses (null where it has none). */
  of(analysis: A): number | null;
  /** An analysis rebuilt from a stored row (common fields and the game's own), its figure put back. */
  restore(analysis: Analysis, value: number | null): A;
}

/**
 * An analysis option a game adds to the command line (`--optimize`): a switch, shaped as a
 * rule option. The commands register every game's, and refuse one for a deal of another game.
 */
export type AnalysisOption = RuleOption;

export type Verdict = 'winnable' | 'unwinnable' | 'unknown';

/** The answer for one deal under one rule set. Games add their own fields. */
export interface Analysis {
  code: string | null;
  fingerprint: string;
  game: GameId;
  rules: string;
  verdict: Verdict;
  winnable: boolean | null;
  /** Fewest moves that win, when proven (or the best found, with `minMovesProved` false). */
  minMoves: number | null;
  minMovesProved: boolean;
  /** Length of the solution printed, counted as the app counts. */
  moves: number | null;
  /**
   * Whether the game's stuck figure (its own field, `StuckFigure.field`) is exact; false: a
   * lower bound from an unfinished search.
   */
  stuckExact?: boolean;
  solution: MoveJson[] | null;
  /**
   * The difficulty tier of a winnable deal (`unknown` when its figures are not established, as
   * under rules the game does not grade); null for other verdicts, and in a game that leaves
   * tiers to the cuts of its stored results (a plug-in game with a `DifficultyScale`).
   */
  tier: TierOrUnknown | null;
  /** The difficulty score the tier comes from (the game's scale); null where there is none. */
  difficulty: number | null;
  nodes: number;
  ms: number;
  /** The limit that stopped the search (`--time-limit 10000ms`), when something is unknown. */
  limit: string | null;
  /** Why a figure is missing, in words (a deal without its stock has no `minMoves`). */
  notes: string[];
}

/** A deal loaded and bound to its rules, ready to be analysed, shown or played. */
export interface OpenedDeal<A extends Analysis = Analysis, P extends Position = Position> {
  game: GameId;
  code: string | null;
  fingerprint: string;
  rules: string;
  analyse(limits: Limits, options?: AnalyseOptions): A;
  show(style: CardStyle, layout: boolean): string;
  /** The moves in turn up to the first one refused; the drawing shows what the player sees unless `view.reveal`. */
  play(moves: string, style: CardStyle, view?: PlayView): PlayOutcome;
  /**
   * The deal as dealt, as a position object to play moves on, take them back and ask for
   * hints (see `position.ts`). Optional: a game may come without positions, and so without
   * hints (`hint()` in hint.ts says so).
   */
  position?(): P;
  /**
   * The fair hint after `moves` (the `play` notation): each legal move judged with only what
   * the player has seen (see `fairHint.ts`). Optional: a game without one refuses `hint --fair`.
   */
  fairHint?(moves: string, options: FairHintOptions): FairHintResult;
  /**
   * The fair player's games on the deal (see `fairPlayTypes.ts`): each step the best move of
   * a fair hint. Optional: a game without one refuses `fairplay`.
   */
  fairPlay?(options: FairPlayOptions): FairPlayResult;
}

/**
 * Everything the rest of the toolkit knows of a game. A new game is a folder under `games/`
 * exporting one of these, and one line in the registry. Typed by its own analysis, move and
 * position forms (`GameModule<PyramideAnalysis, MoveJson, PyramideGamePosition>`); the registry holds every game as the plain
 * `GameModule`, whose methods take any analysis and move the game's own deals gave.
 */
export interface GameModule<A extends Analysis = Analysis, M extends MoveJson = MoveJson, P extends Position = Position> {
  id: GameId;
  name: string;
  codes: CodeSpec;
  /** The presets `--rules` takes for this game, for help texts: `app (the default), msc`. */
  rulePresets: string;
  /** The game's own rule options; the command line registers them from here. */
  ruleOptions: readonly RuleOption[];
  /** The game's own analysis switches (`--optimize`); the command line registers them from here. */
  analysisOptions: readonly AnalysisOption[];
  stuck: StuckFigure<A>;
  /** The figures its analysis adds beyond the common ones and the stuck figure, stored as they are. */
  figures: readonly FigureSpec[];
  /** Its difficulty score and tier cuts per rule set; without it a game's deals have no tier. */
  difficulty?: DifficultyScale;
  /**
   * Rule sets scored in dollars by the stuck figure (Double Solitaire's Vegas: $5 a
   * foundation card from -$104): what a line reaching `n` cards pays is `start + perCard * n`.
   */
  dollars?: { rules: readonly string[]; perCard: number; start: number };
  /** Stored with every result; bump it whenever the solver's answers can change. */
  solverVersion: string;
  /**
   * Reads a code of this game (family and options already checked by the registry) or a
   * deal file of it; throws `InputError` with the reason.
   */
  open(input: DealInput, flags: RuleFlags): OpenedDeal<A, P>;
  /**
   * Optional: reads a deal as `open` does, throwing as it does, and returns only its rule
   * set's name: a batch checks every deal an app's dealer deals this way before solving any.
   * Without it the registry opens the deal.
   */
  check?(input: DealInput, flags: RuleFlags): string;
  /** Whether a deal text is of this game (its `game:` line, or its shape). */
  recognises(text: string): boolean;
  /** A move in the JSON form of this game's solutions, in the notation `play --moves` takes. */
  moveText(move: M, style: CardStyle): string;
  /** One line for people summing up an analysis. */
  describe(analysis: A, style: CardStyle): string;
}
