/**
 * Every setting of `shiptrack-mirror`: its flag and its variable, by the
 * rule of docs/decisions/0014-one-name-per-setting.md (`SVC_MIRROR_` and
 * the flag's name; `LOG_LEVEL` and `LOG_FORMAT` shared by every bin), and
 * the names read before the rule, for one release. The parser, `--help`
 * and `--print-config` are made from this one table.
 */
import {
  type CommandLineSpec,
  logSettingSpecs,
  metricsSettingSpecs,
  type SettingSpec,
  type SubcommandSpec,
} from '@shiptrack/ops';

/** The prefix of this bin's variables. */
export const ENV_PREFIX = 'SVC_MIRROR_';

/**
 * The settings, in the order `--help` and `--print-config` show them. A
 * setting with `commands` is a flag of those subcommands only (`serve
 * --port`); one without is a flag of every command (`--database`).
 */
export const SETTINGS: readonly SettingSpec[] = [
  {
    name: 'database',
    form: 'value',
    placeholder: '<dir|url>',
    legacyEnv: ['SHIPTRACK_MIRROR_DATABASE'],
    summary: 'PGlite directory or postgres:// URL (required)',
  },
  {
    name: 'schema',
    form: 'value',
    placeholder: '<name>',
    defaultText: "the server's search_path (public)",
    summary: 'PostgreSQL schema of the tables (created when missing)',
  },
  {
    name: 'migrate',
    form: 'negation',
    defaultText: 'true',
    summary: 'do not apply migrations; refuse to start on an old schema (run `migrate`)',
    commands: ['serve', 'sync', 'status'],
  },
  {
    name: 'dry-run',
    form: 'switch',
    defaultText: 'false',
    summary: 'print the SQL the migrations would run, and change nothing',
    commands: ['migrate'],
  },
  {
    name: 'webhook-secret',
    form: 'value',
    placeholder: '<s>',
    secret: true,
    legacyEnv: ['SVC_WEBHOOK_SECRET'],
    summary: 'the webhook secret (prefer the variable: argv is visible to ps)',
    commands: ['serve'],
  },
  {
    name: 'host',
    form: 'value',
    placeholder: '<addr>',
    defaultText: '127.0.0.1',
    summary: 'interface to listen on',
    commands: ['serve'],
  },
  {
    name: 'port',
    form: 'value',
    placeholder: '<n>',
    defaultText: '8080',
    summary: 'port (0 picks a free one)',
    commands: ['serve'],
    integer: { min: 0, max: 65_535 },
  },
  {
    name: 'path',
    form: 'value',
    placeholder: '<path>',
    defaultText: '/webhooks',
    urlPath: true,
    summary: 'delivery path',
    commands: ['serve'],
  },
  {
    name: 'request-timeout-ms',
    form: 'value',
    placeholder: '<n>',
    defaultText: '30000',
    summary: 'time a client has to send a whole request',
    commands: ['serve'],
    integer: { min: 1 },
  },
  {
    name: 'shutdown-timeout-ms',
    form: 'value',
    placeholder: '<n>',
    defaultText: '10000',
    summary: 'on SIGINT/SIGTERM, how long deliveries in flight get before connections close',
    commands: ['serve'],
    integer: { min: 1 },
  },
  ...metricsSettingSpecs('the delivery port of serve (anyone who can deliver can read them)', [
    'serve',
    'sync',
  ]),
  {
    name: 'drain-delay-ms',
    form: 'value',
    placeholder: '<n>',
    defaultText: '0',
    summary: 'on SIGTERM, answer /readyz 503 this long before refusing connections',
    commands: ['serve'],
    integer: { min: 0 },
  },
  {
    name: 'rate-limit-share',
    form: 'value',
    placeholder: '<x>',
    defaultText: '0.5',
    summary: 'share of the rate limit',
    decimal: { above: 0, max: 1 },
    commands: ['sync'],
  },
  {
    name: 'interval',
    form: 'value',
    placeholder: '<seconds>',
    defaultText: 'once',
    summary: 'run again every so many seconds until SIGINT/SIGTERM',
    decimal: { unit: 'seconds', above: 0 },
    commands: ['sync'],
  },
  ...logSettingSpecs(['serve']),
];

/** The subcommands, as `--help` lists them. */
export const COMMANDS: readonly SubcommandSpec[] = [
  {
    name: 'serve',
    summary: 'receive webhook deliveries into the mirror (POST <path>, GET /healthz, /readyz)',
  },
  { name: 'sync', summary: 'backfill and reconcile from REST (SVC_API_TOKEN, SVC_API_BASE_URL)' },
  { name: 'status', summary: 'print what the mirror holds and how fresh it is (JSON)' },
  {
    name: 'migrate',
    summary: 'apply the migrations the database lacks (--dry-run: print their SQL)',
  },
];

/** The command line of the program called `name` (`shiptrack-mirror`, or `shiptrack mirror`). */
export function commandLine(name: string): CommandLineSpec {
  return {
    name,
    description:
      'The account in a database fed by webhooks.\nEach option has one environment variable (shown after it); a flag wins.',
    settings: SETTINGS,
    prefix: ENV_PREFIX,
    commands: COMMANDS,
    flags: [
      {
        name: 'print-config',
        summary:
          'print the effective configuration (secrets masked) and where each value came from',
      },
    ],
    epilog: [
      'Traces: the standard OTEL_* variables (OTEL_EXPORTER_OTLP_ENDPOINT, ...)',
      "send serve's spans over OTLP/HTTP.",
      '',
    ].join('\n'),
  };
}
