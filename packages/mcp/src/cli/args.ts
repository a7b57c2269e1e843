import { parseArgs } from 'node:util';
import { readConfirmTrackingRequests } from '../core/confirm-setting.js';
import { TOOLSETS, type ToolSelection } from '../tools/selection.js';
import { readToolSelection } from '../tools/selection-setting.js';

/** What the command line asks for. */
export interface CliOptions {
  mock: boolean;
  help: boolean;
  version: boolean;
  /** The mirror to answer from: a PGlite directory or a PostgreSQL URL (`--mirror`, `SVC_MIRROR`). */
  mirror: string | undefined;
  /** Keep the mirror synced from REST in this process, every 15 minutes (`--mirror-sync`). */
  mirrorSync: boolean;
  /** How old the mirror's copy of a container may be for `get_container`, in ms. */
  mirrorMaxAgeMs: number | undefined;
  /** Ask the user before each new tracking request (`--confirm-tracking-requests`, `SVC_CONFIRM_TRACKING_REQUESTS`). */
  confirmTrackingRequests: boolean;
  /**
   * The tools served (`--read-only`, `--tools`, `--toolsets` and their
   * `SHIPTRACK_MCP_*` variables), checked: every name is a tool or toolset.
   */
  selection: ToolSelection;
}

/** The `--help` text. */
export const USAGE = `Usage: shiptrack-mcp [--mock] [--mirror <dir|postgres-url>] [--read-only] [--tools a,b] [--toolsets a,b]

An MCP server (stdio) for the Shipment and Container Tracking Service.
Add it to an MCP client (Claude Desktop, Cursor, Claude Code, Codex, VS Code)
as the command "npx -y @shiptrack/mcp".

  --mock                   serve an embedded mock service with demo data (no API key, no network)
  --mirror <dir|url>       answer lists and searches from a @shiptrack/mirror database: a PGlite
                           directory or a postgres:// URL (fed by "shiptrack-mirror serve");
                           install @shiptrack/mirror next to this package for it
  --mirror-sync            also keep that mirror synced from REST in this process (every 15 min)
  --mirror-max-age <min>   get_container uses the mirror's copy up to this age (default 15)
  --confirm-tracking-requests
                           ask the user before track_container creates a tracking request
                           (they cost quota); a client without elicitation gets none made
  --read-only              serve no tool that writes: track_container is left out, so no
                           tracking request (which costs quota) can be created
  --tools <a,b>            serve these tools (with those of --toolsets; default all)
  --toolsets <a,b>         serve these toolsets: ${Object.keys(TOOLSETS).join(', ')}
  --help                   show this help
  --version                print the version

Environment:
  SVC_API_TOKEN      your API key (without it the server starts, and every tool says how to set it)
  SVC_API_BASE_URL   the REST base URL, ending in /v2 (optional)
  SVC_MIRROR         the mirror, when --mirror is not given
  SVC_CONFIRM_TRACKING_REQUESTS   true: as --confirm-tracking-requests
  SHIPTRACK_MCP_READ_ONLY         true: as --read-only
  SHIPTRACK_MCP_TOOLS             as --tools, when it is not given
  SHIPTRACK_MCP_TOOLSETS          as --toolsets, when it is not given

It speaks MCP on stdout and logs to stderr.
`;

/** Thrown for a bad command line; the message says how to fix it. */
export class UsageError extends Error {
  override name = 'UsageError';
}

function minutes(value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed) || parsed < 0) {
    throw new UsageError(
      `--mirror-max-age must be a number of minutes, 0 (always REST) or more; got "${value}".`,
    );
  }
  return parsed * 60_000;
}

/** `--confirm-tracking-requests`, or else `SVC_CONFIRM_TRACKING_REQUESTS`. */
function confirmTrackingRequests(
  given: boolean,
  env: Readonly<Record<string, string | undefined>>,
): boolean {
  try {
    return (
      given ||
      readConfirmTrackingRequests(
        'SVC_CONFIRM_TRACKING_REQUESTS',
        env.SVC_CONFIRM_TRACKING_REQUESTS,
      )
    );
  } catch (cause) {
    throw new UsageError(`${(cause as Error).message} (or give --confirm-tracking-requests)`);
  }
}

function messageOf(cause: unknown): string {
  return cause instanceof Error ? cause.message : String(cause);
}

/** The tools to serve; a bad selection stops the start (see {@link readToolSelection}). */
function selection(
  values: { 'read-only': boolean; tools?: string[]; toolsets?: string[] },
  env: Readonly<Record<string, string | undefined>>,
): ToolSelection {
  try {
    return readToolSelection(
      { readOnly: values['read-only'], tools: values.tools, toolsets: values.toolsets },
      {
        readOnly: 'SHIPTRACK_MCP_READ_ONLY',
        tools: 'SHIPTRACK_MCP_TOOLS',
        toolsets: 'SHIPTRACK_MCP_TOOLSETS',
      },
      env,
    );
  } catch (cause) {
    throw new UsageError(`${messageOf(cause)} (see --help)`);
  }
}

/**
 * Parses the command line; `env` gives `SVC_MIRROR`, `SVC_CONFIRM_TRACKING_REQUESTS`
 * and the `SHIPTRACK_MCP_*` tool selection.
 */
export function parseCli(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): CliOptions {
  let values: ReturnType<typeof parse>['values'];
  try {
    ({ values } = parse(argv));
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)} (see --help)`);
  }
  const mirror = (values.mirror ?? env.SVC_MIRROR)?.trim() || undefined;
  if (mirror === undefined && (values['mirror-sync'] || values['mirror-max-age'] !== undefined)) {
    throw new UsageError(
      '--mirror-sync and --mirror-max-age apply to a mirror: give --mirror <dir|postgres-url> (or SVC_MIRROR).',
    );
  }
  return {
    mock: values.mock,
    help: values.help,
    version: values.version,
    mirror,
    mirrorSync: values['mirror-sync'],
    mirrorMaxAgeMs: minutes(values['mirror-max-age']),
    confirmTrackingRequests: confirmTrackingRequests(values['confirm-tracking-requests'], env),
    selection: selection(values, env),
  };
}

function parse(argv: readonly string[]) {
  return parseArgs({
    args: [...argv],
    options: {
      mock: { type: 'boolean', default: false },
      mirror: { type: 'string' },
      'mirror-sync': { type: 'boolean', default: false },
      'mirror-max-age': { type: 'string' },
      'confirm-tracking-requests': { type: 'boolean', default: false },
      'read-only': { type: 'boolean', default: false },
      tools: { type: 'string', multiple: true },
      toolsets: { type: 'string', multiple: true },
      help: { type: 'boolean', short: 'h', default: false },
      version: { type: 'boolean', short: 'v', default: false },
    },
    strict: true,
    allowPositionals: false,
  });
}
