/**
 * The command line and environment of `shiptrack-mcp-http`, turned into
 * server options. A flag wins over its environment variable.
 */
import { readFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import {
  checkedRequestStateOptions,
  readConfirmTrackingRequests,
  readToolSelection,
  TOOLSETS,
  type ToolSelection,
} from '@shiptrack/mcp';
import type { StartMcpHttpServerOptions } from '../node/server.js';

/** Help text of the CLI. */
export const USAGE = `Usage: shiptrack-mcp-http [options]

Serves the shiptrack MCP server over streamable HTTP at /mcp (stateless).

  --port <n>              port (default 3000; 0 picks a free one)          PORT
  --host <addr>           interface (default 127.0.0.1)                    HOST
  --public-url <url>      the MCP URL clients use (required with OAuth)    SVC_MCP_PUBLIC_URL
  --base-url <url>        REST base ending in /v2                          SVC_API_BASE_URL
  --auth-server <url>     OAuth authorization server (issuer); turns on    SVC_MCP_AUTH_SERVER_URL
                          Bearer tokens. Without it: API keys only.
  --jwks-url <url>        its JWKS (default: from its metadata)            SVC_MCP_JWKS_URL
  --scope <scope>         scope advertised and required (repeatable;       SVC_MCP_SCOPES (comma-separated)
                          default shiptrack)
  --subject-keys <file>   JSON { "<token sub>": "<API key>" } mapping      SVC_MCP_SUBJECT_KEYS_FILE
                          OAuth users to API keys
  --allowed-host <name>   host name clients use (repeatable; default:      SVC_MCP_ALLOWED_HOSTS (comma-separated)
                          loopback names on loopback, else the public URL's)
  --allowed-origin <o>    browser origin allowed (repeatable)              SVC_MCP_ALLOWED_ORIGINS (comma-separated)
  --max-body-bytes <n>    largest request body (default 1048576)
  --rest-timeout-ms <n>   time limit of each REST call (default 15000)
  --request-timeout-ms <n>
                          time limit for a client to send a whole request
                          (default 30000)
  --redis-url <url>       Redis for what N instances share: rate limits,   SVC_MCP_REDIS_URL
                          tasks, container subscriptions and the events of
                          SSE answers, so a broken answer resumes on any
                          instance (redis:// or rediss://; default: this
                          process only)
  --sse-retry-ms <n>      the SSE retry interval sent with each answer's   SVC_MCP_SSE_RETRY_MS
                          priming event: how long a client waits before
                          resuming a broken answer (default 2000)
  --mirror <dir|url>      answer lists and searches of SVC_API_TOKEN's account from   SVC_MCP_MIRROR
                          a @shiptrack/mirror (PGlite directory or postgres:// URL);
                          other keys read REST
  --mirror-sync           also keep that mirror synced from REST here (every 15 min)
  --mirror-max-age <min>  get_container uses the mirror's copy up to this age (default 15)
  --confirm-tracking-requests                                              SVC_MCP_CONFIRM_TRACKING_REQUESTS
                          ask the user before each new tracking request    (true or false)
                          (they cost quota); a client that cannot be asked
                          (2025 revisions over HTTP) gets none made
  --read-only             serve no tool that writes (track_container),     SVC_MCP_READ_ONLY (true or false)
                          so no tracking request (quota) is created
  --tools <a,b>           serve these tools (with those of --toolsets;     SVC_MCP_TOOLS (comma-separated)
                          default all)
  --toolsets <a,b>        serve these toolsets (default all):              SVC_MCP_TOOLSETS (comma-separated)
                          ${Object.keys(TOOLSETS).join(', ')}
  --no-key-check          do not check API keys with the service first (tools answer the error instead)
  --no-auth               authentication off: requests without credentials use SVC_API_TOKEN
                          (one user on this machine; loopback interfaces only)
  --quiet                 no request log lines (they go to stderr as JSON)
  --help, --version

SVC_MCP_REQUEST_STATE_KEY (environment only, it is a secret): the key, at least
32 bytes, that signs the state of input-required answers; give N instances
the same one (default: from Redis with --redis-url, else random per process).

Clients authenticate with "Authorization: Token <API key>", or with OAuth
when --auth-server is set. On start it prints one JSON line to stdout:
{"url": "<MCP URL>", "health": "<health URL>", "oauth": <issuer or null>}.
`;

/** Thrown for a bad command line; the message says how to fix it. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The mirror the command opens (`--mirror`): where it lives, and how it is used. */
export interface CliMirror {
  /** A PGlite directory or a PostgreSQL URL. */
  database: string;
  /** The API key of the account it copies (`SVC_API_TOKEN`): its sync reads with it, its requests use it. */
  apiKey: string;
  /** Run its sync loop in this process. */
  sync: boolean;
  /** How old its copy of a container may be for `get_container`, in ms. */
  maxAgeMs: number | undefined;
}

/** What the command line asks for. */
export interface CliCommand {
  kind: 'serve' | 'help' | 'version';
  options: StartMcpHttpServerOptions;
  /** Whether to write request log lines. */
  log: boolean;
  /** The mirror to open, with `--mirror`. */
  mirror?: CliMirror;
}

function list(flag: string[], env: string | undefined): string[] | undefined {
  if (flag.length > 0) return flag;
  const items = env
    ?.split(',')
    .map((item) => item.trim())
    .filter(Boolean);
  return items && items.length > 0 ? items : undefined;
}

function number(name: string, value: string | undefined, min: number): number | undefined {
  if (value === undefined) return undefined;
  const parsed = Number(value);
  if (!Number.isInteger(parsed) || parsed < min) {
    throw new UsageError(`${name} must be a whole number of at least ${min}; got "${value}".`);
  }
  return parsed;
}

/** `--confirm-tracking-requests`, or else its variable. */
function confirmTrackingRequests(given: boolean, env: NodeJS.ProcessEnv): boolean {
  try {
    return (
      given ||
      readConfirmTrackingRequests(
        'SVC_MCP_CONFIRM_TRACKING_REQUESTS',
        env.SVC_MCP_CONFIRM_TRACKING_REQUESTS,
      )
    );
  } catch (cause) {
    throw new UsageError(`${(cause as Error).message} (or give --confirm-tracking-requests)`);
  }
}

/** `--read-only`, `--tools`, `--toolsets`, or else their variables; a bad selection stops the start. */
function toolSelection(
  values: ReturnType<typeof parse>['values'],
  env: NodeJS.ProcessEnv,
): ToolSelection {
  try {
    return readToolSelection(
      { readOnly: values['read-only'], tools: values.tools, toolsets: values.toolsets },
      { readOnly: 'SVC_MCP_READ_ONLY', tools: 'SVC_MCP_TOOLS', toolsets: 'SVC_MCP_TOOLSETS' },
      env,
    );
  } catch (cause) {
    // Safe: readToolSelection throws Errors only (a TypeError or a ToolSelectionError).
    throw new UsageError(`${(cause as Error).message} (see --help)`);
  }
}

/** The Redis URL, checked for its scheme only (it may hold a password: never echoed). */
function redisUrl(value: string | undefined): string | undefined {
  if (value === undefined || value.trim() === '') return undefined;
  let protocol: string;
  try {
    protocol = new URL(value).protocol;
  } catch {
    protocol = '';
  }
  if (protocol !== 'redis:' && protocol !== 'rediss:') {
    throw new UsageError(
      '--redis-url (SVC_MCP_REDIS_URL) must be a redis:// or rediss:// URL, such as redis://127.0.0.1:6379.',
    );
  }
  return value;
}

/** `SVC_MCP_REQUEST_STATE_KEY`, checked by the server's own rule at parse time (a secret: never echoed). */
function requestStateKey(value: string | undefined): { requestStateKey?: string } {
  const key = value?.trim();
  if (key === undefined || key === '') return {};
  try {
    checkedRequestStateOptions({ key });
  } catch {
    // The check's own message names the option, not the variable; neither echoes the key.
    throw new UsageError(
      'SVC_MCP_REQUEST_STATE_KEY must be at least 32 bytes; make one with `openssl rand -hex 32`.',
    );
  }
  return { requestStateKey: key };
}

function subjectKeys(file: string): Record<string, string> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(readFileSync(file, 'utf8'));
  } catch (cause) {
    throw new UsageError(
      `--subject-keys: cannot read JSON from ${file}: ${(cause as Error).message}`,
    );
  }
  const entries = typeof parsed === 'object' && parsed !== null ? Object.entries(parsed) : [];
  if (entries.length === 0 || entries.some(([, key]) => typeof key !== 'string' || key === '')) {
    throw new UsageError(
      `--subject-keys: ${file} must hold a JSON object of "<token sub>": "<API key>" strings.`,
    );
  }
  return Object.fromEntries(entries) as Record<string, string>;
}

