import { describe, expect, it } from 'vitest';
import { type KeyVerdict, KeyVerdicts } from './key-verdicts.js';
import { LruMap } from './lru.js';

function verdicts(answers: Record<string, KeyVerdict>) {
  let now = 0;
  const checked: string[] = [];
  const cache = new KeyVerdicts({
    check: async (key) => {
      checked.push(key);
      return answers[key] ?? 'unknown';
    },
    acceptedTtlMs: 1_000,
    rejectedTtlMs: 100,
    maxEntries: 10,
    now: () => now,
  });
  return { cache, checked, advance: (ms: number) => (now += ms) };
}

describe('KeyVerdicts', () => {
  it('checks a key once while its verdict is fresh, and again after', async () => {
    const { cache, checked, advance } = verdicts({ good: 'accepted' });
    expect(await cache.verdict('good')).toBe('accepted');
    expect(await cache.verdict('good')).toBe('accepted');
    expect(checked).toEqual(['good']);
    advance(1_001);
    await cache.verdict('good');
    expect(checked).toEqual(['good', 'good']);
  });

  it('shares one check between concurrent callers', async () => {
    const { cache, checked } = verdicts({ good: 'accepted' });
    await Promise.all([cache.verdict('good'), cache.verdict('good'), cache.verdict('good')]);
    expect(checked).toEqual(['good']);
  });

  it('remembers rejections for less long, and never an unknown verdict', async () => {
    const { cache, checked, advance } = verdicts({ bad: 'rejected' });
    await cache.verdict('bad');
    advance(101);
    await cache.verdict('bad');
    await cache.verdict('flaky');
    await cache.verdict('flaky');
    expect(checked).toEqual(['bad', 'bad', 'flaky', 'flaky']);
  });

  it('remembers at most `maxEntries` keys, however many it sees', async () => {
    const { cache, checked } = verdicts({});
    for (let key = 0; key < 50; key++) cache.markRejected(`key-${key}`);
    expect(cache.size).toBe(10);
    // The most recent are kept; the oldest were forgotten and are checked again.
    expect(await cache.verdict('key-49')).toBe('rejected');
    await cache.verdict('key-0');
    expect(checked).toEqual(['key-0']);
  });

  it('refuses a key marked rejected without checking it', async () => {
    const { cache, checked } = verdicts({ good: 'accepted' });
    await cache.verdict('good');
    cache.markRejected('good');
    expect(await cache.verdict('good')).toBe('rejected');
    expect(checked).toEqual(['good']);
  });
});

describe('LruMap', () => {
  it('drops the least recently used entry when full', () => {
    const map = new LruMap<string, number>(2);
    map.set('a', 1);
    map.set('b', 2);
    map.get('a');
    map.set('c', 3);
    expect(map.get('b')).toBeUndefined();
    expect(map.get('a')).toBe(1);
    expect(map.get('c')).toBe(3);
    expect(map.size).toBe(2);
  });
});
