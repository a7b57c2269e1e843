import { parseArgs } from 'node:util';

/** What the command line asks for. */
export interface CliOptions {
  mock: boolean;
  help: boolean;
  version: boolean;
}

/** The `--help` text. */
export const USAGE = `Usage: shiptrack-mcp [--mock] [--help] [--version]

An MCP server (stdio) for the Shipment and Container Tracking Service.
Add it to an MCP client (Claude Desktop, Cursor, Claude Code, Codex, VS Code)
as the command "npx -y @shiptrack/mcp".

  --mock      serve an embedded mock service with demo data (no API key, no network)
  --help      show this help
  --version   print the version

Environment:
  SVC_API_TOKEN      your API key (without it the server starts, and every tool says how to set it)
  SVC_API_BASE_URL   the REST base URL, ending in /v2 (optional)

It speaks MCP on stdout and logs to stderr.
`;

/** Thrown for a bad command line; the message says how to fix it. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** Parses the command line. */
export function parseCli(argv: readonly string[]): CliOptions {
  try {
    const { values } = parseArgs({
      args: [...argv],
      options: {
        mock: { type: 'boolean', default: false },
        help: { type: 'boolean', short: 'h', default: false },
        version: { type: 'boolean', short: 'v', default: false },
      },
      strict: true,
      allowPositionals: false,
    });
    return { mock: values.mock, help: values.help, version: values.version };
  } catch (error) {
    throw new UsageError(`${error instanceof Error ? error.message : String(error)} (see --help)`);
  }
}
