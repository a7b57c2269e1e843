/**
 * The handler's options refused at start: a value that cannot work is a
 * `ConfigurationError` that names the option it came from, before any
 * request is served.
 */
import type { UsedRequestStateStore } from '@shiptrack/mcp';
import { ConfigurationError } from '@shiptrack/sdk';
import { describe, expect, it } from 'vitest';
import { createMcpHttpHandler, type McpHttpHandlerOptions } from '../src/index.js';

/** The error `createMcpHttpHandler` throws with `options`, or a failure when it starts. */
function refusal(options: McpHttpHandlerOptions): unknown {
  try {
    createMcpHttpHandler({ log: false, ...options });
  } catch (error) {
    return error;
  }
  throw new Error('the handler started');
}

describe('the handler at start', () => {
  it('refuses an allowed origin with a path, naming allowedOrigins', () => {
    const error = refusal({ allowedOrigins: ['https://app.example/board'] });
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toHaveProperty(
      'message',
      '`allowedOrigins`: "https://app.example/board" is not an origin (scheme://host[:port], no path) nor a host name.',
    );
  });

  it('refuses a requestState key shorter than 32 bytes, naming requestStateKey', () => {
    const error = refusal({ requestStateKey: 'short' });
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toHaveProperty(
      'message',
      expect.stringMatching(
        /^`requestStateKey`: The key that signs requestState must be at least 32 bytes.*got 5\.$/,
      ),
    );
  });

  it('refuses a used-state store without take, naming usedRequestStateStore', () => {
    // A JavaScript caller's store of the wrong shape: what the check is there to catch.
    const usedRequestStateStore = {} as UsedRequestStateStore;
    const error = refusal({ usedRequestStateStore, requestStateKey: 'k'.repeat(32) });
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toHaveProperty(
      'message',
      expect.stringMatching(
        /^`usedRequestStateStore`: The store of used requestStates must have take/,
      ),
    );
  });

  it('refuses a task policy that cannot work as a ConfigurationError', () => {
    const error = refusal({ taskPolicy: { checkShare: 2 } });
    expect(error).toBeInstanceOf(ConfigurationError);
    expect(error).toHaveProperty(
      'message',
      expect.stringMatching(/^taskPolicy\.checkShare must be/),
    );
  });
});