/** The mirror of `--mirror`, checked: it needs the API key of the account it copies. */
function cliMirror(
  values: ReturnType<typeof parse>['values'],
  env: NodeJS.ProcessEnv,
): CliMirror | undefined {
  const database = (values.mirror ?? env.SVC_MCP_MIRROR)?.trim() || undefined;
  const maxAge = values['mirror-max-age'];
  if (database === undefined) {
    if (values['mirror-sync'] || maxAge !== undefined) {
      throw new UsageError(
        '--mirror-sync and --mirror-max-age apply to a mirror: give --mirror <dir|postgres-url> (or SVC_MCP_MIRROR).',
      );
    }
    return undefined;
  }
  const apiKey = env.SVC_API_TOKEN?.trim();
  if (!apiKey) {
    throw new UsageError(
      "--mirror answers the requests of one account, the one it copies: set SVC_API_TOKEN to that account's API key.",
    );
  }
  const minutes = maxAge === undefined ? undefined : Number(maxAge);
  if (
    minutes !== undefined &&
    (maxAge?.trim() === '' || !Number.isFinite(minutes) || minutes < 0)
  ) {
    throw new UsageError(
      `--mirror-max-age must be a number of minutes, 0 (always REST) or more; got "${maxAge}".`,
    );
  }
  return {
    database,
    apiKey,
    sync: values['mirror-sync'],
    maxAgeMs: minutes === undefined ? undefined : minutes * 60_000,
  };
}

