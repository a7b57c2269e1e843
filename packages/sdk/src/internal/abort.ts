/**
 * Waits `ms` milliseconds, or rejects with the signal's reason as soon as it
 * aborts. Uses `setTimeout`, so fake timers drive it in tests.
 */
export function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  if (signal?.aborted) return Promise.reject(signal.reason);
  if (ms <= 0) return Promise.resolve();
  return new Promise((resolve, reject) => {
    const onAbort = () => {
      clearTimeout(timer);
      reject(signal?.reason);
    };
    const timer = setTimeout(() => {
      signal?.removeEventListener('abort', onAbort);
      resolve();
    }, ms);
    signal?.addEventListener('abort', onAbort, { once: true });
  });
}

/** A controller that follows other signals, plus a way to stop following them. */
export interface LinkedController {
  controller: AbortController;
  /** Removes the listeners on the followed signals (call when the work is done). */
  unlink(): void;
}

/**
 * Creates an AbortController that aborts when `source` aborts, with
 * `reasonFor(source.reason)` as its reason. Unlike `AbortSignal.any`, the
 * listener can be removed once the work is done, so long-lived caller
 * signals do not collect listeners.
 */
export function followSignal(
  source: AbortSignal | undefined,
  reasonFor: (reason: unknown) => unknown,
): LinkedController {
  const controller = new AbortController();
  if (!source) return { controller, unlink: () => {} };
  if (source.aborted) {
    controller.abort(reasonFor(source.reason));
    return { controller, unlink: () => {} };
  }
  const onAbort = () => controller.abort(reasonFor(source.reason));
  source.addEventListener('abort', onAbort, { once: true });
  return { controller, unlink: () => source.removeEventListener('abort', onAbort) };
}
