import { REDACTED, redactJson, redactSecrets } from '../internal/redact.js';

/** Structured fields attached to a log line. */
export type LogFields = Record<string, unknown>;

/** Where the client writes its log lines; `console` fits. Every method is optional. */
export interface Logger {
  debug?(message: string, fields?: LogFields): void;
  info?(message: string, fields?: LogFields): void;
  warn?(message: string, fields?: LogFields): void;
  error?(message: string, fields?: LogFields): void;
}

/** The lowest level that is written; `off` writes nothing. */
export type LogLevel = 'debug' | 'info' | 'warn' | 'error' | 'off';

const LEVELS: Record<LogLevel, number> = { debug: 10, info: 20, warn: 30, error: 40, off: 100 };

/** Every {@link LogLevel}, lowest first. */
export const LOG_LEVELS = Object.keys(LEVELS) as readonly LogLevel[];

/** A logger with every method present, filtered by level and redacted. */
export interface ClientLogger {
  /** Whether `debug` writes anything (so hot paths skip building its lines). */
  readonly debugging: boolean;
  debug(message: string, fields?: LogFields): void;
  info(message: string, fields?: LogFields): void;
  warn(message: string, fields?: LogFields): void;
  error(message: string, fields?: LogFields): void;
}

/** Field names whose values never reach a log line, wherever they appear. */
const SECRET_FIELDS = /^(authorization|api_?key|access_?token|secret|password|token)$/i;

function redactFields(fields: LogFields, secrets: readonly string[]): LogFields {
  const out: LogFields = {};
  for (const [key, value] of Object.entries(fields)) {
    out[key] = SECRET_FIELDS.test(key) ? REDACTED : redactJson(value, secrets);
  }
  return out;
}

/** What {@link createClientLogger} needs. */
export interface ClientLoggerOptions {
  logger?: Logger | undefined;
  /** Defaults to `info` when a logger is given. */
  level?: LogLevel | undefined;
  /** Values (API key, tokens) blanked out of every message and every string in the fields. */
  secrets?: readonly string[];
}

const noop = (): void => {};

/**
 * Wraps the caller's logger: filters by level, redacts credentials, and turns
 * missing methods into no-ops. Without a logger everything is silent.
 */
export function createClientLogger(options: ClientLoggerOptions): ClientLogger {
  const { logger } = options;
  const threshold = LEVELS[options.level ?? 'info'];
  const secrets = options.secrets ?? [];
  const make = (level: Exclude<LogLevel, 'off'>) => {
    const write = logger?.[level];
    if (!logger || !write || LEVELS[level] < threshold) return noop;
    return (message: string, fields?: LogFields) => {
      const line = `[shiptrack] ${redactSecrets(message, secrets)}`;
      if (fields) write.call(logger, line, redactFields(fields, secrets));
      else write.call(logger, line);
    };
  };
  const debug = make('debug');
  return {
    debugging: debug !== noop,
    debug,
    info: make('info'),
    warn: make('warn'),
    error: make('error'),
  };
}
