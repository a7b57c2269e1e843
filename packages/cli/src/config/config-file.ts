import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { CliError } from '../errors/cli-error.js';
import { homeOf } from './home.js';

/** What `shiptrack login` stores. */
export interface StoredConfig {
  apiKey?: string;
  baseUrl?: string;
}

/**
 * The config file: `$XDG_CONFIG_HOME/shiptrack/config.json`, else
 * `%APPDATA%\shiptrack\config.json` on Windows, else
 * `~/.config/shiptrack/config.json`. `SHIPTRACK_CONFIG` names another file.
 */
export function configPath(env: NodeJS.ProcessEnv): string {
  if (env.SHIPTRACK_CONFIG) return env.SHIPTRACK_CONFIG;
  const base =
    env.XDG_CONFIG_HOME ||
    (process.platform === 'win32' && env.APPDATA ? env.APPDATA : join(homeOf(env), '.config'));
  return join(base, 'shiptrack', 'config.json');
}

/** A config file that cannot be used: names the file and what is wrong with it. */
function badConfig(path: string, problem: string): CliError {
  return new CliError(
    'usage',
    'bad_config',
    `The config file ${path} ${problem}: fix it, or run \`shiptrack logout\` to remove it and \`shiptrack login\` to write it again.`,
  );
}

/** What a JSON value is, in words (never the value itself: it may be a key). */
function kindOf(value: unknown): string {
  if (value === null) return 'null';
  if (Array.isArray(value)) return 'a JSON array';
  return typeof value === 'object' ? 'an object' : `a ${typeof value}`;
}

/**
 * Reads the config file; `{}` when there is none. A file that is not a
 * JSON object, or whose `apiKey` or `baseUrl` is not a string, is an error
 * naming the file and the field: a mistake is never read as "no key".
 */
export async function readConfig(path: string): Promise<StoredConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    // Safe: fs errors are ErrnoExceptions; `code` is only compared.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  let parsed: unknown;
  try {
    parsed = JSON.parse(text);
  } catch {
    throw badConfig(path, 'is not valid JSON');
  }
  if (typeof parsed !== 'object' || parsed === null || Array.isArray(parsed)) {
    throw badConfig(path, `holds ${kindOf(parsed)}, not an object with "apiKey" and "baseUrl"`);
  }
  const stored: StoredConfig = {};
  for (const field of ['apiKey', 'baseUrl'] as const) {
    if (!(field in parsed)) continue;
    // Safe: checked to be a non-array object just above.
    const value = (parsed as Record<string, unknown>)[field];
    if (typeof value !== 'string') {
      throw badConfig(path, `is not usable: "${field}" is ${kindOf(value)}, not a string`);
    }
    stored[field] = value;
  }
  return stored;
}

/**
 * Writes the config file readable by its owner only (mode 0600, the
 * folder 0700), through a temporary file and a rename so a crash never
 * leaves half a file.
 */
export async function writeConfig(path: string, config: StoredConfig): Promise<void> {
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const scratch = `${path}.${process.pid}.tmp`;
  await writeFile(scratch, `${JSON.stringify(config, null, 2)}\n`, { mode: 0o600 });
  await chmod(scratch, 0o600);
  await rename(scratch, path);
}

/** Removes the config file; tells whether there was one. */
export async function removeConfig(path: string): Promise<boolean> {
  try {
    await rm(path);
    return true;
  } catch (error) {
    // Safe: fs errors are ErrnoExceptions; `code` is only compared.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return false;
    throw error;
  }
}
