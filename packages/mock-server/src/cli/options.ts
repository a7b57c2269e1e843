/**
 * The command line of `shiptrack-mock` (and of its `proxy`), read from its
 * settings table into what `startMockServer` takes. A bad option is a
 * {@link UsageError} whose message says how to fix it.
 */
// Bundled into the bin (a dev dependency): the settings part only, no logger or telemetry.
import {
  booleanSetting,
  choiceSetting,
  decimalSetting,
  integerSetting,
  type LegacyNameUse,
  listSetting,
  parseCommandLine,
  type ResolvedSettings,
  resolveSettings,
  stringSetting,
  UsageError,
} from '@shiptrack/ops';
import type { ClockMode } from '../engine/clock.js';
import type { DatasetName } from '../engine/datasets.js';
import {
  BUCKET_NAMES,
  type BucketOverride,
  isBucketName,
  type RateLimitSettings,
} from '../engine/rate-limiter.js';
import { isControlTokenForm, parseAllowedHosts } from '../http/network-guard.js';
import { journalLimits } from '../journal/journal.js';
import type { JournalLimits } from '../journal/types.js';
import { type ProxyCliOptions, proxyOptions } from './proxy-options.js';
import {
  CLOCK_MODES,
  COMMAND_LINE,
  PROXY_COMMAND_LINE,
  RATE_LIMIT_MODES,
  SEEDS,
} from './settings.js';

/** The parsed command line. */
export interface CliOptions {
  port: number;
  host: string;
  /** Host names served beside the loopback ones (`--allowed-host`, `SVC_MOCK_ALLOWED_HOST`). */
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

function parseRateLimits(mode: 'on' | 'off', overrides: readonly string[]): RateLimitSettings {
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

/** The items of a list setting, each item split at commas too (`--allowed-host a,b`). */
function commaList(settings: ResolvedSettings, name: string): string[] {
  return (listSetting(settings, name) ?? [])
    .flatMap((value) => value.split(',').map((item) => item.trim()))
    .filter(Boolean);
}

function controlTokenOf(token: string | undefined, required: boolean): string | true | undefined {
  if (token !== undefined && !isControlTokenForm(token)) {
    throw new UsageError(
      `--control-token (or SVC_MOCK_CONTROL_TOKEN) must be 16 or more printable characters without spaces, e.g. $(openssl rand -hex 24).`,
    );
  }
  return token ?? (required ? true : undefined);
}

/** What a command line of `shiptrack-mock` asks for. */
export type MockCommandLine =
  /** `--help`: print `text` (to stderr, as always) and exit 0. */
  | { readonly kind: 'help'; readonly text: string }
  /** Run the mock; `legacyNames`: variables read by an old name, to warn about. */
  | {
      readonly kind: 'serve';
      readonly options: CliOptions;
      readonly legacyNames: readonly LegacyNameUse[];
    }
  /** Run the validating proxy. */
  | { readonly kind: 'proxy'; readonly options: ProxyCliOptions };

/** Every setting of `table`, the flags over `env`; a variable of the wrong kind is a usage error. */
function resolved(
  table: typeof COMMAND_LINE,
  flags: Readonly<Record<string, unknown>>,
  env: Readonly<Record<string, string | undefined>>,
): ResolvedSettings {
  return resolveSettings(table.settings, table.prefix, flags, env);
}

/**
 * Parses the arguments after `shiptrack-mock` and the `SVC_MOCK_*`
 * variables (flags win); throws a {@link UsageError}.
 */
export function parseMockCommandLine(
  argv: readonly string[],
  env: Readonly<Record<string, string | undefined>> = {},
): MockCommandLine {
  const line = parseCommandLine(COMMAND_LINE, argv);
  if (line.kind !== 'run') return { kind: 'help', text: line.text };
  if (line.command === 'proxy') {
    return { kind: 'proxy', options: proxyOptions(resolved(PROXY_COMMAND_LINE, line.flags, env)) };
  }
  const settings = resolved(COMMAND_LINE, line.flags, env);
  return { kind: 'serve', options: mockOptions(settings), legacyNames: settings.legacyNames };
}

/** The options of the mock from its settings, each checked. */
function mockOptions(settings: ResolvedSettings): CliOptions {
  const text = (name: string, fallback: string) => stringSetting(settings, name) ?? fallback;
  const values = {
    'api-key': commaList(settings, 'api-key'),
    'ready-file': stringSetting(settings, 'ready-file'),
    'journal-file': stringSetting(settings, 'journal-file'),
  };
  for (const key of values['api-key']) {
    if (!/^\S+$/.test(key))
      throw new UsageError('--api-key values must not be empty or contain spaces.');
  }
  if (values['ready-file'] === '') throw new UsageError('--ready-file needs a path.');
  if (values['journal-file'] === '') throw new UsageError('--journal-file needs a path.');
  const journal = journalOptions(
    stringSetting(settings, 'journal-max-entries'),
    stringSetting(settings, 'journal-max-bytes'),
  );
  const allowedHosts = commaList(settings, 'allowed-host');
  try {
    parseAllowedHosts(allowedHosts);
  } catch (error) {
    throw new UsageError(
      `--allowed-host (or SVC_MOCK_ALLOWED_HOST): ${(error as Error).message.replace(/^allowedHosts: /, '')}`,
    );
  }
  return {
    port: integerSetting(settings, 'port') ?? 4010,
    host: text('host', '127.0.0.1'),
    allowedHosts,
    controlToken: controlTokenOf(
      stringSetting(settings, 'control-token'),
      booleanSetting(settings, 'require-control-token', false),
    ),
    apiKeys: values['api-key'],
    clock: choiceSetting(settings, 'clock', CLOCK_MODES, 'real'),
    seed: choiceSetting(settings, 'seed', SEEDS, 'demo'),
    rateLimits: parseRateLimits(
      choiceSetting(settings, 'rate-limits', RATE_LIMIT_MODES, 'on'),
      listSetting(settings, 'rate-limit') ?? [],
    ),
    readyFile: values['ready-file'],
    journalFile: values['journal-file'],
    journal,
    requestTimeoutMs: Math.round((decimalSetting(settings, 'request-timeout') ?? 30) * 1000),
    verbose: booleanSetting(settings, 'verbose', false),
  };
}
