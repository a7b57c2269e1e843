import { describe, expect, it } from 'vitest';
import { hostnameOf, originAllowed, parseOriginRules } from './request-guard.js';

describe('origin rules', () => {
  const rules = parseOriginRules(['https://app.example.com', 'localhost']);

  it('matches a full origin exactly (scheme, host and port)', () => {
    expect(originAllowed('https://app.example.com', rules)).toBe(true);
    expect(originAllowed('http://app.example.com', rules)).toBe(false);
    expect(originAllowed('https://app.example.com:8443', rules)).toBe(false);
    expect(originAllowed('https://evil.app.example.com', rules)).toBe(false);
  });

  it('matches a host name on any scheme and port', () => {
    expect(originAllowed('http://localhost:6274', rules)).toBe(true);
    expect(originAllowed('https://localhost', rules)).toBe(true);
  });

  it('matches a host name whole, not as the end of a longer one', () => {
    expect(originAllowed('http://evillocalhost:6274', rules)).toBe(false);
    expect(originAllowed('http://evil.localhost:6274', rules)).toBe(false);
  });

  it('refuses the opaque null origin and garbage', () => {
    expect(originAllowed('null', rules)).toBe(false);
    expect(originAllowed('not a url', rules)).toBe(false);
  });

  it('refuses an entry with a path, naming it', () => {
    expect(() => parseOriginRules(['https://app.example.com/page'])).toThrow(
      /app\.example\.com\/page/,
    );
  });
});

describe('host names of Host headers', () => {
  it('reads a name, an address or a bracketed IPv6 address, with an optional port, lowercased', () => {
    expect(hostnameOf('LOCALHOST')).toBe('localhost');
    expect(hostnameOf('mcp.example.com:8443')).toBe('mcp.example.com');
    expect(hostnameOf('127.0.0.1:3000')).toBe('127.0.0.1');
    expect(hostnameOf('[::1]:3000')).toBe('[::1]');
  });

  it('takes numeric aliases as written instead of resolving them to 127.0.0.1', () => {
    expect(hostnameOf('127.1')).toBe('127.1');
    expect(hostnameOf('0x7f000001')).toBe('0x7f000001');
  });

  it('finds no host name in user info, paths, spaces, bad ports or lists', () => {
    for (const value of [
      'localhost@evil.example',
      'localhost/admin',
      'local host',
      'localhost:abc',
      'localhost:99999',
      '[::1',
      'localhost, evil.example',
      '',
    ]) {
      expect(hostnameOf(value)).toBeUndefined();
    }
  });
});
