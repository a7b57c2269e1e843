/**
 * The one log format of shiptrack's servers: a JSON record per line
 * through pino, with `level` (a name), `time`, `msg`, the active trace's
 * `traceId` and `spanId`, and credentials redacted wherever they appear
 * under a known name. On a TTY, or with `format: 'pretty'`, the same
 * records printed for people (`pretty.ts`).
 */
import { trace } from '@opentelemetry/api';
import { type DestinationStream, type Logger, type LoggerOptions, pino } from 'pino';
import { prettyLine } from './pretty.js';

/** The levels a server logs at, lowest first; `silent` logs nothing. */
export const LOG_LEVELS = ['trace', 'debug', 'info', 'warn', 'error', 'fatal', 'silent'] as const;

/** One of {@link LOG_LEVELS}. */
export type LogLevelName = (typeof LOG_LEVELS)[number];

/** `json`: one JSON record per line; `pretty`: for people; `auto`: pretty on a TTY only. */
export type LogFormat = 'json' | 'pretty' | 'auto';

/** Every log format name. */
export const LOG_FORMATS: readonly LogFormat[] = ['json', 'pretty', 'auto'];

/** A server's logger (pino's). */
export type ServerLogger = Logger;

/**
 * Paths redacted in every record: credentials under the names they go by in
 * headers, options and errors. A record never needs them; a fingerprint
 * names a key.
 */
export const REDACTED_PATHS: readonly string[] = [
  'authorization',
  'apiKey',
  'accessToken',
  'token',
  'password',
  'secret',
  'webhookSecret',
  'requestStateKey',
  '*.authorization',
  '*.apiKey',
  '*.accessToken',
  '*.token',
  '*.password',
  '*.secret',
  'headers.authorization',
  'headers.cookie',
  'req.headers.authorization',
  'req.headers.cookie',
];

/** Options of {@link createServerLogger}. */
export interface ServerLoggerOptions {
  /** The server's name, in every record as `name` (e.g. `shiptrack-mcp-http`). */
  name: string;
  /** Lowest level written (default `info`). */
  level?: LogLevelName;
  /** Default `auto`. */
  format?: LogFormat;
  /**
   * Where records go (default `process.stderr`): a stream with `write`;
   * `isTTY` decides the `auto` format.
   */
  destination?: { write(line: string): unknown; isTTY?: boolean };
  /** More paths to redact, in pino's notation (`req.headers["x-api-key"]`). */
  redact?: readonly string[];
}

/** Whether colours are wanted on a TTY (`NO_COLOR` says no). */
function colourAllowed(): boolean {
  const noColour = process.env.NO_COLOR;
  return noColour === undefined || noColour === '';
}

/**
 * Creates the logger of a server process. Records carry the active span's
 * `traceId` and `spanId` when OpenTelemetry traces are on, so a log line
 * and its trace are found from each other.
 */
export function createServerLogger(options: ServerLoggerOptions): ServerLogger {
  const destination = options.destination ?? process.stderr;
  const format = options.format ?? 'auto';
  const pretty = format === 'pretty' || (format === 'auto' && destination.isTTY === true);
  const colour = pretty && destination.isTTY === true && colourAllowed();
  const stream: DestinationStream = {
    write: pretty
      ? (line: string) => destination.write(prettyLine(line, { colour }))
      : (line: string) => destination.write(line),
  };
  const settings: LoggerOptions = {
    name: options.name,
    level: options.level ?? 'info',
    base: { name: options.name },
    timestamp: pino.stdTimeFunctions.isoTime,
    redact: { paths: [...REDACTED_PATHS, ...(options.redact ?? [])], censor: '[redacted]' },
    formatters: {
      // The level's name, as people and log pipelines read it, rather than pino's number.
      level: (label) => ({ level: label }),
    },
    mixin: () => {
      const context = trace.getActiveSpan()?.spanContext();
      return context && trace.isSpanContextValid(context)
        ? { traceId: context.traceId, spanId: context.spanId }
        : {};
    },
  };
  return pino(settings, stream);
}
