/**
 * Tool-call telemetry without a hard dependency on OpenTelemetry:
 * `@opentelemetry/api` is an optional peer of this package, as OpenTelemetry
 * asks of libraries. The spans and the duration histogram (`tool-spans.ts`)
 * load on the first tool call; where the API is not installed, nothing can
 * have registered an SDK with it, and each call runs alone.
 */
import type { Answered, observeWithSpans } from './tool-spans.js';

/** The span-making observer once loaded, `null` where the API is not installed. */
let observer: typeof observeWithSpans | null | undefined;
let loading: Promise<void> | undefined;

/** Whether an import failed because `@opentelemetry/api` is not installed (and nothing else). */
function apiMissing(error: unknown): boolean {
  if (!(error instanceof Error) || !('code' in error)) return false;
  const missing = error.code === 'ERR_MODULE_NOT_FOUND' || error.code === 'MODULE_NOT_FOUND';
  return missing && error.message.includes('@opentelemetry/api');
}

function loadObserver(): Promise<void> {
  loading ??= import('./tool-spans.js').then(
    (spans) => {
      observer = spans.observeWithSpans;
    },
    (error: unknown) => {
      if (!apiMissing(error)) throw error;
      observer = null;
    },
  );
  return loading;
}

/**
 * Runs one tool call in its span and records `shiptrack.mcp.tool.duration`
 * (seconds, by `gen_ai.tool.name`, `error.type` and
 * `shiptrack.error.category`). A thrown error (a protocol refusal) is
 * recorded and thrown again. With no OpenTelemetry SDK registered, or the
 * API not installed, the call alone runs.
 */
export function observeToolCall<T extends Answered>(
  tool: string,
  call: () => Promise<T>,
  isInputRequired: (outcome: T) => boolean,
): Promise<T> {
  if (observer === undefined) {
    return loadObserver().then(() => observeToolCall(tool, call, isInputRequired));
  }
  return observer === null ? call() : observer(tool, call, isInputRequired);
}
