/**
 * How every result names its game and writes its moves: the words the hint and position
 * types share with the rest of the seam (`types.ts`), kept apart so that neither imports
 * the other.
 */

/** A game's name in results and on the command line (`pyramide`, `double`). */
export type GameId = string;

/** One move of a solution, as JSON any program can replay: `{"move":"draw"}`, ... */
export interface MoveJson {
  move: string;
  [field: string]: string | number | string[] | undefined;
}
