/**
 * The setup of every test file that shares its worker's modules with the
 * files before and after it (vitest.config.ts, `isolate: false`): each such
 * file must leave the process as it found it. This puts back what a file
 * changed of the process's environment, `fetch`, timers and signal handlers,
 * and fails the file that changed them, naming what it left, so that a leak
 * is the leaking file's failure and not a random later file's. What a file
 * shares with others by design (the SDK's rate limits per key) starts empty.
 */
import { resetSharedRateLimits } from '@shiptrack/sdk/testing';
import { afterAll, beforeAll, vi } from 'vitest';

// The SDK's clients share one rate-limit store per process (per API key):
// the requests of the files before must not make this file's wait.
resetSharedRateLimits();

const SIGNALS = ['SIGINT', 'SIGTERM', 'SIGHUP'] as const;

let envObjectAtStart: NodeJS.ProcessEnv = process.env;
let envAtStart: NodeJS.ProcessEnv = {};
let fetchAtStart: typeof globalThis.fetch | undefined;
let listenersAtStart = new Map<string, ReturnType<typeof process.listeners>>();

beforeAll(() => {
  envObjectAtStart = process.env;
  envAtStart = { ...process.env };
  fetchAtStart = globalThis.fetch;
  listenersAtStart = new Map(SIGNALS.map((signal) => [signal, process.listeners(signal)]));
});

/** The names whose values differ between the environment at the start and now; puts them back. */
function restoreEnv(): string[] {
  const changed: string[] = [];
  for (const name of new Set([...Object.keys(envAtStart), ...Object.keys(process.env)])) {
    if (process.env[name] === envAtStart[name]) continue;
    changed.push(name);
    if (envAtStart[name] === undefined) delete process.env[name];
    else process.env[name] = envAtStart[name];
  }
  return changed;
}

/** The signal handlers added and not removed; removes them. */
function removeAddedListeners(): string[] {
  const added: string[] = [];
  for (const signal of SIGNALS) {
    const before = listenersAtStart.get(signal) ?? [];
    for (const listener of process.listeners(signal)) {
      if (before.includes(listener)) continue;
      added.push(signal);
      // process.listeners hands back the registered functions, so this removes exactly that one.
      process.off(signal, listener as NodeJS.SignalsListener);
    }
  }
  return added;
}

afterAll(() => {
  vi.useRealTimers();
  vi.unstubAllEnvs();
  vi.unstubAllGlobals();
  const left: string[] = [];
  if (process.env !== envObjectAtStart) {
    // vi.stubEnv and child processes keep using the object Node made; a copy assigned over it breaks both.
    left.push('process.env replaced by another object');
    process.env = envObjectAtStart;
  }
  const env = restoreEnv();
  if (env.length > 0) left.push(`process.env (${env.join(', ')})`);
  if (globalThis.fetch !== fetchAtStart) {
    left.push('globalThis.fetch');
    if (fetchAtStart !== undefined) globalThis.fetch = fetchAtStart;
  }
  const listeners = removeAddedListeners();
  if (listeners.length > 0) left.push(`process handlers of ${[...new Set(listeners)].join(', ')}`);
  if (left.length > 0) {
    throw new Error(
      `This test file left ${left.join(', ')} changed. Test files share their worker; restore what a file changes in its afterAll (vi.stubEnv and vi.stubGlobal are undone by vitest).`,
    );
  }
});
