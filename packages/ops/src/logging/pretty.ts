/**
 * The pretty form of a log record, for a person at a terminal: time, level,
 * message, then the other fields as `key=value`. A small built-in printer
 * rather than pino-pretty (fourteen more packages for one line of text).
 */

/** ANSI colours by level name. */
const COLOURS: Record<string, string> = {
  debug: '90',
  info: '32',
  warn: '33',
  error: '31',
  fatal: '35',
};

/** Fields every record has, shown in the head of the line rather than as `key=value`. */
const HEAD_FIELDS = new Set(['level', 'time', 'msg', 'pid', 'hostname', 'name']);

function valueText(value: unknown): string {
  if (typeof value === 'string') return /[\s"=]/.test(value) ? JSON.stringify(value) : value;
  return JSON.stringify(value) ?? String(value);
}

/** What {@link prettyLine} needs besides the line. */
export interface PrettyOptions {
  /** Colour the level (a TTY that allows it). */
  colour: boolean;
}

/**
 * One JSON log line as a line for people (`12:00:01.250 INFO  message k=v`);
 * a line that is not a JSON object is returned as it is.
 */
export function prettyLine(line: string, options: PrettyOptions): string {
  let record: unknown;
  try {
    record = JSON.parse(line);
  } catch {
    return line;
  }
  if (typeof record !== 'object' || record === null || Array.isArray(record)) return line;
  // Safe: a JSON object parsed above.
  const fields = record as Record<string, unknown>;
  const level = typeof fields.level === 'string' ? fields.level : 'info';
  const name = level.toUpperCase().padEnd(5);
  const shown = options.colour ? `\u001b[${COLOURS[level] ?? '0'}m${name}\u001b[0m` : name;
  const time =
    typeof fields.time === 'number' || typeof fields.time === 'string'
      ? new Date(fields.time).toISOString().slice(11, 23)
      : '';
  const rest = Object.entries(fields)
    .filter(([key]) => !HEAD_FIELDS.has(key))
    .map(([key, value]) => `${key}=${valueText(value)}`);
  const message = typeof fields.msg === 'string' ? fields.msg : '';
  return `${[time, shown, message, ...rest].filter((part) => part !== '').join(' ')}\n`;
}
