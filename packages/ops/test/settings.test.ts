import { describe, expect, it } from 'vitest';
import { configRows, formatConfig, MASKED, maskUrlPassword } from '../src/config/print-config.js';
import {
  choiceSetting,
  decimalSetting,
  envNameOf,
  flagOf,
  integerSetting,
  resolveSettings,
  type SettingSpec,
  SettingValueError,
} from '../src/config/settings.js';
import { UsageError } from '../src/config/usage-error.js';

const SPECS: SettingSpec[] = [
  { name: 'port', form: 'value', legacyEnv: ['PORT'], defaultText: '3000', summary: 'port' },
  { name: 'base-url', form: 'value', sharedEnv: 'SVC_API_BASE_URL', summary: 'REST base' },
  { name: 'scope', form: 'value', list: true, summary: 'scopes' },
  { name: 'mirror-sync', form: 'switch', defaultText: 'false', summary: 'sync' },
  { name: 'key-check', form: 'negation', defaultText: 'true', summary: 'check keys' },
  { name: 'secret-key', form: 'value', envOnly: true, secret: true, summary: 'a secret' },
];

describe('the naming rule', () => {
  it('names the variable PREFIX + the flag in upper snake case, a shared setting by its shared name', () => {
    expect(SPECS.map((spec) => envNameOf(spec, 'SVC_MCP_'))).toEqual([
      'SVC_MCP_PORT',
      'SVC_API_BASE_URL',
      'SVC_MCP_SCOPE',
      'SVC_MCP_MIRROR_SYNC',
      'SVC_MCP_KEY_CHECK',
      'SVC_MCP_SECRET_KEY',
    ]);
    expect(SPECS.map(flagOf)).toEqual([
      '--port',
      '--base-url',
      '--scope',
      '--mirror-sync',
      '--no-key-check',
      undefined,
    ]);
  });
});

describe('resolveSettings', () => {
  it('takes the flag over the variable over an old name, and remembers where each came from', () => {
    const resolved = resolveSettings(
      SPECS,
      'SVC_MCP_',
      { port: '1', scope: [], 'no-key-check': true },
      { SVC_MCP_PORT: '2', PORT: '3', SVC_MCP_SCOPE: 'a, b,', SVC_MCP_MIRROR_SYNC: 'true' },
    );
    const get = (name: string) => resolved.settings.get(name);
    expect(get('port')).toMatchObject({ value: '1', source: 'flag', from: '--port' });
    expect(get('scope')).toMatchObject({ value: ['a', 'b'], source: 'env', from: 'SVC_MCP_SCOPE' });
    expect(get('mirror-sync')).toMatchObject({ value: true, source: 'env' });
    expect(get('key-check')).toMatchObject({
      value: false,
      source: 'flag',
      from: '--no-key-check',
    });
    expect(get('base-url')).toMatchObject({ value: undefined, source: 'default' });
    expect(resolved.legacyNames).toEqual([]);
  });

  it('reads an old name only when the current one is unset, and says so', () => {
    const resolved = resolveSettings(SPECS, 'SVC_MCP_', {}, { PORT: '3' });
    expect(resolved.settings.get('port')).toMatchObject({
      value: '3',
      source: 'legacy-env',
      from: 'PORT',
    });
    expect(resolved.legacyNames).toEqual([{ legacy: 'PORT', current: 'SVC_MCP_PORT' }]);
  });

  it('refuses a boolean variable that is not true, false, 1 or 0, naming it', () => {
    expect(() => resolveSettings(SPECS, 'SVC_MCP_', {}, { SVC_MCP_KEY_CHECK: 'nope' })).toThrow(
      new SettingValueError('SVC_MCP_KEY_CHECK must be true or false; got "nope".'),
    );
  });
});

describe('--print-config', () => {
  it('masks secrets and URL passwords, and shows defaults and sources', () => {
    const resolved = resolveSettings(
      SPECS,
      'SVC_MCP_',
      {},
      {
        SVC_MCP_SECRET_KEY: 'very-secret-value',
        SVC_API_BASE_URL: 'https://user:pa55@api.example.com/v2',
      },
    );
    const text = formatConfig(configRows(resolved));
    expect(text).not.toContain('very-secret-value');
    expect(text).not.toContain('pa55');
    expect(text).toMatch(/^secret-key\s+\*{8}\s+env SVC_MCP_SECRET_KEY$/m);
    expect(text).toMatch(
      /^base-url\s+https:\/\/user:\*{8}@api\.example\.com\/v2\s+env SVC_API_BASE_URL$/m,
    );
    expect(text).toMatch(/^port\s+3000\s+default$/m);
    expect(text.split('\n')[0]).toMatch(/^SETTING\s+VALUE\s+SOURCE$/);
  });

  it('leaves text that is not a URL with a password as it is', () => {
    expect(maskUrlPassword('redis://127.0.0.1:6379')).toBe('redis://127.0.0.1:6379');
    expect(maskUrlPassword('not a url')).toBe('not a url');
    expect(maskUrlPassword('redis://:pw@h:1')).toBe(`redis://:${MASKED}@h:1`);
  });
});

