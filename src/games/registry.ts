/**
 * The list of games. Batch, store readers and CLI look games up here only; a new game is a
 * folder under `games/` and one line in `BUILT_IN`. A game under development is added with
 * `registerGame`: the command line and every worker load the modules named in
 * `CARDSOLVE_GAME_MODULES` that way (`plugins/gameModules.ts`).
 */
import { CODE_EXAMPLES, type DealCode, parseDealCode } from '../codes/dealCode.js';
import { InputError } from '../errors/inputError.js';
import { dealerFor, dealtInput } from './dealers.js';
import { doubleGame } from './double/index.js';
import { pyramideGame } from './pyramide/index.js';
import type { DealInput, GameModule, OpenedDeal, RuleFlags, RuleOption } from './types.js';

const BUILT_IN: readonly GameModule[] = [pyramideGame, doubleGame];

const games: GameModule[] = [...BUILT_IN];

/** Every game known now, built-in ones first. */
export function allGames(): readonly GameModule[] {
  return games;
}

/** Adds a game; its id and code family must be new. */
export function registerGame(game: GameModule): void {
  if (games.some((g) => g.id === game.id)) throw new Error(`a game with id "${game.id}" is registered already`);
  if (games.some((g) => g.codes.family === game.codes.family)) throw new Error(`code family ${game.codes.family} belongs to another game`);
  games.push(game);
}

export function gameById(id: string): GameModule {
  const game = games.find((g) => g.id === id);
  if (!game) throw new InputError(`unknown game "${id}": expected one of ${games.map((g) => g.id).join(', ')}`);
  return game;
}

/** A code's game, with the family and rule letters checked against it. */
export function resolveCode(text: string): { game: GameModule; code: DealCode } {
  const code = parseDealCode(text);
  const game = games.find((g) => g.codes.family === code.family);
  if (!game) {
    const known = games.map((g) => `${g.codes.family} (${g.name})`).join(', ');
    throw new InputError(`"${text}": unknown game "${code.family}", expected ${known}, for example ${CODE_EXAMPLES}`);
  }
  if (!game.codes.options.includes(code.options)) {
    throw new InputError(
      `"${text}": unknown options "${code.options}" for ${code.family}, expected ${game.codes.options.join(', ')}, for example ${CODE_EXAMPLES}`,
    );
  }
  return { game, code };
}

/** A code an app's dealer deals, as the text it deals; any other input as it is. */
export function dealtByDealer(input: DealInput): DealInput {
  if (input.kind !== 'code') return input;
  const dealer = dealerFor(input.code);
  return dealer === undefined ? input : dealtInput(dealer, input.code);
}

/** The game a deal belongs to: by its code's family, or by what the deal text says (a dealer's code: its text). */
export function gameOf(input: DealInput): GameModule {
  return gameOfDealt(dealtByDealer(input));
}

function gameOfDealt(input: DealInput): GameModule {
  if (input.kind === 'code') return resolveCode(input.code).game;
  const game = games.find((g) => g.recognises(input.text));
  if (!game) {
    throw new InputError(
      `${input.source}: cannot tell which game this deal is: expected a "game:" line naming one of ` +
        `${games.map((g) => g.id).join(', ')}, or the 52 cards of a Pyramide deal`,
    );
  }
  return game;
}

/** Every game's rule options, each flag once, for the command line. */
export function allRuleOptions(): RuleOption[] {
  return declaredOptions((g) => g.ruleOptions);
}

/** Which of a game's option lists: its rule options or its analysis switches. */
export type OptionList = (game: GameModule) => readonly RuleOption[];

/** Every game's options of one list, each key once (the first game to declare it names it). */
export function declaredOptions(list: OptionList): RuleOption[] {
  const seen = new Map<string, RuleOption>();
  for (const game of games) for (const option of list(game)) if (!seen.has(option.key)) seen.set(option.key, option);
  return [...seen.values()];
}

/** An option's flag as typed: `--passes` of `--passes <n>`. */
export function flagOf(option: RuleOption): string {
  return option.flags.split(/[ ,]/)[0]!;
}

/** An option given for another game: its flag and the name of the game that declares it. */
export function foreignOption(key: string, list: OptionList): { flag: string; owner: string } {
  const owner = games.find((g) => list(g).some((o) => o.key === key));
  const option = owner && list(owner).find((o) => o.key === key);
  return { flag: option ? flagOf(option) : key, owner: owner?.name ?? 'no game' };
}

/** Refuses rule options that only other games take, naming whose they are. */
function refuseForeignOptions(game: GameModule, flags: RuleFlags): void {
  const own = new Set(game.ruleOptions.map((o) => o.key));
  const foreign = Object.keys(flags).filter((key) => key !== 'rules' && flags[key] !== undefined && !own.has(key));
  if (foreign.length === 0) return;
  const named = foreign.map((key) => foreignOption(key, (g) => g.ruleOptions));
  const owners = [...new Set(named.map((n) => n.owner))];
  const flagsText = named.map((n) => n.flag).join(', ');
  const whose =
    owners.length === 1
      ? `${named.length === 1 ? 'is a' : 'are'} ${owners[0]} option${named.length === 1 ? '' : 's'}`
      : 'are options of other games';
  const ownFlags = game.ruleOptions.map(flagOf);
  throw new InputError(
    `${flagsText} ${whose}: ${game.name} rules are chosen with --rules ${game.rulePresets}` +
      (ownFlags.length ? ` and ${ownFlags.join(', ')}` : ''),
  );
}

export function openDeal(input: DealInput, flags: RuleFlags = {}): OpenedDeal {
  const dealt = dealtByDealer(input);
  const game = gameOfDealt(dealt);
  refuseForeignOptions(game, flags);
  const opened = game.open(dealt, flags);
  return dealt.kind === 'text' && dealt.code !== undefined ? withAppCode(opened, dealt.code) : opened;
}

/**
 * A deal read and checked as `openDeal` reads it, without opening it: its game and rule set's
 * name (a batch checks every deal of an app's dealer so before solving any).
 */
export function checkDeal(input: DealInput, flags: RuleFlags = {}): { game: GameModule; rules: string } {
  const dealt = dealtByDealer(input);
  const game = gameOfDealt(dealt);
  refuseForeignOptions(game, flags);
  return { game, rules: game.check ? game.check(dealt, flags) : game.open(dealt, flags).rules };
}

/**
 * A deal an app's dealer dealt answers under the app's code. A game that reads the code from
 * the input (Pyramide) does so already; for one that keeps its code as a field, a proxy gives
 * the code to its methods too (they read `this.code`).
 */
function withAppCode(opened: OpenedDeal, code: string): OpenedDeal {
  if (opened.code === code) return opened;
  return new Proxy(opened, { get: (target, key, receiver) => (key === 'code' ? code : Reflect.get(target, key, receiver)) });
}
