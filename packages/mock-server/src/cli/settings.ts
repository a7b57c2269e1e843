/**
 * Every setting of `shiptrack-mock` and of `shiptrack-mock proxy`: its
 * flag and its variable, by the rule of
 * docs/decisions/0014-one-name-per-setting.md (`SVC_MOCK_` and the flag's
 * name; the proxy's `SVC_MOCK_PROXY_`). The parser and `--help` are made
 * from these tables.
 */
// Bundled into the bin (a dev dependency): the settings part only, no logger or telemetry.
import type { CommandLineSpec, SettingSpec } from '@shiptrack/ops';
import type { ClockMode } from '../engine/clock.js';
import type { DatasetName } from '../engine/datasets.js';
import { BUCKET_NAMES } from '../engine/rate-limiter.js';

/** The prefix of the mock's variables. */
export const ENV_PREFIX = 'SVC_MOCK_';

/** The prefix of the proxy's variables. */
export const PROXY_ENV_PREFIX = 'SVC_MOCK_PROXY_';

/** The values of `--clock`. */
export const CLOCK_MODES: readonly ClockMode[] = ['real', 'manual'];

/** The values of `--seed`. */
export const SEEDS: readonly DatasetName[] = ['demo', 'empty'];

/** The values of `--rate-limits`. */
export const RATE_LIMIT_MODES: readonly ('on' | 'off')[] = ['on', 'off'];

/** The settings of the mock, in the order `--help` shows them. */
export const SETTINGS: readonly SettingSpec[] = [
  {
    name: 'port',
    form: 'value',
    placeholder: '<n>',
    defaultText: '4010',
    summary: 'port to listen on (0 picks a free one)',
    integer: { min: 0, max: 65_535 },
  },
  {
    name: 'host',
    form: 'value',
    placeholder: '<addr>',
    defaultText: '127.0.0.1',
    summary: 'interface to bind (never expose the mock publicly)',
  },
  {
    name: 'allowed-host',
    form: 'value',
    list: true,
    placeholder: '<name>',
    legacyEnv: ['SVC_MOCK_ALLOWED_HOSTS'],
    summary:
      'also answer for this Host name (repeatable or comma-separated; * for any); loopback names always',
  },
  {
    name: 'control-token',
    form: 'value',
    placeholder: '<t>',
    secret: true,
    defaultText: 'a random one printed at start off loopback, none on loopback',
    summary:
      'require this token on /_mock/* (X-Mock-Control-Token or Authorization: Bearer); prefer the variable: argv is visible to ps',
  },
  {
    name: 'require-control-token',
    form: 'switch',
    defaultText: 'false',
    summary: 'make a random control token on loopback too',
  },
  {
    name: 'api-key',
    form: 'value',
    list: true,
    placeholder: '<key>',
    summary: 'also accept this API key for the demo account (repeatable; comma-separated)',
  },
  {
    name: 'clock',
    form: 'value',
    placeholder: '<mode>',
    choices: CLOCK_MODES,
    defaultText: 'real',
    summary: 'real time, or time that only moves with POST /_mock/clock/advance',
  },
  {
    name: 'seed',
    form: 'value',
    placeholder: '<data>',
    choices: SEEDS,
    defaultText: 'demo',
    summary: 'start with the demo data, or accounts only',
  },
  {
    name: 'rate-limits',
    form: 'value',
    placeholder: '<on|off>',
    choices: RATE_LIMIT_MODES,
    defaultText: 'on',
    summary: "the spec's rate limits, or none at all",
  },
  {
    name: 'rate-limit',
    form: 'value',
    list: true,
    placeholder: '<bucket=limit/window>',
    summary: `override one bucket (repeatable), e.g. default=100/2s, refresh_container=1000; window in s (default unit), ms or m; buckets: ${BUCKET_NAMES.join(', ')}`,
  },
  {
    name: 'request-timeout',
    form: 'value',
    placeholder: '<s>',
    defaultText: '30',
    summary: 'seconds a client may take to send a whole request (then 408)',
    decimal: { unit: 'seconds', min: 0.001 },
  },
  {
    name: 'ready-file',
    form: 'value',
    placeholder: '<path>',
    summary: 'once listening, write the JSON line to this file (atomically; removed on exit)',
  },
  {
    name: 'journal-file',
    form: 'value',
    placeholder: '<path>',
    summary: "on exit, write every account's request journal to this file as NDJSON",
  },
  {
    name: 'journal-max-entries',
    form: 'value',
    placeholder: '<n>',
    defaultText: '1000',
    summary: "requests kept in each account's journal (oldest go first)",
  },
  {
    name: 'journal-max-bytes',
    form: 'value',
    placeholder: '<n>',
    defaultText: '8388608',
    summary: 'bytes of bodies, headers and paths kept per account (at least 65536)',
  },
  {
    name: 'verbose',
    form: 'switch',
    defaultText: 'false',
    summary: 'also log routine events, such as clients closing connections early',
  },
];

/** The settings of `shiptrack-mock proxy`, in the order its `--help` shows them. */
export const PROXY_SETTINGS: readonly SettingSpec[] = [
  {
    name: 'target',
    form: 'value',
    placeholder: '<url>',
    summary: "the service's REST base, ending in /v2 (required)",
  },
  {
    name: 'port',
    form: 'value',
    placeholder: '<n>',
    defaultText: '4011',
    summary: 'port on 127.0.0.1 (0 picks a free one)',
    integer: { min: 0, max: 65_535 },
  },
  {
    name: 'timeout',
    form: 'value',
    placeholder: '<s>',
    defaultText: '60',
    summary: "seconds to wait for the service's answer (then 504)",
    decimal: { unit: 'seconds', min: 0.001 },
  },
  {
    name: 'ready-file',
    form: 'value',
    placeholder: '<path>',
    summary: 'once listening, write the first JSON line to this file',
  },
  {
    name: 'fail-on-mismatch',
    form: 'switch',
    defaultText: 'false',
    summary: 'exit 1 at the end when any mismatch was found',
  },
];

/** The command line of `shiptrack-mock proxy`. */
export const PROXY_COMMAND_LINE: CommandLineSpec = {
  name: 'proxy',
  description: [
    "Passes every request to the real service with the caller's own API key and",
    'checks the request and the answer against the spec the mock implements.',
    "Point your client at the URL it prints instead of the service's.",
    'Each option has one environment variable (shown after it); a flag wins.',
  ].join('\n'),
  settings: PROXY_SETTINGS,
  prefix: PROXY_ENV_PREFIX,
  epilog: [
    'stdout (NDJSON): {"url","target"}, then {"type":"mismatch",...} per mismatch,',
    'then {"type":"summary",...} on SIGINT or SIGTERM. Send the request header',
    "Shiptrack-Validation (any value) to get the exchange's mismatches in that",
    'answer header.',
    '',
  ].join('\n'),
};

/** The command line of `shiptrack-mock`, its `proxy` with a table of its own. */
export const COMMAND_LINE: CommandLineSpec = {
  name: 'shiptrack-mock',
  description: [
    'The Shipment and Container Tracking Service, mocked on a local port.',
    'Each option has one environment variable (shown after it); a flag wins.',
  ].join('\n'),
  settings: SETTINGS,
  prefix: ENV_PREFIX,
  commands: [
    {
      name: 'proxy',
      summary: 'a validating proxy to the real service instead (proxy --target <url>)',
      commandLine: PROXY_COMMAND_LINE,
    },
  ],
  epilog: [
    'On start it prints one JSON line to stdout, {"url", "apiKeys"}; everything',
    'else goes to stderr.',
    '',
  ].join('\n'),
};