describe('settings of a kind', () => {
  const KINDS: SettingSpec[] = [
    { name: 'port', form: 'value', integer: { min: 0, max: 65_535 }, summary: 'port' },
    { name: 'retry-ms', form: 'value', integer: { min: 1 }, summary: 'retry' },
    {
      name: 'log-level',
      form: 'value',
      sharedEnv: 'LOG_LEVEL',
      choices: ['info', 'warn'],
      summary: 'level',
    },
    { name: 'metrics-path', form: 'value', urlPath: true, summary: 'path' },
    { name: 'timeout', form: 'value', decimal: { unit: 'seconds', min: 0.001 }, summary: 's' },
    { name: 'share', form: 'value', decimal: { above: 0, max: 1 }, summary: 'share' },
  ];
  const resolve = (flags: Record<string, unknown>, env: Record<string, string>) =>
    resolveSettings(KINDS, 'SVC_X_', flags, env);

  it('reads a whole number in range and a choice, from a flag or a variable', () => {
    const resolved = resolve({ port: '0' }, { SVC_X_RETRY_MS: '250', LOG_LEVEL: 'warn' });
    expect(integerSetting(resolved, 'port')).toBe(0);
    expect(integerSetting(resolved, 'retry-ms')).toBe(250);
    expect(choiceSetting(resolved, 'log-level', ['info', 'warn'], 'info')).toBe('warn');
    expect(choiceSetting(resolve({}, {}), 'log-level', ['info', 'warn'], 'info')).toBe('info');
    expect(decimalSetting(resolve({ timeout: '0.5' }, { SVC_X_SHARE: '1' }), 'timeout')).toBe(0.5);
    expect(decimalSetting(resolve({}, { SVC_X_SHARE: '1' }), 'share')).toBe(1);
    expect(decimalSetting(resolve({}, {}), 'share')).toBeUndefined();
  });

  it('refuses another value, naming the flag or the variable it came from', () => {
    expect(() => resolve({ port: '65536' }, {})).toThrow(
      '--port must be a whole number from 0 to 65535; got "65536".',
    );
    expect(() => resolve({}, { SVC_X_PORT: '80.5' })).toThrow(
      'SVC_X_PORT must be a whole number from 0 to 65535; got "80.5".',
    );
    expect(() => resolve({}, { SVC_X_RETRY_MS: '0' })).toThrow(
      'SVC_X_RETRY_MS must be a whole number of at least 1; got "0".',
    );
    expect(() => resolve({}, { LOG_LEVEL: 'loud' })).toThrow(
      'LOG_LEVEL must be one of info, warn; got "loud".',
    );
    expect(() => resolve({ timeout: '0' }, {})).toThrow(
      '--timeout must be a number of seconds (0.001 or more); got "0".',
    );
    expect(() => resolve({}, { SVC_X_TIMEOUT: '1e3' })).toThrow(
      'SVC_X_TIMEOUT must be a number of seconds (0.001 or more); got "1e3".',
    );
    for (const share of ['0', '1.5', '-0.5', 'half']) {
      expect(() => resolve({ share }, {})).toThrow(
        `--share must be a number (above 0 and at most 1); got "${share}".`,
      );
    }
    expect(() => resolve({ 'metrics-path': 'metrics' }, {})).toThrow(
      '--metrics-path must start with "/"; got "metrics".',
    );
    expect(() => resolve({}, { SVC_X_METRICS_PATH: 'metrics' })).toThrow(
      'SVC_X_METRICS_PATH must start with "/"; got "metrics".',
    );
    expect(() => resolve({}, { LOG_LEVEL: 'loud' })).toThrow(SettingValueError);
    // A bin answers it as any usage error (exit 2), without wrapping it.
    expect(() => resolve({}, { LOG_LEVEL: 'loud' })).toThrow(UsageError);
  });
});
