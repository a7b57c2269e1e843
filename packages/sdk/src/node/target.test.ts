import { describe, expect, it } from 'vitest';
import { Targets } from './target.js';

describe('Targets', () => {
  it('sends a URL to the origin and path that new URL reads, and keeps at most 32 origins', () => {
    const targets = new Targets();
    for (let port = 1000; port < 1100; port++) {
      for (const round of [1, 2]) {
        const target = targets.of(`http://127.0.0.1:${port}/v2/containers/${round}?include=a,b`);
        expect(target).toEqual({
          href: `http://127.0.0.1:${port}/v2/containers/${round}?include=a,b`,
          origin: `http://127.0.0.1:${port}`,
          path: `/v2/containers/${round}?include=a,b`,
        });
      }
    }
    expect(targets.origins).toBe(32);
  });

  it('reads an IPv6 host, a default port and https as new URL does', () => {
    const targets = new Targets();
    for (const round of [1, 2]) {
      expect(targets.of(`https://[::1]/v2?n=${round}`)).toEqual({
        href: `https://[::1]/v2?n=${round}`,
        origin: 'https://[::1]',
        path: `/v2?n=${round}`,
      });
      expect(targets.of('HTTP://Example.com:80/a/../b#x')).toEqual({
        href: 'http://example.com/b',
        origin: 'http://example.com',
        path: '/b',
      });
    }
    expect(targets.of('ftp://example.com/')).toBeUndefined();
    expect(targets.of('http://user:pass@example.com/')).toBeUndefined();
    expect(() => targets.of('not a url')).toThrow(TypeError);
  });
});
