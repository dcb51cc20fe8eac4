/** The levels of `serve --log`: pino's, Fastify's logger. A module of its own, so the command line reads them without loading the server. */
export const LOG_LEVELS = ['fatal', 'error', 'warn', 'info', 'debug', 'trace'] as const;
export type LogLevel = (typeof LOG_LEVELS)[number];
