/**
 * Where a running `shiptrack webhooks listen` tells `webhooks trigger` its
 * address and signing secret (as the Stripe CLI does): one file per user,
 * readable by its owner only, written once the listener listens and removed
 * when it stops. A file left by a listener that died is ignored.
 */
import { chmod, mkdir, readFile, rename, rm, writeFile } from 'node:fs/promises';
import { dirname, join } from 'node:path';
import { homeOf } from '../config/home.js';

/** What a running listener shares with `webhooks trigger`. */
export interface ListenerState {
  /** The address deliveries should go to (`--url`, or the listener's own). */
  url: string;
  /** The secret the listener verifies signatures with. */
  secret: string;
  /** The listener's process, to tell a running listener from a file it left behind. */
  pid: number;
}

/**
 * The state file: `$XDG_STATE_HOME/shiptrack/listener.json`, else
 * `%LOCALAPPDATA%\shiptrack\listener.json` on Windows, else
 * `~/.local/state/shiptrack/listener.json`.
 */
export function listenerStatePath(env: NodeJS.ProcessEnv): string {
  const base =
    env.XDG_STATE_HOME ||
    (process.platform === 'win32' && env.LOCALAPPDATA
      ? env.LOCALAPPDATA
      : join(homeOf(env), '.local', 'state'));
  return join(base, 'shiptrack', 'listener.json');
}

function isRunning(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    // ESRCH: gone. EPERM: another user's process with a reused pid, so not our listener either.
    return false;
  }
}

/**
 * Writes the state file (mode 0600, its folder 0700) through a temporary
 * file and a rename; resolves to the function that removes it, which leaves
 * a newer listener's file in place.
 */
export async function writeListenerState(
  env: NodeJS.ProcessEnv,
  state: ListenerState,
): Promise<() => Promise<void>> {
  const path = listenerStatePath(env);
  await mkdir(dirname(path), { recursive: true, mode: 0o700 });
  const scratch = `${path}.${process.pid}.tmp`;
  await writeFile(scratch, `${JSON.stringify(state)}\n`, { mode: 0o600 });
  await chmod(scratch, 0o600);
  await rename(scratch, path);
  return async () => {
    const current = await readState(path);
    if (current?.pid === state.pid) await rm(path, { force: true });
  };
}

async function readState(path: string): Promise<ListenerState | undefined> {
  let parsed: unknown;
  try {
    parsed = JSON.parse(await readFile(path, 'utf8'));
  } catch {
    return undefined;
  }
  if (typeof parsed !== 'object' || parsed === null) return undefined;
  const { url, secret, pid } = parsed as Record<string, unknown>; // Safe: a non-null object, members checked below.
  if (typeof url !== 'string' || typeof secret !== 'string' || typeof pid !== 'number') {
    return undefined;
  }
  return { url, secret, pid };
}

/** The state of the listener running on this machine for this user, if one is. */
export async function readListenerState(
  env: NodeJS.ProcessEnv,
): Promise<ListenerState | undefined> {
  const state = await readState(listenerStatePath(env));
  return state !== undefined && isRunning(state.pid) ? state : undefined;
}
