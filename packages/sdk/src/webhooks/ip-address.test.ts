import { describe, expect, it } from 'vitest';
import { ipInRange, parseIpAddress, parseIpRange } from './ip-address.js';

const bytes = (ip: string) => Array.from(parseIpAddress(ip) ?? []);

describe('parseIpAddress', () => {
  it('reads IPv4 and IPv4-mapped IPv6 as the same four bytes', () => {
    expect(bytes('34.224.1.7')).toEqual([34, 224, 1, 7]);
    expect(bytes('::ffff:34.224.1.7')).toEqual([34, 224, 1, 7]);
    expect(bytes('::FFFF:22e0:107')).toEqual([34, 224, 1, 7]);
  });

  it('reads IPv6 in compressed, full, bracketed and zoned forms alike', () => {
    const expected = bytes('2001:db8::1');
    expect(expected).toHaveLength(16);
    expect(bytes('2001:0db8:0000:0000:0000:0000:0000:0001')).toEqual(expected);
    expect(bytes('[2001:db8::1]')).toEqual(expected);
    expect(bytes('2001:db8::1%eth0')).toEqual(expected);
  });

  it('refuses what is not an address', () => {
    for (const text of [
      '',
      'localhost',
      '1.2.3',
      '1.2.3.256',
      '1::2::3',
      '1:2:3:4:5:6:7:8:9',
      '12345::',
    ]) {
      expect(parseIpAddress(text)).toBeUndefined();
    }
  });
});

describe('parseIpRange and ipInRange', () => {
  it('matches single addresses exactly and ranges by prefix', () => {
    const single = parseIpRange('34.224.1.7');
    const range = parseIpRange('10.20.0.0/16');
    if (single === undefined || range === undefined) throw new Error('parse failed');
    const address = (ip: string) => parseIpAddress(ip) ?? new Uint8Array();
    expect(ipInRange(address('34.224.1.7'), single)).toBe(true);
    expect(ipInRange(address('34.224.1.8'), single)).toBe(false);
    expect(ipInRange(address('10.20.255.1'), range)).toBe(true);
    expect(ipInRange(address('10.21.0.1'), range)).toBe(false);
    expect(ipInRange(address('::ffff:10.20.0.9'), range)).toBe(true);
    expect(ipInRange(address('2001:db8::1'), range)).toBe(false);
  });

  it('refuses prefixes longer than the address', () => {
    expect(parseIpRange('10.0.0.0/33')).toBeUndefined();
    expect(parseIpRange('10.0.0.0/8/8')).toBeUndefined();
  });
});
