import { parseArgs } from 'node:util';

/** What the command line asked for. */
export type CliCommand =
  | { command: 'help' }
  | {
      command: 'serve';
      database: string;
      secret: string;
      host: string;
      port: number;
      path: string;
      requestTimeoutMs?: number;
      shutdownTimeoutMs?: number;
    }
  | { command: 'sync'; database: string; share: number; intervalSeconds: number | null }
  | { command: 'status'; database: string };

/** The help text, for the program called `name` (`shiptrack-mirror`, or `shiptrack mirror`). */
export const usage = (name: string): string => `Usage: ${name} <command> [options]

Commands:
  serve    receive webhook deliveries into the mirror (POST <path>, GET /health)
  sync     backfill and reconcile from REST (SVC_API_TOKEN, SVC_API_BASE_URL)
  status   print what the mirror holds and how fresh it is (JSON)

Options:
  --database <dir|url>     PGlite directory or postgres:// URL (env SHIPTRACK_MIRROR_DATABASE)
  --webhook-secret <s>     serve: the webhook secret (prefer env SVC_WEBHOOK_SECRET: argv is visible to ps)
  --host <host>            serve: interface, default 127.0.0.1
  --port <n>               serve: port, default 8080 (0 picks a free one)
  --path <path>            serve: delivery path, default /webhooks
  --request-timeout-ms <n> serve: time a client has to send a whole request, default 30000
  --shutdown-timeout-ms <n> serve: on SIGINT/SIGTERM, time deliveries in flight get, default 10000
  --rate-limit-share <x>   sync: share of the rate limit, default 0.5
  --interval <seconds>     sync: run again every so many seconds until SIGINT/SIGTERM
  -h, --help               this text
`;

/** A command line that cannot be run; the message says what to change. */
export class CliUsageError extends Error {
  override name = 'CliUsageError';
}

function number(name: string, value: string | undefined, fallback: number): number {
  if (value === undefined) return fallback;
  const parsed = Number(value);
  if (value.trim() === '' || !Number.isFinite(parsed)) {
    throw new CliUsageError(`--${name} must be a number, got ${JSON.stringify(value)}.`);
  }
  return parsed;
}

/** A time option in whole milliseconds above 0, or `undefined` when not given. */
function milliseconds(name: string, value: string | undefined): number | undefined {
  if (value === undefined) return undefined;
  const ms = number(name, value, 0);
  if (!(Number.isInteger(ms) && ms > 0)) {
    throw new CliUsageError(`--${name} must be a whole number of milliseconds above 0, got ${ms}.`);
  }
  return ms;
}

/** Reads argv (without node and the script) and the environment. */
export function parseCli(argv: readonly string[], env: NodeJS.ProcessEnv): CliCommand {
  const { values, positionals } = parseArgs({
    args: [...argv],
    allowPositionals: true,
    strict: true,
    options: {
      database: { type: 'string' },
      'webhook-secret': { type: 'string' },
      host: { type: 'string' },
      port: { type: 'string' },
      path: { type: 'string' },
      'request-timeout-ms': { type: 'string' },
      'shutdown-timeout-ms': { type: 'string' },
      'rate-limit-share': { type: 'string' },
      interval: { type: 'string' },
      help: { type: 'boolean', short: 'h' },
    },
  });
  const [command, ...extra] = positionals;
  if (values.help === true || command === undefined || command === 'help')
    return { command: 'help' };
  if (extra.length > 0) throw new CliUsageError(`Unexpected argument ${extra.join(' ')}.`);
  const database = values.database ?? env.SHIPTRACK_MIRROR_DATABASE;
  if (database === undefined || database.trim() === '') {
    throw new CliUsageError(
      'Say where the mirror is: --database <dir|postgres://...> or SHIPTRACK_MIRROR_DATABASE.',
    );
  }
  switch (command) {
    case 'serve': {
      const secret = values['webhook-secret'] ?? env.SVC_WEBHOOK_SECRET;
      if (secret === undefined || secret === '') {
        throw new CliUsageError(
          'serve verifies deliveries: set SVC_WEBHOOK_SECRET (or --webhook-secret) to the webhook secret.',
        );
      }
      const port = number('port', values.port, 8080);
      if (!Number.isInteger(port) || port < 0 || port > 65_535) {
        throw new CliUsageError(`--port must be 0 to 65535, got ${port}.`);
      }
      const path = values.path ?? '/webhooks';
      if (!path.startsWith('/')) throw new CliUsageError(`--path must start with /, got ${path}.`);
      const requestTimeoutMs = milliseconds('request-timeout-ms', values['request-timeout-ms']);
      const shutdownTimeoutMs = milliseconds('shutdown-timeout-ms', values['shutdown-timeout-ms']);
      return {
        command,
        database,
        secret,
        host: values.host ?? '127.0.0.1',
        port,
        path,
        ...(requestTimeoutMs === undefined ? {} : { requestTimeoutMs }),
        ...(shutdownTimeoutMs === undefined ? {} : { shutdownTimeoutMs }),
      };
    }
    case 'sync': {
      const interval =
        values.interval === undefined ? null : number('interval', values.interval, 0);
      if (interval !== null && !(interval > 0)) {
        throw new CliUsageError(`--interval must be a number of seconds above 0, got ${interval}.`);
      }
      return {
        command,
        database,
        share: number('rate-limit-share', values['rate-limit-share'], 0.5),
        intervalSeconds: interval,
      };
    }
    case 'status':
      return { command, database };
    default:
      throw new CliUsageError(
        `Unknown command ${command}; the commands are serve, sync and status.`,
      );
  }
}
