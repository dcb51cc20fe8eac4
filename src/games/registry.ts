/** The list of games. Batch and CLI look games up here only; a new game is one line. */
import { parseDealCode } from '../codes/dealCode.js';
import { InputError } from '../errors/inputError.js';
import { doubleGame } from './double/index.js';
import { pyramideGame } from './pyramide/index.js';
import type { DealInput, GameId, GameModule, OpenedDeal, RuleFlags } from './types.js';

export const GAMES: readonly GameModule[] = [pyramideGame, doubleGame];

export function gameById(id: string): GameModule {
  const game = GAMES.find((g) => g.id === id);
  if (!game) throw new InputError(`unknown game "${id}": expected one of ${GAMES.map((g) => g.id).join(', ')}`);
  return game;
}

/** The game a deal belongs to: by its code's family, or by what the deal text says. */
export function gameOf(input: DealInput): GameModule {
  if (input.kind === 'code') {
    const { family } = parseDealCode(input.code);
    const game = GAMES.find((g) => g.family === family);
    if (!game) throw new InputError(`${family} codes are not supported yet`);
    return game;
  }
  const game = GAMES.find((g) => g.recognises(input.text));
  if (!game) {
    throw new InputError(
      `${input.source}: cannot tell which game this deal is: expected a "game: pyramide" or ` +
        `"game: double-solitaire" line, or the 52 cards of a Pyramide deal`,
    );
  }
  return game;
}

export function openDeal(input: DealInput, flags: RuleFlags = {}): OpenedDeal {
  return gameOf(input).open(input, flags);
}

export type { GameId };
