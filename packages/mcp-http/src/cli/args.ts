/**
 * The command line and environment of `shiptrack-mcp-http`, turned into
 * server options. A flag wins over its environment variable.
 */
import { readFileSync } from 'node:fs';
import { checkedRequestStateOptions, readToolSelection, type ToolSelection } from '@shiptrack/mcp';
import {
  booleanSetting,
  decimalSetting,
  integerSetting,
  type LogSettings,
  listSetting,
  logSettings,
  metricsSettings,
  parseCommandLine,
  type ResolvedSettings,
  resolveSettings,
  stringSetting,
  UsageError,
} from '@shiptrack/ops';
import type { StartMcpHttpServerOptions } from '../node/server.js';
import { COMMAND_LINE } from './settings.js';

/** The mirror the command opens (`--mirror`): where it lives, and how it is used. */
export interface CliMirror {
  /** A PGlite directory or a PostgreSQL URL. */
  database: string;
  /** The API key of the account it copies (`SVC_API_TOKEN`): its sync reads with it, its requests use it. */
  apiKey: string;
  /** Run its sync loop in this process. */
  sync: boolean;
  /** The PostgreSQL schema of its tables (`--mirror-schema`), when not the server's default. */
  schema?: string;
  /** How old its copy of a container may be for `get_container`, in ms. */
  maxAgeMs: number | undefined;
}

/** How the command logs: `--log-level` and `--log-format`, and its request records. */
export interface CliLogging extends LogSettings {
  /** Whether to write a record per request (`--quiet` turns them off). */
  requests: boolean;
}

