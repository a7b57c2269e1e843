/**
 * Where a server publishes its metrics, from the settings every server
 * with metrics has (`--metrics-port`, `--metrics-host`, `--metrics-path`
 * and their variables), read by one rule for `shiptrack-mcp-http` and
 * `shiptrack-mirror`.
 */
import {
  integerSetting,
  type ResolvedSettings,
  type SettingSpec,
  stringSetting,
} from './settings.js';
import { UsageError } from './usage-error.js';

/** Where the metrics are served. */
export interface MetricsSettings {
  /** A port of their own (with `/healthz` and `/readyz`); absent: on the server's own port. */
  readonly port?: number;
  /** The interface of that port (default `127.0.0.1`). */
  readonly host: string;
  /** Default `/metrics`. */
  readonly path: string;
}

/**
 * The settings {@link metricsSettings} reads, as flags of `commands`
 * (every command's when absent); `sharedPort` says where `--metrics-path`
 * alone serves them and who can read them there.
 */
export function metricsSettingSpecs(
  sharedPort: string,
  commands?: readonly string[],
): SettingSpec[] {
  const of = commands === undefined ? {} : { commands };
  return [
    {
      name: 'metrics-port',
      form: 'value',
      placeholder: '<n>',
      defaultText: 'off',
      summary: 'serve Prometheus metrics, /healthz and /readyz on this port of their own',
      integer: { min: 0, max: 65_535 },
      ...of,
    },
    {
      name: 'metrics-host',
      form: 'value',
      placeholder: '<addr>',
      defaultText: '127.0.0.1',
      summary: 'interface of the metrics port',
      ...of,
    },
    {
      name: 'metrics-path',
      form: 'value',
      placeholder: '<path>',
      defaultText: '/metrics',
      urlPath: true,
      summary: `path of the metrics; without --metrics-port, served on ${sharedPort}`,
      ...of,
    },
  ];
}

/**
 * The metrics asked for, or `null` when neither a port nor a path is given
 * (metrics off). A host without a port is a {@link UsageError}: it would
 * name the interface of nothing. The path's form is checked by its
 * setting (`urlPath`).
 */
export function metricsSettings(resolved: ResolvedSettings): MetricsSettings | null {
  const port = integerSetting(resolved, 'metrics-port');
  const host = stringSetting(resolved, 'metrics-host');
  const path = stringSetting(resolved, 'metrics-path');
  if (host !== undefined && port === undefined) {
    throw new UsageError('--metrics-host is the interface of --metrics-port: give that too.');
  }
  if (port === undefined && path === undefined) return null;
  return {
    ...(port === undefined ? {} : { port }),
    host: host ?? '127.0.0.1',
    path: path ?? '/metrics',
  };
}
