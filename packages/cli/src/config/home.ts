import { homedir } from 'node:os';

/**
 * The user's home folder as the run's environment names it (`HOME`, or
 * `USERPROFILE` on Windows), so that a run given another environment (a
 * test's) finds its files there; the system's answer only when the
 * environment names none.
 */
export function homeOf(env: NodeJS.ProcessEnv): string {
  const named = process.platform === 'win32' ? env.USERPROFILE || env.HOME : env.HOME;
  return named || homedir();
}
