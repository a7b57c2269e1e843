/**
 * The command line of `shiptrack-mock`: its usage text and the parsing of
 * its options into what `startMockServer` takes. A bad option is a
 * {@link UsageError} whose message says how to fix it.
 */
import { type ParseArgsConfig, parseArgs } from 'node:util';
// Bundled into the bin (a dev dependency): only this function of it, no logger or telemetry.
import { parseArgsMessage } from '@shiptrack/ops';
import type { ClockMode } from '../engine/clock.js';
import { type DatasetName, isDatasetName } from '../engine/datasets.js';
import {
  BUCKET_NAMES,
  type BucketOverride,
  isBucketName,
  type RateLimitSettings,
} from '../engine/rate-limiter.js';
import { isControlTokenForm, parseAllowedHosts } from '../http/network-guard.js';
import { journalLimits } from '../journal/journal.js';
import type { JournalLimits } from '../journal/types.js';

/** The usage text (`--help`, and after a bad option). */
export const USAGE = `Usage: shiptrack-mock [options]

  --port <n>             port to listen on (default 4010; 0 picks a free one)
  --host <addr>          interface to bind (default 127.0.0.1; never expose the mock publicly)
  --allowed-host <name>  also answer for this Host name (repeatable or comma-separated; * for any);
                         loopback names always; env SVC_MOCK_ALLOWED_HOSTS
  --control-token <t>    require this token on /_mock/* (X-Mock-Control-Token or Authorization: Bearer);
                         env SVC_MOCK_CONTROL_TOKEN; default: a random one printed at start when
                         --host is not loopback, none on loopback
  --require-control-token  make a random control token on loopback too
  --api-key <key>        also accept this API key for the demo account (repeatable)
  --clock real|manual    real time (default) or time that only moves with POST /_mock/clock/advance
  --seed demo|empty      start with the demo data (default) or accounts only
  --rate-limits on|off   the spec's rate limits (default on), or none at all
  --rate-limit <bucket>=<limit>[/<window>]
                         override one bucket (repeatable), e.g. default=100/2s, refresh_container=1000;
                         window in s (default unit), ms or m; buckets: ${BUCKET_NAMES.join(', ')}
  --request-timeout <s>  seconds a client may take to send a whole request (default 30; then 408)
  --ready-file <path>    once listening, write the JSON line to this file (atomically; removed on exit)
  --journal-file <path>  on exit, write every account's request journal to this file as NDJSON
  --journal-max-entries <n>  requests kept in each account's journal (default 1000; oldest go first)
  --journal-max-bytes <n>    bytes of bodies, headers and paths kept per account (default 8388608, min 65536)
  --verbose              also log routine events, such as clients closing connections early
  --help                 show this help

  shiptrack-mock proxy --target <url>   a validating proxy to the real service instead (see proxy --help)
`;

/** Thrown for a bad command line; the message says how to fix it. */
export class UsageError extends Error {
  override name = 'UsageError';
}

/** The parsed command line. */
export interface CliOptions {
  port: number;
  host: string;
  /** Host names served beside the loopback ones (`--allowed-host`, `SVC_MOCK_ALLOWED_HOSTS`). */
  allowedHosts: string[];
  /** `--control-token` / `SVC_MOCK_CONTROL_TOKEN`, `true` for `--require-control-token`, else undefined. */
  controlToken: string | true | undefined;
  apiKeys: string[];
  clock: ClockMode;
  seed: DatasetName;
  rateLimits: RateLimitSettings;
  readyFile: string | undefined;
  /** `--journal-file`: where the journal goes on exit. */
  journalFile: string | undefined;
  /** `--journal-max-entries` and `--journal-max-bytes`, when given. */
  journal: Partial<JournalLimits>;
  /** `--request-timeout` in ms: how long a client may take to send a request. */
  requestTimeoutMs: number;
  verbose: boolean;
  help: boolean;
}

