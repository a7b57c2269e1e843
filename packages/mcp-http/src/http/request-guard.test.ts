import { describe, expect, it } from 'vitest';
import { originAllowed, parseOriginRules } from './request-guard.js';

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
