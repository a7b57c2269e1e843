import { afterEach, describe, expect, it, vi } from 'vitest';
import { readEnv } from './env.js';

describe('readEnv', () => {
  afterEach(() => {
    vi.unstubAllEnvs();
  });

  it('reads a set variable trimmed, and treats blank as unset', () => {
    vi.stubEnv('SHIPTRACK_TEST_VALUE', '  st_key  ');
    expect(readEnv('SHIPTRACK_TEST_VALUE')).toBe('st_key');
    vi.stubEnv('SHIPTRACK_TEST_VALUE', '   ');
    expect(readEnv('SHIPTRACK_TEST_VALUE')).toBeUndefined();
    expect(readEnv('SHIPTRACK_TEST_NEVER_SET')).toBeUndefined();
  });

  it('answers undefined where reading the environment is refused (Deno without --allow-env)', () => {
    const descriptor = Object.getOwnPropertyDescriptor(process, 'env');
    Object.defineProperty(process, 'env', {
      configurable: true,
      get() {
        throw new Error('Requires env access, run again with the --allow-env flag');
      },
    });
    try {
      expect(readEnv('SVC_API_TOKEN')).toBeUndefined();
    } finally {
      if (descriptor) Object.defineProperty(process, 'env', descriptor);
    }
  });
});
