import type { AuthInfo } from '@modelcontextprotocol/server';
import { MemoryLogLevelStore } from '@shiptrack/mcp';
import { describe, expect, it } from 'vitest';
import { CallerLogLevels, type LogCaller, logCallerOf } from './log-levels.js';

/** The `authInfo` the endpoint gives a request: the account in `extra`, with OAuth the user too. */
function authInfo(clientId: string, subject?: string): AuthInfo {
  return {
    token: 'not read',
    clientId,
    scopes: [],
    extra: { kind: 'bearer', account: 'b0dc18973a30', ...(subject ? { subject } : {}) },
  };
}

function callerOf(info: AuthInfo): LogCaller {
  const caller = logCallerOf(info);
  if (caller === undefined) throw new Error('no caller');
  return caller;
}

describe('each caller’s log level', () => {
  it('is kept by account and, with OAuth, by client and user, under a key that names neither', async () => {
    const store = new MemoryLogLevelStore();
    const keys: string[] = [];
    const levels = new CallerLogLevels({
      get: (key) => store.get(key),
      set: (key, level, ttlMs) => {
        keys.push(key);
        return store.set(key, level, ttlMs);
      },
    });
    const ada = callerOf(authInfo('client-a', 'ada@example.com'));
    expect(ada).toEqual({
      account: 'b0dc18973a30',
      clientId: 'client-a',
      subject: 'ada@example.com',
    });
    await levels.set(ada, 'error');
    expect(await levels.levelOf(callerOf(authInfo('client-a', 'ada@example.com')))).toBe('error');
    expect(await levels.levelOf(callerOf(authInfo('client-b', 'ada@example.com')))).toBeUndefined();
    expect(await levels.levelOf(callerOf(authInfo('client-a', 'lin@example.com')))).toBeUndefined();
    expect(await levels.levelOf(callerOf(authInfo('api-key')))).toBeUndefined();
    expect(await levels.silences(ada, 'warning')).toBe(true);
    expect(await levels.silences(ada, 'critical')).toBe(false);
    expect(store.size).toBe(1);
    // The key is a hash: the store holds no client id or user name.
    expect(keys).toEqual([expect.stringMatching(/^[0-9a-f]{12}$/)]);
  });

  it('names no caller for a request the endpoint did not register', () => {
    expect(logCallerOf(undefined)).toBeUndefined();
    expect(logCallerOf({ token: 't', clientId: 'c', scopes: [] })).toBeUndefined();
  });

  it('lets every message through when the store cannot answer', async () => {
    const levels = new CallerLogLevels({
      get: () => Promise.reject(new Error('Redis is down')),
      set: () => Promise.reject(new Error('Redis is down')),
    });
    expect(await levels.silences({ account: 'a', clientId: 'api-key' }, 'debug')).toBe(false);
  });
});
