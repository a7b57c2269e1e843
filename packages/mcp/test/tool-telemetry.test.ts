/**
 * Tool-call telemetry while no OpenTelemetry provider is registered (the
 * stdio bin's usual session): the call runs at once, without waiting for
 * OpenTelemetry's API to load. The spans of a registered provider are
 * tested end to end in mcp-http's `traces.test.ts` and `metrics.test.ts`.
 */
import { describe, expect, it } from 'vitest';

describe('tool-call telemetry with no provider registered', () => {
  it('runs the first call at once, without loading the API', async () => {
    // A module of its own (the query makes it one), so this is its first call whatever ran before.
    const ownCopy = '../src/core/tool-telemetry.js?first-call';
    const { observeToolCall } = (await import(
      ownCopy
    )) as typeof import('../src/core/tool-telemetry.js');
    let started = false;
    const answered = observeToolCall(
      'get_container',
      async () => {
        started = true;
        return { result: { isError: false } };
      },
      () => false,
    );
    expect(started).toBe(true);
    await expect(answered).resolves.toEqual({ result: { isError: false } });
  });
});
