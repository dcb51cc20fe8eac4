/**
 * The page's solver worker: the rules engine and the solver run here, off the page's main
 * thread. One message at a time: a request, then its reply.
 */
import { answer } from './answers';
import type { SolverMessage, SolverReply } from './protocol';

const scope = self as unknown as {
  onmessage: ((event: MessageEvent<SolverMessage>) => void) | null;
  postMessage(reply: SolverReply, transfer: Transferable[]): void;
};

scope.onmessage = (event) => {
  const { id, request } = event.data;
  answer(request).then(({ status, json, positions }) =>
    // A line's bytes are handed over, not copied.
    scope.postMessage({ id, ok: status === 200, status, json, positions }, positions ? [positions.bytes.buffer] : []),
  );
};
