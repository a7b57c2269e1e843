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
  /** JSON on one line (`--compact`): implies JSON. */
  compact?: boolean | undefined;
  /** `--bare` (the records without the envelope) or `--jq`: imply JSON. */
  jsonOnly?: boolean | undefined;
  /** `false` with `--no-color`. */
  color?: boolean | undefined;
}

/** The output settings of one run. */
export interface OutputSettings {
  mode: OutputMode;
  /** Whether ANSI colours are written (a table on a TTY or with `FORCE_COLOR`; see `colourWanted`). */
  color: boolean;
  /** Whether stdout is a terminal (live views redraw only there). */
  interactive: boolean;
  /** Whether JSON is written on one line, not indented. */
  compact: boolean;
  /** The width tables fit: `COLUMNS`, else the terminal's, else 80. */
  columns: number;
}

/** A usable width from `COLUMNS` or a stream: a whole number above 20. */
function widthOf(value: string | number | undefined): number | undefined {
  const width = typeof value === 'string' && value.trim() !== '' ? Number(value) : value;
  return typeof width === 'number' && Number.isInteger(width) && width > 20 ? width : undefined;
}

/**
 * Whether a table is written in colour: never with `--no-color`; always
 * with `FORCE_COLOR` set to anything but empty, `0` or `false`
 * (https://force-color.org, also in a pipe); never with `NO_COLOR` set and
 * not empty (https://no-color.org) or `TERM=dumb`; else on a terminal.
 */
function colourWanted(choice: OutputChoice, interactive: boolean, env: NodeJS.ProcessEnv): boolean {
  if (choice.color === false) return false;
  const force = env.FORCE_COLOR;
  if (force !== undefined && force !== '') return force !== '0' && force !== 'false';
  if ((env.NO_COLOR ?? '') !== '' || env.TERM === 'dumb') return false;
  return interactive;
}

/**
 * Picks the output mode: `--json` or `--table` when given, else a table on a
 * TTY and JSON in a pipe; `--compact`, `--bare` and `--jq` write JSON.
 * Colours only in a table (see {@link colourWanted}). Tables fit `COLUMNS`
 * when it is set (also in a pipe with `--table`), else the terminal's
 * width, else 80 columns.
 */
export function outputSettings(
  choice: OutputChoice,
  stream: OutputStream,
  env: NodeJS.ProcessEnv,
): OutputSettings {
  if (choice.json && choice.table) {
    throw usageError('--json and --table exclude each other: pass one of them.');
  }
  if (choice.compact && choice.table) {
    throw usageError('--compact writes JSON: leave out --table.');
  }
  if (choice.jsonOnly && choice.table) {
    throw usageError('--bare and --jq write JSON: leave out --table.');
  }
  const interactive = stream.isTTY === true;
  const json = choice.json || choice.compact || choice.jsonOnly;
  const mode: OutputMode = json ? 'json' : choice.table || interactive ? 'table' : 'json';
  return {
    mode,
    color: mode === 'table' && colourWanted(choice, interactive, env),
    interactive,
    compact: choice.compact === true,
    columns: widthOf(env.COLUMNS) ?? widthOf(stream.columns) ?? 80,
  };
}