const WINDOW_UNITS: Readonly<Record<string, number>> = { ms: 0.001, s: 1, m: 60, '': 1 };

/** One `--rate-limit` value: `default=100`, `default=100/2s`, `default=100/500ms`. */
function parseRateLimit(text: string): [string, BucketOverride] {
  const match = /^([a-z_]+)=(\d+)(?:\/(\d+(?:\.\d+)?)(ms|s|m)?)?$/.exec(text);
  const name = match?.[1];
  if (match === null || name === undefined) {
    throw new UsageError(
      `--rate-limit must look like <bucket>=<limit> or <bucket>=<limit>/<window>, e.g. default=100/2s; got "${text}".`,
    );
  }
  if (!isBucketName(name)) {
    throw new UsageError(
      `--rate-limit names an unknown bucket "${name}"; the buckets are ${BUCKET_NAMES.join(', ')}.`,
    );
  }
  const limit = Number(match[2]);
  if (limit < 1) throw new UsageError(`--rate-limit ${name}: the limit must be 1 or more.`);
  if (match[3] === undefined) return [name, { limit }];
  const windowSeconds = Number(match[3]) * (WINDOW_UNITS[match[4] ?? ''] ?? 1);
  if (windowSeconds <= 0) throw new UsageError(`--rate-limit ${name}: the window must be > 0.`);
  return [name, { limit, windowSeconds }];
}

function parseRateLimits(mode: string, overrides: readonly string[]): RateLimitSettings {
  if (mode !== 'on' && mode !== 'off') {
    throw new UsageError(`--rate-limits must be "on" or "off"; got "${mode}".`);
  }
  if (mode === 'off') {
    if (overrides.length > 0) {
      throw new UsageError('--rate-limit cannot be combined with --rate-limits off; drop one.');
    }
    return false;
  }
  if (overrides.length === 0) return true;
  return Object.fromEntries(overrides.map(parseRateLimit));
}

/** `--journal-max-entries` and `--journal-max-bytes`: whole numbers, checked as the option is. */
function journalOptions(
  entries: string | undefined,
  bytes: string | undefined,
): Partial<JournalLimits> {
  const read = (flag: string, text: string): number => {
    if (!/^\d+$/.test(text)) throw new UsageError(`${flag} must be a whole number; got "${text}".`);
    return Number(text);
  };
  const limits: { -readonly [K in keyof JournalLimits]?: number } = {};
  if (entries !== undefined) limits.maxEntries = read('--journal-max-entries', entries);
  if (bytes !== undefined) limits.maxBytes = read('--journal-max-bytes', bytes);
  try {
    journalLimits(limits);
  } catch (error) {
    throw new UsageError(
      // journalLimits throws only TypeErrors.
      (error as Error).message
        .replace('journal.maxEntries', '--journal-max-entries')
        .replace('journal.maxBytes', '--journal-max-bytes'),
    );
  }
  return limits;
}

/** The environment variables the CLI reads. */
export interface CliEnvironment {
  readonly SVC_MOCK_ALLOWED_HOSTS?: string | undefined;
  readonly SVC_MOCK_CONTROL_TOKEN?: string | undefined;
}

/** Comma-separated lists, flags first, then the variable when no flag was given. */
function hostList(flags: readonly string[], variable: string | undefined): string[] {
  const values = flags.length > 0 ? flags : variable === undefined ? [] : [variable];
  return values.flatMap((value) => value.split(',').map((name) => name.trim())).filter(Boolean);
}

function controlTokenOf(
  flag: string | undefined,
  variable: string | undefined,
  required: boolean,
): string | true | undefined {
  const token = flag ?? (variable === '' ? undefined : variable);
  if (token !== undefined && !isControlTokenForm(token)) {
    throw new UsageError(
      `--control-token (or SVC_MOCK_CONTROL_TOKEN) must be 16 or more printable characters without spaces, e.g. $(openssl rand -hex 24).`,
    );
  }
  return token ?? (required ? true : undefined);
}

