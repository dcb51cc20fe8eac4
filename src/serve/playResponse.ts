/** The position after some moves, as the play route and the page read it. */
import { type CardStyle, jsonInStyle } from '../cards/notation.js';
import { moveText } from '../games/hint.js';
import type { Position } from '../games/position.js';

/** `PlayResponse` (see `apiTypes.ts`), as JSON text with cards in `style`. */
export function playResponseJson(position: Position, style: CardStyle, reveal: boolean): string {
  const head = position.toJSON();
  return jsonInStyle(
    {
      code: head.code,
      fingerprint: head.fingerprint,
      game: head.game,
      rules: head.rules,
      played: head.played,
      playedText: position.historyText(style),
      score: head.score,
      counter: head.counter,
      status: position.playStatus(),
      board: position.board('symbols', { reveal }),
      legalMoves: position.moves().map((move) => ({ move, text: moveText(position.game, move, style) })),
    },
    style,
  );
}
