/**
 * Every error as the client hears it: one status and one clear message in the contract's
 * `ApiError`, never a stack trace. A bug is logged whole and answered 500 without detail.
 */
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { isInputError } from '../errors/inputError.js';
import { API_PREFIX } from './apiPrefix.js';
import { Refused } from './dealAnswers.js';
import type { ServeMetrics } from './metrics.js';
import { NoDatabaseError } from './routes/results.js';
import { BusyError } from './solverPool.js';

export interface ErrorReport {
  metrics: ServeMetrics;
  /** Fastify's logger is on (`serve --log`): a bug goes there; else to `log`. */
  logged: boolean;
  log: (line: string) => void;
}

/** What a request failed schema validation on, in one line: the part, and the parameter or rule. */
function validationMessage(error: FastifyError): string {
  const where = error.validationContext === 'body' ? 'the request body' : 'the query';
  const first = error.validation?.[0];
  const unknown =
    first?.keyword === 'additionalProperties' ? (first.params as { additionalProperty?: string }).additionalProperty : undefined;
  const what =
    unknown !== undefined
      ? `unknown parameter ${unknown} (the parameters of each route: ${API_PREFIX}/openapi.json)`
      : error.message.replace(/^(querystring|body)\/?/, '');
  return `${where}: ${what}`;
}

/** The 404 of a path no route has. */
export function notFound(method: string, url: string): { statusCode: number; error: string } {
  return {
    statusCode: 404,
    error: `no such route: ${method} ${url.split('?')[0]!.slice(0, 200)} (the API is described at ${API_PREFIX}/openapi.json)`,
  };
}

export function installErrorHandler(app: FastifyInstance, report: ErrorReport): void {
  const bug = (error: FastifyError, request: FastifyRequest): void => {
    if (report.logged) request.log.error({ err: error, route: request.routeOptions.url ?? null }, 'internal error');
    else report.log(`cardsolve serve: ${request.method} ${request.url.slice(0, 200)}: ${error.stack ?? error.message}`);
  };
  const answer = (reply: FastifyReply, status: number, error: string): FastifyReply =>
    reply.code(status).send({ statusCode: status, error });

  app.setErrorHandler((error: FastifyError, request, reply) => {
    if (error instanceof Refused) return reply.code(400).type('application/json; charset=utf-8').send(error.body());
    if (error instanceof NoDatabaseError) return answer(reply, 404, error.message);
    if (isInputError(error)) return answer(reply, 400, error.message);
    if (error instanceof BusyError) {
      report.metrics.busy.inc();
      return answer(reply.header('Retry-After', String(error.retryAfterS)), 503, error.message);
    }
    if (error.validation) return answer(reply, 400, validationMessage(error));
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) return answer(reply, status, error.message);
    // A bug: the log has it, the client only hears that it happened.
    bug(error, request);
    return answer(reply, 500, 'internal error (the server has logged it)');
  });
  app.setNotFoundHandler((request, reply) => reply.code(404).send(notFound(request.method, request.url)));
}
