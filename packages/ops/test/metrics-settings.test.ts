/**
 * Where a server's metrics go, from its `--metrics-*` settings: off
 * unless a port or a path is given, the defaults filled in, and a host
 * without a port refused.
 */
import { describe, expect, it } from 'vitest';
import { metricsSettings } from '../src/config/metrics-settings.js';
import { resolveSettings, type SettingSpec } from '../src/config/settings.js';
import { UsageError } from '../src/config/usage-error.js';

const SPECS: SettingSpec[] = [
  { name: 'metrics-port', form: 'value', integer: { min: 0, max: 65_535 }, summary: 'port' },
  { name: 'metrics-host', form: 'value', summary: 'host' },
  { name: 'metrics-path', form: 'value', urlPath: true, summary: 'path' },
];

const metricsOf = (flags: Record<string, unknown>, env: Record<string, string> = {}) =>
  metricsSettings(resolveSettings(SPECS, 'SVC_X_', flags, env));

describe('metricsSettings', () => {
  it('is off without a port or a path', () => {
    expect(metricsOf({})).toBeNull();
  });

  it('serves on a port of their own, with the default host and path', () => {
    expect(metricsOf({ 'metrics-port': '0' })).toEqual({
      port: 0,
      host: '127.0.0.1',
      path: '/metrics',
    });
    expect(metricsOf({ 'metrics-host': '0.0.0.0' }, { SVC_X_METRICS_PORT: '9464' })).toEqual({
      port: 9464,
      host: '0.0.0.0',
      path: '/metrics',
    });
  });

  it("serves at a path alone on the server's own port", () => {
    expect(metricsOf({ 'metrics-path': '/internal/metrics' })).toEqual({
      host: '127.0.0.1',
      path: '/internal/metrics',
    });
  });

  it('refuses a host without a port, saying what to add', () => {
    expect(() => metricsOf({ 'metrics-host': '0.0.0.0' })).toThrow(
      new UsageError('--metrics-host is the interface of --metrics-port: give that too.'),
    );
  });
});
