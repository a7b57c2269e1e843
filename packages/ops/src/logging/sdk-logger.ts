/**
 * The SDK's `Logger` shape (`debug`/`info`/`warn`/`error` of a message and
 * fields), as `@shiptrack/redis` and `@shiptrack/sdk` take it, written as
 * records of a server's logger: their warnings (Redis unavailable, a
 * fallback to memory) become records of the one format instead of lines of
 * their own.
 */
import type { ServerLogger } from './logger.js';

/** What `@shiptrack/sdk` and `@shiptrack/redis` call (their `Logger`). */
export interface MessageLogger {
  debug(message: string, fields?: Record<string, unknown>): void;
  info(message: string, fields?: Record<string, unknown>): void;
  warn(message: string, fields?: Record<string, unknown>): void;
  error(message: string, fields?: Record<string, unknown>): void;
}

/** `[shiptrack redis] message` -> `shiptrack redis`, `message`. */
const TAG = /^\[([^\]]{1,40})\]\s+/;

/**
 * Adapts `logger` to the message-and-fields shape; a leading `[tag]` of a
 * message becomes the record's `component`.
 */
export function messageLogger(logger: ServerLogger): MessageLogger {
  const write =
    (level: 'debug' | 'info' | 'warn' | 'error') =>
    (message: string, fields?: Record<string, unknown>) => {
      const tagged = TAG.exec(message);
      const text = tagged ? message.slice(tagged[0].length) : message;
      const component = tagged ? { component: tagged[1] } : {};
      logger[level]({ ...fields, ...component }, text);
    };
  return { debug: write('debug'), info: write('info'), warn: write('warn'), error: write('error') };
}
