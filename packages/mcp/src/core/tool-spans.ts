/**
 * What each tool call reports, through OpenTelemetry's API only, loaded by
 * `tool-telemetry.ts` only where the API is installed (no-ops unless the
 * host registered an SDK): an `execute_tool {tool}` span (the
 * GenAI conventions' tool execution span), the parent of the SDK's REST
 * spans, and the call's duration by tool and outcome. A call that answers
 * `isError` is `error.type` `tool_error` (as the MCP conventions say),
 * with its code (the SDK's error category, or the tool's own) in
 * `shiptrack.error.category`.
 */
import {
  type Histogram,
  type MeterProvider,
  metrics,
  SpanKind,
  SpanStatusCode,
  trace,
} from '@opentelemetry/api';
import { openTelemetryRegistered } from '@shiptrack/sdk/telemetry';
import { ERROR_META_KEY } from './errors.js';

/** The instrumentation scope of the MCP server's spans and metrics. */
const SCOPE = '@shiptrack/mcp';

let cached: { provider: MeterProvider; duration: Histogram } | undefined;

/** `shiptrack.mcp.tool.duration` of the meter provider registered now (made again after a change). */
function durationHistogram(): Histogram {
  const provider = metrics.getMeterProvider();
  if (cached?.provider === provider) return cached.duration;
  const duration = provider.getMeter(SCOPE).createHistogram('shiptrack.mcp.tool.duration', {
    description: 'Duration of MCP tool calls, by tool and outcome.',
    unit: 's',
    advice: {
      explicitBucketBoundaries: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10, 30],
    },
  });
  cached = { provider, duration };
  return duration;
}

/** The answer of a call, as far as telemetry looks at it. */
export interface Answered {
  result: { isError?: boolean; _meta?: Record<string, unknown> };
}

/** `ok`, `input_required`, or the failure's code. */
function outcomeOf(
  result: Answered['result'],
  inputRequired: boolean,
): {
  errorType?: string;
  category?: string;
} {
  if (inputRequired) return {};
  if (result.isError !== true) return {};
  const detail = result._meta?.[ERROR_META_KEY];
  const code =
    typeof detail === 'object' && detail !== null && 'code' in detail ? detail.code : undefined;
  return { errorType: 'tool_error', category: typeof code === 'string' ? code : 'unknown' };
}

/**
 * Runs one tool call in its span and records `shiptrack.mcp.tool.duration`
 * (seconds, by `gen_ai.tool.name`, `error.type` and
 * `shiptrack.error.category`). A thrown error (a protocol refusal) is
 * recorded and thrown again. With no OpenTelemetry SDK registered, the call
 * alone runs.
 */
export function observeWithSpans<T extends Answered>(
  tool: string,
  call: () => Promise<T>,
  isInputRequired: (outcome: T) => boolean,
): Promise<T> {
  if (!openTelemetryRegistered()) return call();
  return trace.getTracer(SCOPE).startActiveSpan(
    `execute_tool ${tool}`,
    {
      kind: SpanKind.INTERNAL,
      attributes: { 'gen_ai.operation.name': 'execute_tool', 'gen_ai.tool.name': tool },
    },
    async (span) => {
      const started = performance.now();
      let outcome: { errorType?: string; category?: string } = {};
      try {
        const answered = await call();
        outcome = outcomeOf(answered.result, isInputRequired(answered));
        return answered;
      } catch (error) {
        outcome = { errorType: error instanceof Error ? error.name : '_OTHER' };
        throw error;
      } finally {
        const attributes = {
          'gen_ai.tool.name': tool,
          ...(outcome.errorType === undefined ? {} : { 'error.type': outcome.errorType }),
          ...(outcome.category === undefined
            ? {}
            : { 'shiptrack.error.category': outcome.category }),
        };
        durationHistogram().record((performance.now() - started) / 1000, attributes);
        if (span.isRecording()) {
          span.setAttributes(attributes);
          if (outcome.errorType !== undefined) {
            span.setStatus({
              code: SpanStatusCode.ERROR,
              message: outcome.category ?? outcome.errorType,
            });
          }
        }
        span.end();
      }
    },
  );
}
