import { describe, expect, it } from 'vitest';
import { RawHeaders } from './raw-headers.js';

/** Names and values in turn, as `IncomingMessage.rawHeaders`. */
const RAW = [
  'Host',
  'localhost:3000',
  'Authorization',
  'Token one',
  'authorization',
  'Token two',
  'Accept',
  ' application/json, text/event-stream\t',
  'MCP-Protocol-Version',
  '2026-07-28',
  'X-Empty',
  '',
];

describe('RawHeaders', () => {
  it('reads every header as Headers built from the same raw pairs reads it', () => {
    const pairs: [string, string][] = [];
    for (let i = 0; i < RAW.length; i += 2) pairs.push([RAW[i] ?? '', RAW[i + 1] ?? '']);
    const headers = new Headers(pairs);
    const raw = new RawHeaders(RAW);
    for (const name of [
      'host',
      'AUTHORIZATION',
      'accept',
      'mcp-protocol-version',
      'x-empty',
      'origin',
    ]) {
      expect(raw.get(name), name).toBe(headers.get(name));
    }
    expect(raw.get('authorization')).toBe('Token one, Token two');
    expect(raw.get('accept')).toBe('application/json, text/event-stream');
  });
});
