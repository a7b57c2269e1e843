/**
 * Log lines never carry a raw control character: a file name, a path or an
 * error message from a client could otherwise forge lines, hide text behind
 * a carriage return or drive the terminal (ANSI escapes). Each C0, DEL and
 * C1 character is written as `\xNN`.
 */
import type { Logger } from './context.js';

// Unicode category Cc: exactly C0 (U+0000-U+001F), DEL and C1 (U+0080-U+009F).
const CONTROL_CHARACTERS = /\p{Cc}/gu;

/** Whether the text holds a control character (C0, DEL, C1). */
export function hasControlCharacter(text: string): boolean {
  return text.search(CONTROL_CHARACTERS) !== -1;
}

/** The text with each control character (C0, DEL, C1) as `\xNN`. */
export function escapeControlCharacters(text: string): string {
  return text.replace(
    CONTROL_CHARACTERS,
    (char) => `\\x${char.charCodeAt(0).toString(16).padStart(2, '0')}`,
  );
}

/** A logger that hands `logger` every message with its control characters escaped. */
export function escapingLogger(logger: Logger): Logger {
  const { debug } = logger;
  return {
    ...(debug === undefined
      ? {}
      : { debug: (message: string) => debug.call(logger, escapeControlCharacters(message)) }),
    info: (message) => logger.info(escapeControlCharacters(message)),
    warn: (message) => logger.warn(escapeControlCharacters(message)),
    error: (message, error) => logger.error(escapeControlCharacters(message), error),
  };
}
