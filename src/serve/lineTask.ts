/**
 * `POST /api/v1/line` on a solver thread: the moves of the query, then the line, each position
 * along it as JSON. The event loop only reads the request; the replay and the answer, whose
 * size grows with the line, are made here, under the request's time limit and the server's
 * cap on threads and queue, and stop at a cap on the answer's size.
 */
import { Buffer } from 'node:buffer';
import type { CardStyle } from '../cards/notation.js';
import type { PlayedLineAnswer } from '../contract/index.js';
import { openDeal } from '../core.js';
import { isInputError } from '../errors/inputError.js';
import type { MoveJson } from '../games/moveJson.js';
import { playLineJson, refusedJson } from '../games/playResponse.js';
import { RefusedMoveError } from '../games/position.js';
import type { RuleFlags } from '../games/types.js';

/** The longest line played (a Double Solitaire solution is a few hundred moves). */
export const MAX_LINE_MOVES = 1000;
/**
 * The largest answer (UTF-8 bytes): a 231-move Double Solitaire solution takes about 2.5 MB,
 * and each position carries the moves before it, so a line of N moves grows as N squared.
 */
export const MAX_LINE_BYTES = 8 * 1024 * 1024;

export interface LineTask {
  deal: string;
  flags: RuleFlags;
  /** The moves before the line, as the query gives them. */
  moves: string;
  line: MoveJson[];
  style: CardStyle;
  reveal: boolean;
  maxBytes: number;
}

/** The HTTP status and the JSON text of the answer (a `LineAnswer`, or an `ApiError`). */
const refusal = (status: 400 | 413, message: string): PlayedLineAnswer => ({
  status,
  json: JSON.stringify({ statusCode: status, error: message }),
});
const megabytes = (n: number): string => `${Math.round(n / (1024 * 1024))} MB`;

export function playLine(task: LineTask): PlayedLineAnswer {
  const position = openDeal(task.deal, task.flags).position();
  try {
    position.playLine(task.moves, 'symbols');
  } catch (e) {
    // The moves before the refused one stay played: the position the player refused from, as every route answers it.
    if (e instanceof RefusedMoveError) return { status: 400, json: refusedJson(e, position, task.style, task.reveal) };
    throw e;
  }
  let bytes = 0;
  const fits = (json: string, text: string | null): boolean => {
    bytes += Buffer.byteLength(json) + (text === null ? 0 : Buffer.byteLength(text) + 4);
    return bytes <= task.maxBytes;
  };
  try {
    const { texts, positions, stoppedAt } = playLineJson(position, task.line, task.style, task.reveal, fits);
    if (stoppedAt !== undefined) {
      const max = megabytes(task.maxBytes);
      const how = task.reveal ? 'a shorter line, or one without reveal' : 'a shorter line';
      return refusal(
        413,
        `the answer passes ${max} at line move ${stoppedAt} of ${task.line.length}: at most ${max} are sent; ask for ${how}`,
      );
    }
    return { status: 200, json: `{"texts":${JSON.stringify(texts)},"positions":[${positions.join(',')}]}` };
  } catch (e) {
    if (isInputError(e)) return refusal(400, e.message);
    throw e;
  }
}
