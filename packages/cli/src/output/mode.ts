import { usageError } from '../errors/cli-error.js';

/** How data is written: a table for people, JSON for programs. */
export type OutputMode = 'json' | 'table';

/** The stream a command writes its data to, as far as the output mode cares. */
export interface OutputStream {
  isTTY?: boolean;
  columns?: number;
}

/** What decides the output mode and colours. */
export interface OutputChoice {
  json?: boolean | undefined;
  table?: boolean | undefined;
  /** `false` with `--no-color`. */
  color?: boolean | undefined;
}

/** The output settings of one run. */
export interface OutputSettings {
  mode: OutputMode;
  /** Whether ANSI colours are written (a TTY, a table, no `NO_COLOR`, no `--no-color`). */
  color: boolean;
  /** Whether stdout is a terminal (live views redraw only there). */
  interactive: boolean;
  /** The terminal's width (80 when unknown). */
  columns: number;
}

/**
 * Picks the output mode: `--json` or `--table` when given, else a table on a
 * TTY and JSON in a pipe. Colours only on a TTY, never with `NO_COLOR`
 * (https://no-color.org: set and not empty) or `TERM=dumb`.
 */
export function outputSettings(
  choice: OutputChoice,
  stream: OutputStream,
  env: NodeJS.ProcessEnv,
): OutputSettings {
  if (choice.json && choice.table) {
    throw usageError('--json and --table exclude each other: pass one of them.');
  }
  const interactive = stream.isTTY === true;
  const mode: OutputMode = choice.json ? 'json' : choice.table || interactive ? 'table' : 'json';
  const noColor = (env.NO_COLOR ?? '') !== '' || env.TERM === 'dumb' || choice.color === false;
  return {
    mode,
    color: interactive && mode === 'table' && !noColor,
    interactive,
    columns: stream.columns && stream.columns > 20 ? stream.columns : 80,
  };
}
