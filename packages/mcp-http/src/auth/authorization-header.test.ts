import { describe, expect, it } from 'vitest';
import { readAuthorization } from './authorization-header.js';

describe('readAuthorization', () => {
  it('reads Token <key> as an API key, whatever the scheme case', () => {
    expect(readAuthorization('Token abc', { oauth: true })).toEqual({
      kind: 'api-key',
      apiKey: 'abc',
    });
    expect(readAuthorization('token abc', { oauth: false })).toEqual({
      kind: 'api-key',
      apiKey: 'abc',
    });
  });

  it('reads Bearer as an access token with OAuth on, and as an API key with OAuth off', () => {
    expect(readAuthorization('Bearer x.y.z', { oauth: true })).toEqual({
      kind: 'access-token',
      token: 'x.y.z',
    });
    expect(readAuthorization('Bearer abc', { oauth: false })).toEqual({
      kind: 'api-key',
      apiKey: 'abc',
    });
  });

  it('tells a missing header from a malformed one and from another scheme', () => {
    expect(readAuthorization(null, { oauth: false })).toEqual({ kind: 'none' });
    expect(readAuthorization('  ', { oauth: false })).toEqual({ kind: 'none' });
    expect(readAuthorization('Token', { oauth: false }).kind).toBe('malformed');
    expect(readAuthorization('Token a b', { oauth: false }).kind).toBe('malformed');
    expect(readAuthorization('Basic dXNlcg==', { oauth: true })).toEqual({
      kind: 'unusable',
      reason:
        'The Authorization scheme "Basic" is not accepted: send "Token <API key>" or "Bearer <OAuth access token>".',
    });
  });

  it('reads two credentials (two headers joined, or a list) as malformed, never echoing them', () => {
    for (const header of ['Token st_a, Bearer x.y.z', 'Token st_a, Token st_a', 'Token st_a,']) {
      const presented = readAuthorization(header, { oauth: true });
      expect(presented.kind).toBe('malformed');
      expect(JSON.stringify(presented)).not.toContain('st_a');
    }
    for (const header of ['st_live_secret x', 'st_live_secret x y']) {
      const presented = readAuthorization(header, { oauth: true });
      expect(presented.kind).not.toBe('api-key');
      expect(JSON.stringify(presented)).not.toContain('st_live_secret');
    }
    expect(readAuthorization('st_live_secret', { oauth: false })).toEqual({
      kind: 'malformed',
      reason:
        'The Authorization header holds one word, not "<scheme> <value>": send "Token <API key>".',
    });
  });
});
