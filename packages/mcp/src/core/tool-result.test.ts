import { describe, expect, it } from 'vitest';
import { withoutNulls } from './tool-result.js';

describe('withoutNulls', () => {
  it('leaves out null members at every depth and keeps nulls inside arrays', () => {
    const answer = {
      id: 'c1',
      lastFreeDay: null,
      terminal: { name: 'APM', firmsCode: null, hours: [null, { open: '08:00', close: null }] },
      holds: [],
      count: 0,
      available: false,
    };
    expect(withoutNulls(answer)).toStrictEqual({
      id: 'c1',
      terminal: { name: 'APM', hours: [null, { open: '08:00' }] },
      holds: [],
      count: 0,
      available: false,
    });
  });

  it('keeps the order of the members', () => {
    const copy = withoutNulls({ b: 1, a: null, c: { z: 1, y: 2 }, d: 'x' });
    expect(JSON.stringify(copy)).toBe('{"b":1,"c":{"z":1,"y":2},"d":"x"}');
  });

  it('copies: the answer it was given is unchanged', () => {
    const answer = { a: null, b: { c: null } };
    withoutNulls(answer);
    expect(answer).toStrictEqual({ a: null, b: { c: null } });
  });

  it('keeps a `__proto__` member the service sent as a member, not as the prototype', () => {
    const sent = JSON.parse('{"__proto__":{"polluted":true},"name":"x"}') as object;
    const copy = withoutNulls(sent) as Record<string, unknown>;
    expect(Object.getPrototypeOf(copy)).toBe(Object.prototype);
    expect(Object.hasOwn(copy, '__proto__')).toBe(true);
    expect(JSON.stringify(copy)).toBe('{"__proto__":{"polluted":true},"name":"x"}');
    expect((copy as { polluted?: boolean }).polluted).toBeUndefined();
  });
});
