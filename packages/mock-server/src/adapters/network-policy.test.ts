import { describe, expect, it } from 'vitest';
import { checkNetworkOptions, networkPolicyFor } from './network-policy.js';

describe('networkPolicyFor', () => {
  it('requires no control token on loopback, by default', () => {
    for (const bound of ['127.0.0.1', '::1', '127.0.0.5']) {
      const policy = networkPolicyFor({
        allowedHosts: [],
        controlToken: undefined,
        host: bound,
        bound,
      });
      expect(policy.controlToken, bound).toBeUndefined();
    }
  });

  it('makes a random control token when bound to anything but loopback', () => {
    const a = networkPolicyFor({
      allowedHosts: [],
      controlToken: undefined,
      host: '0.0.0.0',
      bound: '0.0.0.0',
    });
    const b = networkPolicyFor({
      allowedHosts: [],
      controlToken: undefined,
      host: '192.0.2.5',
      bound: '192.0.2.5',
    });
    expect(a.controlToken).toMatch(/^[\w-]{32}$/);
    expect(b.controlToken).toMatch(/^[\w-]{32}$/);
    expect(a.controlToken).not.toBe(b.controlToken);
  });

  it('takes the given token, or makes one on loopback when asked', () => {
    const given = 'a-token-of-sixteen-chars';
    expect(
      networkPolicyFor({ allowedHosts: [], controlToken: given, host: '0.0.0.0', bound: '0.0.0.0' })
        .controlToken,
    ).toBe(given);
    expect(
      networkPolicyFor({
        allowedHosts: [],
        controlToken: true,
        host: '127.0.0.1',
        bound: '127.0.0.1',
      }).controlToken,
    ).toMatch(/^[\w-]{32}$/);
  });

  it('serves the allowed hosts and the name it listens on, normalised', () => {
    const policy = networkPolicyFor({
      allowedHosts: ['Mock.Internal', '[FD00::1]'],
      controlToken: undefined,
      host: 'tracking-mock.lan',
      bound: '192.0.2.5',
    });
    expect(policy.allowedHosts).toEqual(['mock.internal', '[fd00::1]', 'tracking-mock.lan']);
  });
});

describe('checkNetworkOptions', () => {
  it('names a host entry with a port or a path, and a short token', () => {
    expect(() => checkNetworkOptions(['mock:4010'], undefined)).toThrow(
      /"mock:4010" is not a host name/,
    );
    expect(() => checkNetworkOptions(['http://mock'], undefined)).toThrow(/without scheme or port/);
    expect(() => checkNetworkOptions([], 'short')).toThrow(/16 or more printable/);
    expect(() => checkNetworkOptions([], 'has spaces in it, sixteen+')).toThrow(/without spaces/);
    expect(() => checkNetworkOptions(['*', 'mock', '192.0.2.5'], 'x'.repeat(16))).not.toThrow();
  });
});