/** Parses `argv` (without node and the script) with `env` as the fallback. */
export function parseCommand(argv: string[], env: NodeJS.ProcessEnv): CliCommand {
  let values: ReturnType<typeof parse>['values'];
  try {
    ({ values } = parse(argv));
  } catch (cause) {
    throw new UsageError((cause as Error).message);
  }
  if (values.help) return { kind: 'help', options: {}, log: false };
  if (values.version) return { kind: 'version', options: {}, log: false };
  const port = number('--port', values.port ?? env.PORT, 0) ?? 3000;
  if (port > 65_535) throw new UsageError(`--port must be at most 65535; got ${port}.`);
  const issuer = values['auth-server'] ?? env.SVC_MCP_AUTH_SERVER_URL;
  const keysFile = values['subject-keys'] ?? env.SVC_MCP_SUBJECT_KEYS_FILE;
  if (keysFile !== undefined && issuer === undefined) {
    throw new UsageError('--subject-keys maps OAuth users to keys: it needs --auth-server.');
  }
  const localApiKey = values['no-auth'] ? env.SVC_API_TOKEN?.trim() : undefined;
  if (values['no-auth'] && !localApiKey) {
    throw new UsageError(
      '--no-auth serves every request with SVC_API_TOKEN: set it to your API key.',
    );
  }
  if (values['no-auth'] && issuer !== undefined) {
    throw new UsageError(
      '--no-auth turns authentication off: it cannot be combined with --auth-server.',
    );
  }
  const jwksUri = values['jwks-url'] ?? env.SVC_MCP_JWKS_URL;
  const redis = redisUrl(values['redis-url'] ?? env.SVC_MCP_REDIS_URL);
  const scopes = list(values.scope, env.SVC_MCP_SCOPES);
  const options: StartMcpHttpServerOptions = {
    port,
    host: values.host ?? env.HOST ?? '127.0.0.1',
    publicUrl: values['public-url'] ?? env.SVC_MCP_PUBLIC_URL,
    baseUrl: values['base-url'] ?? env.SVC_API_BASE_URL,
    allowedHosts: list(values['allowed-host'], env.SVC_MCP_ALLOWED_HOSTS),
    allowedOrigins: list(values['allowed-origin'], env.SVC_MCP_ALLOWED_ORIGINS),
    maxBodyBytes: number('--max-body-bytes', values['max-body-bytes'], 1),
    restTimeoutMs: number('--rest-timeout-ms', values['rest-timeout-ms'], 1),
    requestTimeoutMs: number('--request-timeout-ms', values['request-timeout-ms'], 1),
    sseRetryMs: number('--sse-retry-ms', values['sse-retry-ms'] ?? env.SVC_MCP_SSE_RETRY_MS, 1),
    verifyApiKeys: !values['no-key-check'],
    confirmTrackingRequests: confirmTrackingRequests(values['confirm-tracking-requests'], env),
    ...toolSelection(values, env),
    ...(redis === undefined ? {} : { redisUrl: redis }),
    ...requestStateKey(env.SVC_MCP_REQUEST_STATE_KEY),
    ...(localApiKey === undefined ? {} : { localApiKey }),
    ...(issuer === undefined
      ? {}
      : {
          oauth: {
            issuer,
            ...(jwksUri === undefined ? {} : { jwksUri }),
            ...(scopes === undefined ? {} : { scopes }),
            ...(keysFile === undefined ? {} : { subjectKeys: subjectKeys(keysFile) }),
          },
        }),
  };
  const mirror = cliMirror(values, env);
  return { kind: 'serve', options, log: !values.quiet, ...(mirror ? { mirror } : {}) };
}

function parse(argv: string[]) {
  return parseArgs({
    args: argv,
    options: {
      port: { type: 'string' },
      host: { type: 'string' },
      'public-url': { type: 'string' },
      'base-url': { type: 'string' },
      'auth-server': { type: 'string' },
      'jwks-url': { type: 'string' },
      scope: { type: 'string', multiple: true, default: [] },
      'subject-keys': { type: 'string' },
      'allowed-host': { type: 'string', multiple: true, default: [] },
      'allowed-origin': { type: 'string', multiple: true, default: [] },
      'max-body-bytes': { type: 'string' },
      'rest-timeout-ms': { type: 'string' },
      'request-timeout-ms': { type: 'string' },
      'redis-url': { type: 'string' },
      'sse-retry-ms': { type: 'string' },
      mirror: { type: 'string' },
      'mirror-sync': { type: 'boolean', default: false },
      'mirror-max-age': { type: 'string' },
      'confirm-tracking-requests': { type: 'boolean', default: false },
      'read-only': { type: 'boolean', default: false },
      tools: { type: 'string', multiple: true },
      toolsets: { type: 'string', multiple: true },
      'no-key-check': { type: 'boolean', default: false },
      'no-auth': { type: 'boolean', default: false },
      quiet: { type: 'boolean', default: false },
      help: { type: 'boolean', default: false },
      version: { type: 'boolean', default: false },
    },
    strict: true,
  });
}
