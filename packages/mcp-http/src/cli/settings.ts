/**
 * Every setting of `shiptrack-mcp-http`: its flag, its variable (by the
 * rule of docs/decisions/0014-one-name-per-setting.md: `SVC_MCP_` and the
 * flag's name; shared settings keep their shared name) and the names it
 * had before the rule, read for one release. `--help`, the parser and
 * `--print-config` are made from this one table, with the settings both MCP
 * commands have from `MCP_COMMAND_SETTINGS` of `@shiptrack/mcp`.
 */
import { MCP_COMMAND_SETTINGS } from '@shiptrack/mcp';
import {
  type CommandLineSpec,
  logSettingSpecs,
  metricsSettingSpecs,
  type SettingSpec,
} from '@shiptrack/ops';
import packageJson from '../../package.json' with { type: 'json' };

/** The prefix of this bin's variables. */
export const ENV_PREFIX = 'SVC_MCP_';

/** The settings, in the order `--help` and `--print-config` show them. */
export const SETTINGS: readonly SettingSpec[] = [
  {
    name: 'port',
    form: 'value',
    placeholder: '<n>',
    legacyEnv: ['PORT', 'SHIPTRACK_MCP_PORT'],
    defaultText: '3000',
    summary: 'port (0 picks a free one)',
    integer: { min: 0, max: 65_535 },
  },
  {
    name: 'host',
    form: 'value',
    placeholder: '<addr>',
    legacyEnv: ['HOST'],
    defaultText: '127.0.0.1',
    summary: 'interface to listen on',
  },
  {
    name: 'public-url',
    form: 'value',
    placeholder: '<url>',
    summary: 'the MCP URL clients use (required with OAuth)',
  },
  {
    name: 'auth-server',
    form: 'value',
    placeholder: '<url>',
    legacyEnv: ['SVC_MCP_AUTH_SERVER_URL'],
    summary:
      'OAuth authorization server (issuer): turns on Bearer tokens; without it, API keys only',
  },
  {
    name: 'jwks-url',
    form: 'value',
    placeholder: '<url>',
    defaultText: 'from its metadata',
    summary: "the authorization server's JWKS",
  },
  {
    name: 'scope',
    form: 'value',
    list: true,
    placeholder: '<scope>',
    legacyEnv: ['SVC_MCP_SCOPES'],
    defaultText: 'shiptrack',
    summary: 'scope advertised and required (repeatable; the variable is comma-separated)',
  },
  {
    name: 'subject-keys',
    form: 'value',
    placeholder: '<file>',
    legacyEnv: ['SVC_MCP_SUBJECT_KEYS_FILE'],
    summary: 'JSON file { "<token sub>": "<API key>" } mapping OAuth users to API keys',
  },
  {
    name: 'allowed-host',
    form: 'value',
    list: true,
    placeholder: '<name>',
    legacyEnv: ['SVC_MCP_ALLOWED_HOSTS'],
    defaultText: "loopback names on loopback, else the public URL's",
    summary: 'host name clients use (repeatable; comma-separated)',
  },
  {
    name: 'allowed-origin',
    form: 'value',
    list: true,
    placeholder: '<origin>',
    legacyEnv: ['SVC_MCP_ALLOWED_ORIGINS'],
    summary: 'browser origin allowed (repeatable; comma-separated)',
  },
  {
    name: 'max-body-bytes',
    form: 'value',
    placeholder: '<n>',
    defaultText: '1048576',
    summary: 'largest request body',
    integer: { min: 1 },
  },
  {
    name: 'rest-timeout-ms',
    form: 'value',
    placeholder: '<n>',
    defaultText: '15000',
    summary: 'time limit of each REST call',
    integer: { min: 1 },
  },
  {
    name: 'request-timeout-ms',
    form: 'value',
    placeholder: '<n>',
    defaultText: '30000',
    summary: 'time limit for a client to send a whole request',
    integer: { min: 1 },
  },
  {
    name: 'redis-url',
    form: 'value',
    placeholder: '<url>',
    defaultText: 'this process only',
    summary:
      'Redis (redis:// or rediss://) for what N instances share: rate limits, tasks, subscriptions, SSE events',
  },
  {
    name: 'sse-retry-ms',
    form: 'value',
    placeholder: '<n>',
    defaultText: '2000',
    summary: 'the SSE retry interval: how long a client waits before resuming a broken answer',
    integer: { min: 1 },
  },
  ...MCP_COMMAND_SETTINGS,
  {
    name: 'mirror-schema',
    form: 'value',
    placeholder: '<name>',
    defaultText: "the server's search_path (public)",
    summary: "the PostgreSQL schema of --mirror's tables (shiptrack-mirror's --schema)",
  },
  {
    name: 'key-check',
    form: 'negation',
    defaultText: 'true',
    summary:
      'check API keys with the service first (--no-key-check: tools answer the error instead)',
  },
  {
    name: 'auth',
    form: 'negation',
    defaultText: 'true',
    summary:
      'authentication (--no-auth: requests without credentials use SVC_API_TOKEN; loopback only)',
  },
  {
    name: 'quiet',
    form: 'switch',
    defaultText: 'false',
    summary: 'no request log records',
  },
  ...logSettingSpecs(),
  ...metricsSettingSpecs('the MCP port (every client can read them)'),
  {
    name: 'drain-delay-ms',
    form: 'value',
    placeholder: '<n>',
    defaultText: '0',
    summary: 'on SIGTERM, answer /readyz 503 this long before refusing connections',
    integer: { min: 0 },
  },
  {
    name: 'shutdown-timeout-ms',
    form: 'value',
    placeholder: '<n>',
    defaultText: '10000',
    summary: 'then wait this long for requests in flight before cutting them',
    integer: { min: 1 },
  },
  {
    name: 'request-state-key',
    form: 'value',
    envOnly: true,
    secret: true,
    defaultText: 'from Redis with --redis-url, else random per process',
    summary:
      'the key (at least 32 bytes) that signs input-required answers; give N instances the same one',
  },
  {
    name: 'api-token',
    form: 'value',
    envOnly: true,
    secret: true,
    sharedEnv: 'SVC_API_TOKEN',
    summary: "the API key of --mirror's account and of --no-auth",
  },
];

/** The command line of `shiptrack-mcp-http`: its help, flags and variables, from {@link SETTINGS}. */
export const COMMAND_LINE: CommandLineSpec = {
  name: 'shiptrack-mcp-http',
  description: [
    'Serves the shiptrack MCP server over streamable HTTP at /mcp (stateless).',
    'Each option has one environment variable (shown after it); a flag wins.',
  ].join('\n'),
  settings: SETTINGS,
  prefix: ENV_PREFIX,
  version: packageJson.version,
  flags: [
    {
      name: 'print-config',
      summary:
        'print the effective configuration (secrets masked) and where each value came from, then exit',
    },
  ],
  epilog: [
    'Traces: the standard OTEL_* variables (OTEL_EXPORTER_OTLP_ENDPOINT,',
    'OTEL_SERVICE_NAME, ...) send them over OTLP/HTTP with JSON bodies.',
    '',
    'Clients authenticate with "Authorization: Token <API key>", or with OAuth',
    'when --auth-server is set. On start it prints one JSON line to stdout:',
    '{"url": "<MCP URL>", "health": "<health URL>", "oauth": <issuer or null>};',
    'log records (JSON) go to stderr.',
    '',
  ].join('\n'),
};
