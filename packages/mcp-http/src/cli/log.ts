/**
 * The command's log: one pino logger (`@shiptrack/ops`), JSON records on
 * stderr (pretty on a TTY), and the writers each part of the server takes:
 * request records, unexpected errors, readiness changes, start-up
 * messages, and the Redis stores' outage warnings.
 */
import { createServerLogger, type MessageLogger, messageLogger } from '@shiptrack/ops';
import type { RequestLogEntry } from '../logging/request-log.js';
import type { CliLogging } from './args.js';

/** The writers of the command's log. */
export interface CliLogger {
  /** A message of the command itself (start-up, shutdown, mirror sync), at `info`. */
  say(message: string, fields?: Record<string, unknown>): void;
  /** A failure to start, at `fatal`. */
  fatal(message: string): void;
  /** One record per request (`msg` `request`), at `info`. */
  request(entry: RequestLogEntry): void;
  /** An unexpected error, at `error`: its name and message (the SDK's never carry keys). */
  error(error: unknown, where: string): void;
  /** A readiness check that starts (`warn`) or stops (`info`) failing. */
  readiness(check: string, outcome: { ok: boolean; detail?: string }): void;
  /** For the SDK's and `@shiptrack/redis`'s `logger` options. */
  messages: MessageLogger;
}

/** Makes the command's logger. */
export function cliLogger(logging: CliLogging): CliLogger {
  const logger = createServerLogger({
    name: 'shiptrack-mcp-http',
    level: logging.level,
    format: logging.format,
  });
  return {
    say: (message, fields) => logger.info(fields ?? {}, message),
    fatal: (message) => logger.fatal(message),
    request: (entry) => {
      // pino stamps the record's own time (the end of the request); the arrival is `receivedAt`.
      const { time, ...fields } = entry;
      logger.info({ ...fields, receivedAt: time }, 'request');
    },
    error: (error, where) => {
      const described =
        error instanceof Error
          ? { name: error.name, message: error.message }
          : { name: String(error) };
      logger.error({ where, err: described }, `unexpected error in ${where}`);
    },
    readiness: (check, outcome) => {
      if (outcome.ok) logger.info({ check }, `readiness: ${check} answers again`);
      else logger.warn({ check, detail: outcome.detail }, `readiness: ${check} cannot serve`);
    },
    messages: messageLogger(logger),
  };
}
