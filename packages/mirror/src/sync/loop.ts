import { MirrorConfigurationError } from '../errors.js';
import type { Sleep } from './pacer.js';
import type { SyncOptions, SyncResult } from './sync.js';

/** Options of `mirror.syncEvery`: the sync's own, and what to do with each outcome. */
export interface SyncLoopOptions extends Omit<SyncOptions, 'signal'> {
  /** Told after each sync that ended. */
  onResult?: (result: SyncResult) => unknown;
  /** Told about each sync that failed; the loop goes on. Default: one `console.error` line. */
  onError?: (error: unknown) => unknown;
}

/** A sync running on an interval. */
export interface SyncLoop {
  /** Stops after (or aborts) the sync in progress; resolves once it ended. */
  stop(): Promise<void>;
}

/** Waits `ms` on a timer that does not keep the process alive; an abort ends the wait early. */
const idleSleep: Sleep = (ms, signal) =>
  new Promise((resolve) => {
    const timer = setTimeout(done, ms);
    timer.unref?.();
    signal?.addEventListener('abort', done, { once: true });
    function done() {
      clearTimeout(timer);
      signal?.removeEventListener('abort', done);
      resolve();
    }
  });

/**
 * Runs `sync` now and then `intervalMs` after each run ends (runs never
 * overlap), until `stop()`. The wait is `options.sleep` when given (the
 * tests' clock), else a timer that does not keep the process alive.
 */
export function startSyncLoop(
  sync: (options: SyncOptions) => Promise<SyncResult>,
  intervalMs: number,
  options: SyncLoopOptions = {},
): SyncLoop {
  if (!(Number.isFinite(intervalMs) && intervalMs > 0)) {
    throw new MirrorConfigurationError(
      `The sync interval must be a number of ms above 0, got ${intervalMs}.`,
    );
  }
  const { onResult, onError, ...syncOptions } = options;
  const wait = options.sleep ?? idleSleep;
  const controller = new AbortController();
  const { signal } = controller;
  const runOnce = async () => {
    try {
      await onResult?.(await sync({ ...syncOptions, signal }));
    } catch (error) {
      if (signal.aborted) return;
      if (onError) await Promise.resolve(onError(error)).catch(() => {});
      else
        console.error(
          `[shiptrack mirror] sync failed: ${error instanceof Error ? error.message : String(error)}`,
        );
    }
  };
  const running = (async () => {
    while (!signal.aborted) {
      await runOnce();
      if (signal.aborted) return;
      // A wait cut short by stop() is no failure.
      await wait(intervalMs, signal).catch(() => {});
    }
  })();
  return {
    async stop() {
      controller.abort();
      await running;
    },
  };
}
