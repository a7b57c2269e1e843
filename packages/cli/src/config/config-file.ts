import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { homedir } from 'node:os';
import { dirname, join } from 'node:path';
import { CliError } from '../errors/cli-error.js';

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
    (process.platform === 'win32' && env.APPDATA ? env.APPDATA : join(homedir(), '.config'));
  return join(base, 'shiptrack', 'config.json');
}

/** Reads the config file; `{}` when there is none. A file that is not JSON is an error naming it. */
export async function readConfig(path: string): Promise<StoredConfig> {
  let text: string;
  try {
    text = await readFile(path, 'utf8');
  } catch (error) {
    // Safe: fs errors are ErrnoExceptions; `code` is only compared.
    if ((error as NodeJS.ErrnoException).code === 'ENOENT') return {};
    throw error;
  }
  try {
    const parsed: unknown = JSON.parse(text);
    if (typeof parsed !== 'object' || parsed === null) throw new Error('not an object');
    const { apiKey, baseUrl } = parsed as Record<string, unknown>; // Safe: checked to be an object.
    return {
      ...(typeof apiKey === 'string' ? { apiKey } : {}),
      ...(typeof baseUrl === 'string' ? { baseUrl } : {}),
    };
  } catch {
    throw new CliError(
      'usage',
      'bad_config',
      `The config file ${path} is not valid JSON: run \`shiptrack login\` again to rewrite it, or \`shiptrack logout\` to remove it.`,
    );
  }
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