/** The options of `shiptrack-mock`, as `parseArgs` reads them. */
const OPTIONS = {
  port: { type: 'string', default: '4010' },
  host: { type: 'string', default: '127.0.0.1' },
  'allowed-host': { type: 'string', multiple: true, default: [] },
  'control-token': { type: 'string' },
  'require-control-token': { type: 'boolean', default: false },
  'api-key': { type: 'string', multiple: true, default: [] },
  clock: { type: 'string', default: 'real' },
  seed: { type: 'string', default: 'demo' },
  'rate-limits': { type: 'string', default: 'on' },
  'rate-limit': { type: 'string', multiple: true, default: [] },
  'ready-file': { type: 'string' },
  'journal-file': { type: 'string' },
  'journal-max-entries': { type: 'string' },
  'journal-max-bytes': { type: 'string' },
  'request-timeout': { type: 'string', default: '30' },
  verbose: { type: 'boolean', default: false },
  help: { type: 'boolean', default: false },
} satisfies NonNullable<ParseArgsConfig['options']>;

/**
 * Parses the arguments after `shiptrack-mock` and the variables of
 * {@link CliEnvironment} (flags win); throws a {@link UsageError}.
 */
export function parseCliOptions(argv: readonly string[], env: CliEnvironment = {}): CliOptions {
  let parsed: ReturnType<typeof parseArgs<{ options: typeof OPTIONS }>>;
  try {
    parsed = parseArgs({ args: [...argv], options: OPTIONS, strict: true });
  } catch (error) {
    // An unknown option is answered with the closest known one.
    throw new UsageError(parseArgsMessage(error, Object.keys(OPTIONS)));
  }
  const { values } = parsed;
  const port = Number(values.port);
  if (!Number.isInteger(port) || port < 0 || port > 65_535) {
    throw new UsageError(`--port must be an integer from 0 to 65535; got "${values.port}".`);
  }
  if (values.clock !== 'real' && values.clock !== 'manual') {
    throw new UsageError(`--clock must be "real" or "manual"; got "${values.clock}".`);
  }
  if (!isDatasetName(values.seed)) {
    throw new UsageError(`--seed must be "demo" or "empty"; got "${values.seed}".`);
  }
  for (const key of values['api-key']) {
    if (!/^\S+$/.test(key))
      throw new UsageError('--api-key values must not be empty or contain spaces.');
  }
  if (values['ready-file'] === '') throw new UsageError('--ready-file needs a path.');
  if (values['journal-file'] === '') throw new UsageError('--journal-file needs a path.');
  const journal = journalOptions(values['journal-max-entries'], values['journal-max-bytes']);
  const requestTimeoutMs = Math.round(Number(values['request-timeout']) * 1000);
  if (!/^\d+(\.\d+)?$/.test(values['request-timeout']) || requestTimeoutMs < 1) {
    throw new UsageError(
      `--request-timeout must be a number of seconds above 0, e.g. 30 or 0.5; got "${values['request-timeout']}".`,
    );
  }
  const allowedHosts = hostList(values['allowed-host'], env.SVC_MOCK_ALLOWED_HOSTS);
  try {
    parseAllowedHosts(allowedHosts);
  } catch (error) {
    throw new UsageError(
      `--allowed-host (or SVC_MOCK_ALLOWED_HOSTS): ${(error as Error).message.replace(/^allowedHosts: /, '')}`,
    );
  }
  return {
    port,
    host: values.host,
    allowedHosts,
    controlToken: controlTokenOf(
      values['control-token'],
      env.SVC_MOCK_CONTROL_TOKEN,
      values['require-control-token'],
    ),
    apiKeys: values['api-key'],
    clock: values.clock,
    seed: values.seed,
    rateLimits: parseRateLimits(values['rate-limits'], values['rate-limit']),
    readyFile: values['ready-file'],
    journalFile: values['journal-file'],
    journal,
    requestTimeoutMs,
    verbose: values.verbose,
    help: values.help,
  };
}