/** What the command line asks for. */
export interface CliCommand {
  kind: 'serve' | 'help' | 'version' | 'print-config';
  /** The text of `--help` or `--version`, for those kinds. */
  text?: string;
  options: StartMcpHttpServerOptions;
  logging: CliLogging;
  /** Whether metrics are served (`--metrics-port` or `--metrics-path`). */
  metrics: boolean;
  /** The mirror to open, with `--mirror`. */
  mirror?: CliMirror;
  /** Every setting with where it came from (for `--print-config` and the old-name warnings). */
  settings: ResolvedSettings;
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
function cliMirror(settings: ResolvedSettings): CliMirror | undefined {
  const database = stringSetting(settings, 'mirror')?.trim() || undefined;
  const maxAge = decimalSetting(settings, 'mirror-max-age');
  const sync = booleanSetting(settings, 'mirror-sync', false);
  const schema = stringSetting(settings, 'mirror-schema')?.trim() || undefined;
  if (database === undefined) {
    if (sync || maxAge !== undefined || schema !== undefined) {
      throw new UsageError(
        '--mirror-sync, --mirror-max-age and --mirror-schema apply to a mirror: give --mirror <dir|postgres-url> (or SVC_MCP_MIRROR).',
      );
    }
    return undefined;
  }
  if (schema !== undefined && !/^postgres(ql)?:\/\//i.test(database)) {
    throw new UsageError(
      '--mirror-schema is for a PostgreSQL mirror: give --mirror a postgres:// URL, or leave --mirror-schema out.',
    );
  }
  const apiKey = stringSetting(settings, 'api-token')?.trim();
  if (!apiKey) {
    throw new UsageError(
      "--mirror answers the requests of one account, the one it copies: set SVC_API_TOKEN to that account's API key.",
    );
  }
  return {
    database,
    ...(schema === undefined ? {} : { schema }),
    apiKey,
    sync,
    maxAgeMs: maxAge === undefined ? undefined : maxAge * 60_000,
  };
}

/** How the command logs, from `--log-level`, `--log-format` and `--quiet`. */
function logging(settings: ResolvedSettings): CliLogging {
  return { ...logSettings(settings), requests: !booleanSetting(settings, 'quiet', false) };
}

/** Where metrics are served, and the drain times. */
function operations(settings: ResolvedSettings): Partial<StartMcpHttpServerOptions> {
  const metrics = metricsSettings(settings);
  const drainDelayMs = integerSetting(settings, 'drain-delay-ms');
  const shutdownTimeoutMs = integerSetting(settings, 'shutdown-timeout-ms');
  return {
    ...(metrics === null ? {} : { metricsHost: metrics.host, metricsPath: metrics.path }),
    ...(metrics?.port === undefined ? {} : { metricsPort: metrics.port }),
    ...(drainDelayMs === undefined ? {} : { drainDelayMs }),
    ...(shutdownTimeoutMs === undefined ? {} : { shutdownTimeoutMs }),
  };
}

/** `--read-only`, `--tools`, `--toolsets` (or their variables); a bad selection stops the start. */
function toolSelection(settings: ResolvedSettings): ToolSelection {
  try {
    return readToolSelection(settings);
  } catch (cause) {
    // Safe: readToolSelection throws a ToolSelectionError only.
    throw new UsageError((cause as Error).message);
  }
}

/**
 * Parses `argv` (without node and the script) with `env` as the fallback;
 * throws a `UsageError` (exit 2) for what cannot run.
 */
export function parseCommand(argv: string[], env: NodeJS.ProcessEnv): CliCommand {
  const line = parseCommandLine(COMMAND_LINE, argv);
  const values = line.kind === 'run' ? line.flags : {};
  const settings = resolveSettings(COMMAND_LINE.settings, COMMAND_LINE.prefix, values, env);
  const plain = { options: {}, logging: logging(settings), metrics: false, settings };
  if (line.kind !== 'run') return { kind: line.kind, text: line.text, ...plain };
  const port = integerSetting(settings, 'port') ?? 3000;
  const issuer = stringSetting(settings, 'auth-server');
  const keysFile = stringSetting(settings, 'subject-keys');
  if (keysFile !== undefined && issuer === undefined) {
    throw new UsageError('--subject-keys maps OAuth users to keys: it needs --auth-server.');
  }
  const noAuth = !booleanSetting(settings, 'auth', true);
  const localApiKey = noAuth ? stringSetting(settings, 'api-token')?.trim() : undefined;
  if (noAuth && !localApiKey) {
    throw new UsageError(
      '--no-auth serves every request with SVC_API_TOKEN: set it to your API key.',
    );
  }
  if (noAuth && issuer !== undefined) {
    throw new UsageError(
      '--no-auth turns authentication off: it cannot be combined with --auth-server.',
    );
  }
  const jwksUri = stringSetting(settings, 'jwks-url');
  const redis = redisUrl(stringSetting(settings, 'redis-url'));
  const scopes = listSetting(settings, 'scope');
  const extra = operations(settings);
  const options: StartMcpHttpServerOptions = {
    port,
    host: stringSetting(settings, 'host') ?? '127.0.0.1',
    publicUrl: stringSetting(settings, 'public-url'),
    baseUrl: stringSetting(settings, 'base-url'),
    allowedHosts: listSetting(settings, 'allowed-host'),
    allowedOrigins: listSetting(settings, 'allowed-origin'),
    maxBodyBytes: integerSetting(settings, 'max-body-bytes'),
    restTimeoutMs: integerSetting(settings, 'rest-timeout-ms'),
    requestTimeoutMs: integerSetting(settings, 'request-timeout-ms'),
    sseRetryMs: integerSetting(settings, 'sse-retry-ms'),
    verifyApiKeys: booleanSetting(settings, 'key-check', true),
    confirmTrackingRequests: booleanSetting(settings, 'confirm-tracking-requests', false),
    ...toolSelection(settings),
    ...extra,
    ...(redis === undefined ? {} : { redisUrl: redis }),
    ...requestStateKey(stringSetting(settings, 'request-state-key')),
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
  const mirror = cliMirror(settings);
  return {
    kind: values['print-config'] === true ? 'print-config' : 'serve',
    options,
    logging: plain.logging,
    metrics: extra.metricsPort !== undefined || extra.metricsPath !== undefined,
    settings,
    ...(mirror ? { mirror } : {}),
  };
}
