import { describe, expect, it } from 'vitest';
import { isBelow, MemoryLogLevelStore } from './log-levels.js';

describe('log levels', () => {
  it('orders the levels as the protocol does, and holds nothing back without a threshold', () => {
    expect(isBelow('info', 'error')).toBe(true);
    expect(isBelow('error', 'error')).toBe(false);
    expect(isBelow('emergency', 'warning')).toBe(false);
    expect(isBelow('debug', undefined)).toBe(false);
  });

  it('keeps a level until its time is up, and at most maxClients clients', async () => {
    let now = 0;
    const store = new MemoryLogLevelStore({ maxClients: 2, now: () => now });
    await store.set('a', 'error', 1_000);
    await store.set('b', 'warning', 1_000);
    await store.set('c', 'debug', 1_000);
    expect(store.size).toBe(2);
    expect(await store.get('a')).toBeUndefined();
    expect(await store.get('b')).toBe('warning');
    now = 1_000;
    expect(await store.get('c')).toBeUndefined();
  });
});
