/**
 * Tool-call telemetry without a hard dependency on OpenTelemetry:
 * `@opentelemetry/api` is an optional peer of this package, as OpenTelemetry
 * asks of libraries. The spans and the duration histogram (`tool-spans.ts`)
 * load on the first tool call made while a provider is registered; until
 * then, and where the API is not installed, each call runs alone, and the
 * API is not even loaded (the stdio bin's usual session never loads it).
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

/**
 * Where OpenTelemetry's API (any copy of a 1.x release) keeps what is
 * registered with it, by kind (`trace`, `metrics`, `propagation`, ...):
 * read here without loading the API.
 */
const API_GLOBAL = Symbol.for('opentelemetry.js.api.1');

/** Whether a tracer provider, meter provider or propagator is registered with OpenTelemetry's API now. */
function providerRegistered(): boolean {
  const registered: unknown = Reflect.get(globalThis, API_GLOBAL);
  if (typeof registered !== 'object' || registered === null) return false;
  return ['trace', 'metrics', 'propagation'].some(
    (kind) => Reflect.get(registered, kind) !== undefined,
  );
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
 * API not installed, the call alone runs, at once.
 */
export function observeToolCall<T extends Answered>(
  tool: string,
  call: () => Promise<T>,
  isInputRequired: (outcome: T) => boolean,
): Promise<T> {
  if (observer === undefined) {
    // Nothing would record the span: run the call without loading the API (checked again next call).
    if (!providerRegistered()) return call();
    return loadObserver().then(() => observeToolCall(tool, call, isInputRequired));
  }
  return observer === null ? call() : observer(tool, call, isInputRequired);
}
