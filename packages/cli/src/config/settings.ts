import { DEFAULT_BASE_URL } from '@shiptrack/sdk';
import type { StoredConfig } from './config-file.js';

/** Where a setting's value came from. */
export type SettingSource = 'flag' | 'environment' | 'config file' | 'default' | 'mock' | 'none';

/** A setting and its source. */
export interface Setting {
  value: string | undefined;
  source: SettingSource;
  /** The flag, variable or file it was read from. */
  from: string | null;
}

/** The settings of a run. */
export interface Settings {
  apiKey: Setting;
  baseUrl: Setting;
}

/** What the settings are read from, highest precedence first. */
export interface SettingInputs {
  flags: { apiKey?: string | undefined; baseUrl?: string | undefined };
  env: NodeJS.ProcessEnv;
  file: StoredConfig;
  filePath: string;
}

/**
 * Resolves the API key and base URL. Precedence, highest first: the flag
 * (`--api-key`, `--base-url`), the environment (`SVC_API_TOKEN`,
 * `SVC_API_BASE_URL`), the config file written by `shiptrack login`, the
 * default (no key; the SDK's base URL).
 */
export function resolveSettings(inputs: SettingInputs): Settings {
  const { flags, env, file, filePath } = inputs;
  const pick = (
    flag: [string | undefined, string],
    variable: string,
    stored: string | undefined,
    fallback: string | undefined,
  ): Setting => {
    if (flag[0]) return { value: flag[0], source: 'flag', from: flag[1] };
    const fromEnv = env[variable];
    if (fromEnv) return { value: fromEnv, source: 'environment', from: variable };
    if (stored) return { value: stored, source: 'config file', from: filePath };
    return fallback === undefined
      ? { value: undefined, source: 'none', from: null }
      : { value: fallback, source: 'default', from: null };
  };
  return {
    apiKey: pick([flags.apiKey, '--api-key'], 'SVC_API_TOKEN', file.apiKey, undefined),
    baseUrl: pick(
      [flags.baseUrl, '--base-url'],
      'SVC_API_BASE_URL',
      file.baseUrl,
      DEFAULT_BASE_URL,
    ),
  };
}

/** A key as shown by `shiptrack config`: its length and last four characters at most. */
export function maskKey(key: string): string {
  if (key.length < 16) return `${'*'.repeat(8)} (${key.length} characters)`;
  return `${'*'.repeat(8)}${key.slice(-4)} (${key.length} characters)`;
}
