import { DEFAULT_BASE_URL } from '@shiptrack/sdk';
import { CliError } from '../errors/cli-error.js';
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

/** The user name and password embedded in a URL (`https://user:secret@host`), decoded and as written. */
export function urlCredentials(url: string): string[] {
  if (!URL.canParse(url)) return [];
  const { username, password } = new URL(url);
  return [username, password]
    .filter((part) => part !== '')
    .flatMap((part) => [part, decoded(part)]);
}

/** A percent-encoded URL part as typed; the part itself when it does not decode. */
function decoded(part: string): string {
  try {
    return decodeURIComponent(part);
  } catch {
    return part;
  }
}

/** A URL as shown: credentials embedded in it replaced by `[redacted]`. */
export function redactUrl(url: string): string {
  if (urlCredentials(url).length === 0) return url;
  const parsed = new URL(url);
  return `${parsed.protocol}//[redacted]@${url.slice(url.indexOf('@') + 1)}`;
}

/**
 * The base URL to call. One with credentials in it (`user:password@`) is an
 * error: fetch cannot send them, and the service takes the API key instead.
 */
export function usableBaseUrl(setting: Setting): string | undefined {
  const url = setting.value;
  if (url !== undefined && urlCredentials(url).length > 0) {
    throw new CliError(
      'usage',
      'bad_base_url',
      `The base URL from ${setting.from ?? setting.source} (${redactUrl(url)}) carries a user name or password: remove the "user:password@" part; the service takes the API key (SVC_API_TOKEN or \`shiptrack login\`) instead.`,
    );
  }
  return url;
}
