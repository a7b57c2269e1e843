/**
 * Every setting of `shiptrack-mirror`: its flag and its variable, by the
 * rule of docs/decisions/0014-one-name-per-setting.md (`SVC_MIRROR_` and
 * the flag's name; `LOG_LEVEL` and `LOG_FORMAT` shared by every bin), and
 * the names read before the rule, for one release. The parser, `--help`
 * and `--print-config` are made from this one table.
 */
import type { SettingSpec } from '@shiptrack/ops';

/** The prefix of this bin's variables. */
export const ENV_PREFIX = 'SVC_MIRROR_';

/** The settings, in the order `--help` and `--print-config` show them. */
export const SETTINGS: readonly SettingSpec[] = [
  {
    name: 'database',
    form: 'value',
    placeholder: '<dir|url>',
    legacyEnv: ['SHIPTRACK_MIRROR_DATABASE'],
    summary: 'PGlite directory or postgres:// URL (required)',
  },
  {
    name: 'webhook-secret',
    form: 'value',
    placeholder: '<s>',
    secret: true,
    legacyEnv: ['SVC_WEBHOOK_SECRET'],
    summary: 'serve: the webhook secret (prefer the variable: argv is visible to ps)',
  },
  {
    name: 'host',
    form: 'value',
    placeholder: '<addr>',
    defaultText: '127.0.0.1',
    summary: 'serve: interface to listen on',
  },
  {
    name: 'port',
    form: 'value',
    placeholder: '<n>',
    defaultText: '8080',
    summary: 'serve: port (0 picks a free one)',
  },
  {
    name: 'path',
    form: 'value',
    placeholder: '<path>',
    defaultText: '/webhooks',
    summary: 'serve: delivery path',
  },
  {
    name: 'request-timeout-ms',
    form: 'value',
    placeholder: '<n>',
    defaultText: '30000',
    summary: 'serve: time a client has to send a whole request',
  },
  {
    name: 'metrics-port',
    form: 'value',
    placeholder: '<n>',
    defaultText: 'off',
    summary: 'serve, sync: Prometheus metrics, /healthz and /readyz on this port of their own',
  },
  {
    name: 'metrics-host',
    form: 'value',
    placeholder: '<addr>',
    defaultText: '127.0.0.1',
    summary: 'serve, sync: interface of the metrics port',
  },
  {
    name: 'metrics-path',
    form: 'value',
    placeholder: '<path>',
    defaultText: '/metrics',
    summary:
      'serve, sync: path of the metrics; for serve without --metrics-port, on the delivery port (anyone who can deliver can read them)',
  },
  {
    name: 'drain-delay-ms',
    form: 'value',
    placeholder: '<n>',
    defaultText: '0',
    summary: 'serve: on SIGTERM, answer /readyz 503 this long before refusing connections',
  },
  {
    name: 'rate-limit-share',
    form: 'value',
    placeholder: '<x>',
    defaultText: '0.5',
    summary: 'sync: share of the rate limit',
  },
  {
    name: 'interval',
    form: 'value',
    placeholder: '<seconds>',
    defaultText: 'once',
    summary: 'sync: run again every so many seconds until SIGINT/SIGTERM',
  },
  {
    name: 'log-level',
    form: 'value',
    placeholder: '<level>',
    sharedEnv: 'LOG_LEVEL',
    defaultText: 'info',
    summary: 'serve: lowest level logged: trace, debug, info, warn, error, fatal or silent',
  },
  {
    name: 'log-format',
    form: 'value',
    placeholder: '<format>',
    sharedEnv: 'LOG_FORMAT',
    defaultText: 'auto',
    summary: 'serve: json, pretty, or auto (pretty on a terminal)',
  },
];
