import { createInterface } from 'node:readline';
import { Command } from 'commander';
import { type CardStyle, jsonInStyle } from '../../cards/notation.js';
import { InputError, isInputError } from '../../errors/inputError.js';
import { bestLineFrom, describeHint, type HintResult, moveText, positionAfter, reachText } from '../../games/hint.js';
import { type PlayView, type Position, RefusedMoveError } from '../../games/position.js';
import type { OpenedDeal } from '../../games/types.js';
import type { Limits } from '../../search/limits.js';
import { addSearchOptions, cardStyleFrom, limitsFrom, openDealArg, type SearchOptionValues } from '../options.js';

interface PlayOptions extends SearchOptionValues {
  moves?: string;
  reveal?: boolean;
}

export function playCommand(): Command {
  const cmd = new Command('play')
    .description(
      'replay moves through the rules engine and print the position, score and move counter; on a terminal without --moves, play the game',
    )
    .argument('<deal>', 'a deal code, a deal file, or - for standard input')
    .option('--moves <list>', 'moves separated by ";", e.g. "K♦; 10♣+3♠; draw" (Pyramide) or "draw; w-c5; c3-f" (Double Solitaire)')
    .option('--reveal', "draw what the player cannot see, for analysis: Double Solitaire's face-down cards and the stock's order");
  addSearchOptions(cmd);
  cmd.addHelpText(
    'after',
    `
Stops at the first illegal move with the app's reason (exit code 2). The position is drawn
as the player sees it (face-down cards as ##, the stock as a count) unless --reveal; hints
and solve still see the whole deal.
On a terminal without --moves the game is played: type a move, or hint, undo, solve
(the rest of the best line) or quit; the limits apply to each of these answers.
Examples:
  cardsolve play PY1-N-AAAAAAA --moves "draw; draw; turn over"
  cardsolve play deal.txt --moves "K♦; 10♣ + 3♠"
  cardsolve play PY1-N-AAAAAAA`,
  );
  return cmd.action(async (arg: string, options: PlayOptions) => {
    const deal = openDealArg(arg, options);
    const style = cardStyleFrom(options);
    if (options.moves === undefined) {
      if (process.stdin.isTTY && process.stdout.isTTY) return playOnTerminal(deal, limitsFrom(options), style, { reveal: options.reveal });
      throw new InputError(`required option '--moves <list>' not specified (play without --moves is the game, on a terminal only)`);
    }
    const outcome = deal.play(options.moves, style, { reveal: options.reveal });
    process.stdout.write((options.json ? jsonInStyle(outcome.json, style) : outcome.text) + '\n');
    if (!outcome.ok) {
      process.stderr.write(`cardsolve: ${outcome.error}\n`);
      process.exitCode = 2;
    }
  });
}

const HELP = 'type a move (as for --moves), or hint, undo, solve (the rest of the best line), quit';

function statusLine(h: HintResult): string {
  switch (h.status) {
    case 'won':
      return 'Won!';
    case 'winnable':
      return `The game can still be won${h.movesLeft !== null ? ` (${h.movesLeft} move${h.movesLeft === 1 ? '' : 's'} left ${h.movesLeftProved ? 'at best' : 'on the shortest line found'})` : ''}.`;
    case 'lost':
      return `The game can no longer be won: ${reachText(h.game, h)}.`;
    case 'dead end':
      return 'No more moves: the game can no longer be won (undo, or quit).';
    case 'unknown':
      return `Whether the game can still be won is not known (stopped by ${h.limit ?? 'a limit'}).`;
  }
}

/**
 * Plays the moves of a line typed, all or none: on a refusal (returned) or a line that is not
 * moves (thrown) the moves before it are taken back. Records how many it played in `typed`.
 */
function playTyped(game: Position, line: string, style: CardStyle, typed: number[]): RefusedMoveError | null {
  const before = game.history().length;
  try {
    game.playLine(line, style);
  } catch (error) {
    while (game.history().length > before) game.undo();
    if (error instanceof RefusedMoveError) return error;
    throw error;
  }
  typed.push(game.history().length - before);
  return null;
}

/**
 * The game on a terminal: the position, then a move or a command per line. After every move
 * the solver says whether the game can still be won; it ends with the score and the move
 * counter as the app counts them (an undo does not take a move back).
 */
async function playOnTerminal(deal: OpenedDeal, limits: Limits, style: CardStyle, view: PlayView): Promise<void> {
  const say = (text: string): void => {
    process.stdout.write(text + '\n');
  };
  say(deal.play('', style, view).text);
  const game = positionAfter(deal, '');
  // How many moves each line typed played (a line may hold several), for undo.
  const typed: number[] = [];
  let undone = 0;
  const judge = (): HintResult => game.hint(limits, { statusOnly: true });
  // The drawn position counts the moves on the board; the app also counts the undone ones.
  const counted = (): string =>
    undone === 0 ? '' : ` The app's move counter: ${position.counter + undone} (an undo does not take a move back).`;
  let position = judge();
  say(statusLine(position));
  say(HELP);
  const rl = createInterface({ input: process.stdin, output: process.stdout, terminal: true });
  // Ctrl-C ends the game like quit (and Ctrl-D, which closes the input).
  rl.on('SIGINT', () => {
    process.stdout.write('\n');
    rl.close();
  });
  rl.setPrompt('> ');
  rl.prompt();
  for await (const raw of rl) {
    const line = raw.trim();
    const word = line.toLowerCase();
    try {
      if (word === 'quit' || word === 'q' || word === 'exit') break;
      if (word === '') {
        // nothing typed
      } else if (word === 'help' || word === '?') {
        say(HELP);
      } else if (word === 'hint' || word === 'h') {
        say(describeHint(game.hint(limits), style));
      } else if (word === 'solve') {
        const rest = bestLineFrom(game, limits);
        say(
          rest === null
            ? statusLine(position)
            : rest.length === 0
              ? 'Won already.'
              : `${rest.length} moves: ${rest.map((m) => moveText(deal.game, m, style)).join('; ')}`,
        );
      } else if (word === 'undo' || word === 'u') {
        const last = typed.pop();
        if (last === undefined) say('Nothing to undo.');
        else {
          for (let i = 0; i < last; i++) game.undo();
          undone++;
          say(game.outcome(style, view).text);
          position = judge();
          say(`${statusLine(position)}${counted()}`);
        }
      } else {
        const refused = playTyped(game, line, style, typed);
        if (refused !== null) say(`${line}: refused, ${refused.reason}`);
        else {
          say(game.outcome(style, view).text);
          const before = position;
          position = judge();
          if (before.status === 'winnable' && position.status === 'lost') {
            say(`That move lost the game: it could be won before it, and now ${reachText(position.game, position)}.`);
          } else say(`${statusLine(position)}${counted()}`);
          if (position.status === 'won') break;
        }
      }
    } catch (error) {
      if (!isInputError(error)) throw error;
      say(error.message);
    }
    rl.prompt();
  }
  rl.close();
  const moves = position.counter + undone;
  say(`Score ${position.score}, ${moves} move${moves === 1 ? '' : 's'} (as the app counts: an undo does not take a move back).`);
}
