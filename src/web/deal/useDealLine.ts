/** A deal view's line, then every position along it with each move's text (the moves text is made of the core's own move texts). */
import { useEffect, useState } from 'preact/hooks';
import type { PlayResponse } from '../../core';
import { describeError } from '../api';
import { lineOf, playAt } from '../data';
import { findLine, type Line } from './line';

export interface DealLine {
  line: Line | null;
  /** The positions along the line, the first before its first move: until the line is read, only the position as dealt. */
  positions: PlayResponse[];
  texts: string[];
  error: string | null;
}

const NONE: DealLine = { line: null, positions: [], texts: [], error: null };

export function useDealLine(code: string, rules: string | undefined, movesText: string): DealLine {
  const [shown, setShown] = useState<DealLine>(NONE);
  useEffect(() => {
    let cancelled = false;
    // Leaving the deal stops its solve.
    const controller = new AbortController();
    setShown(NONE);
    // The position as dealt shows at once, while the line is being found.
    playAt(code, movesText, rules).then(
      (p) => !cancelled && setShown((had) => (had.positions.length === 0 ? { ...had, positions: [p] } : had)),
      () => undefined,
    );
    (async () => {
      const line = await findLine(code, movesText, rules, controller.signal);
      if (cancelled) return;
      setShown((had) => ({ ...had, line }));
      // Every position along the line and each move's text, in one request.
      const walked = await lineOf(code, movesText, line.moves, rules, controller.signal);
      if (cancelled) return;
      setShown((had) => ({ ...had, positions: walked.positions, texts: walked.texts }));
    })().catch((e: unknown) => {
      if (!cancelled) setShown((had) => ({ ...had, error: describeError(e) }));
    });
    return () => {
      cancelled = true;
      controller.abort();
    };
  }, [code, rules, movesText]);
  return shown;
}
