/**
 * The command line and environment of `shiptrack-mcp`, turned into its
 * options. Each flag has one `SVC_MCP_*` variable (see `settings.ts`); a
 * flag wins over its variable.
 */
// The settings part of @shiptrack/ops only: its logger (pino) and telemetry stay out of the bin's bundle.
import {
  booleanSetting,
  decimalSetting,
  parseCommandLine,
  type ResolvedSettings,
  resolveSettings,
  stringSetting,
  UsageError,
} from '@shiptrack/ops';
import { readToolSelection } from '../command-settings.js';
import type { ToolSelection } from '../tools/selection.js';
import { COMMAND_LINE } from './settings.js';

/** What the command line asks for. */
export interface CliOptions {
  mock: boolean;
  /** The text to print and exit with, for `--help` or `--version`. */
  text: string | undefined;
  /** Print the effective configuration and exit (`--print-config`). */
  printConfig: boolean;
  /** The REST base URL (`--base-url`, `SVC_API_BASE_URL`); `undefined`: the SDK's default. */
  baseUrl: string | undefined;
  /** The mirror to answer from: a PGlite directory or a PostgreSQL URL (`--mirror`, `SVC_MCP_MIRROR`). */
  mirror: string | undefined;
  /** Keep the mirror synced from REST in this process, every 15 minutes (`--mirror-sync`). */
  mirrorSync: boolean;
  /** How old the mirror's copy of a container may be for `get_container`, in ms. */
  mirrorMaxAgeMs: number | undefined;
  /** Ask the user before each new tracking request (`--confirm-tracking-requests`, `SVC_MCP_CONFIRM_TRACKING_REQUESTS`). */
  confirmTrackingRequests: boolean;
  /**
   * The tools served (`--read-only`, `--tools`, `--toolsets` and their
   * `SVC_MCP_*` variables), checked: every name is a tool or toolset.
   */
  selection: ToolSelection;
  /** Every setting with where it came from (for `--print-config` and the old-name warnings). */
  settings: ResolvedSettings;
}

function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

/** `--read-only`, `--tools`, `--toolsets` (or their variables); a bad selection stops the start. */
function selection(settings: ResolvedSettings): ToolSelection {
  try {
    return readToolSelection(settings);
  } catch (cause) {
    throw new UsageError(messageOf(cause));
  }
}

/**
 * Parses the command line; each setting not given as a flag is read from
 * its `SVC_MCP_*` variable in `env` (or a name it had before, noted in
 * `settings.legacyNames` for a warning). Throws a `UsageError` (exit 2)
 * for what cannot run.
 */
export function parseCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): CliOptions {
  const line = parseCommandLine(COMMAND_LINE, argv);
  const flags = line.kind === 'run' ? line.flags : {};
  const settings = resolveSettings(COMMAND_LINE.settings, COMMAND_LINE.prefix, flags, env);
  const mirror = stringSetting(settings, 'mirror')?.trim() || undefined;
  const mirrorSync = booleanSetting(settings, 'mirror-sync', false);
  const maxAge = decimalSetting(settings, 'mirror-max-age');
  if (mirror === undefined && (mirrorSync || maxAge !== undefined)) {
    throw new UsageError(
      '--mirror-sync and --mirror-max-age apply to a mirror: give --mirror <dir|postgres-url> (or SVC_MCP_MIRROR).',
    );
  }
  return {
    mock: booleanSetting(settings, 'mock', false),
    text: line.kind === 'run' ? undefined : line.text,
    printConfig: line.kind === 'run' && line.flags['print-config'] === true,
    baseUrl: stringSetting(settings, 'base-url')?.trim() || undefined,
    mirror,
    mirrorSync,
    mirrorMaxAgeMs: maxAge === undefined ? undefined : maxAge * 60_000,
    confirmTrackingRequests: booleanSetting(settings, 'confirm-tracking-requests', false),
    selection: selection(settings),
    settings,
  };
}
