import { MirrorConfigurationError } from '../errors.js';
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

/**
 * Runs `sync` now and then `intervalMs` after each run ends (runs never
 * overlap), until `stop()`. The timer does not keep the process alive.
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
  const controller = new AbortController();
  let timer: ReturnType<typeof setTimeout> | undefined;
  let running: Promise<void> = Promise.resolve();
  const runOnce = async () => {
    try {
      await onResult?.(await sync({ ...syncOptions, signal: controller.signal }));
    } catch (error) {
      if (controller.signal.aborted) return;
      if (onError) await Promise.resolve(onError(error)).catch(() => {});
      else
        console.error(
          `[shiptrack mirror] sync failed: ${error instanceof Error ? error.message : String(error)}`,
        );
    }
    if (!controller.signal.aborted) {
      timer = setTimeout(() => {
        running = runOnce();
      }, intervalMs);
      timer.unref?.();
    }
  };
  running = runOnce();
  return {
    async stop() {
      controller.abort();
      clearTimeout(timer);
      await running;
    },
  };
}
