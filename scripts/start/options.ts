/**
 * The command line and environment of `pnpm start`: the three ports and
 * whether to log requests. A flag wins over its environment variable.
 */
import { parseArgs } from 'node:util';

/** The default ports, the same the packages' READMEs use. */
export const DEFAULT_PORTS = { mcp: 3000, mock: 4010, auth: 4020 } as const;

/** Which part of the stack a port belongs to. */
export type StackPart = keyof typeof DEFAULT_PORTS;

/** How to change each part's port: the flag and the environment variable. */
export const PORT_SETTINGS: Record<StackPart, { flag: string; env: string; what: string }> = {
  mcp: { flag: '--mcp-port', env: 'SHIPTRACK_MCP_PORT', what: 'the MCP server' },
  mock: { flag: '--mock-port', env: 'SHIPTRACK_MOCK_PORT', what: 'the mock REST service' },
  auth: { flag: '--auth-port', env: 'SHIPTRACK_AUTH_PORT', what: 'the demo authorization server' },
};

/** Help text of `pnpm start`. */
export const USAGE = `Usage: pnpm start [options]

Starts the mock tracking service with demo data, the demo OAuth authorization
server and the MCP server over them, on 127.0.0.1. Stop with Ctrl-C.

  --mcp-port <n>    MCP server port (default ${DEFAULT_PORTS.mcp})                  ${PORT_SETTINGS.mcp.env}
  --mock-port <n>   mock REST service port (default ${DEFAULT_PORTS.mock})          ${PORT_SETTINGS.mock.env}
  --auth-port <n>   authorization server port (default ${DEFAULT_PORTS.auth})       ${PORT_SETTINGS.auth.env}
                    (0 picks a free port)
  --quiet           no line per MCP request on stderr
  --help
`;

/** Thrown for a bad command line; the message says how to fix it. */
export class StartUsageError extends Error {
  override name = 'StartUsageError';
}

/** What `pnpm start` was asked to do. */
export interface StartOptions {
  help: boolean;
  ports: Record<StackPart, number>;
  /** Whether to write a line per MCP request to stderr. */
  logRequests: boolean;
}

function port(part: StackPart, flag: string | undefined, env: NodeJS.ProcessEnv): number {
  const { flag: name, env: variable } = PORT_SETTINGS[part];
  const given = flag ?? env[variable];
  if (given === undefined || given === '') return DEFAULT_PORTS[part];
  const parsed = Number(given);
  if (!Number.isInteger(parsed) || parsed < 0 || parsed > 65_535) {
    throw new StartUsageError(
      `${flag === undefined ? variable : name} must be a port from 0 to 65535; got "${given}".`,
    );
  }
  return parsed;
}

/** Parses `argv` (after the script) with `env` as the fallback. */
export function parseStartOptions(argv: string[], env: NodeJS.ProcessEnv): StartOptions {
  let values: ReturnType<typeof parse>['values'];
  try {
    // `pnpm start -- --mcp-port 0` passes the `--` through.
    ({ values } = parse(argv.filter((arg) => arg !== '--')));
  } catch (cause) {
    throw new StartUsageError((cause as Error).message);
  }
  return {
    help: values.help,
    ports: {
      mcp: port('mcp', values['mcp-port'], env),
      mock: port('mock', values['mock-port'], env),
      auth: port('auth', values['auth-port'], env),
    },
    logRequests: !values.quiet,
  };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      'mcp-port': { type: 'string' },
      'mock-port': { type: 'string' },
      'auth-port': { type: 'string' },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
    },
    strict: true,
  });
}
