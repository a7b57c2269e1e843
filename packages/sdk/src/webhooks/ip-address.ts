/**
 * IP addresses as bytes, for comparing the source address of a delivery with
 * the service's list: IPv4 (4 bytes), IPv6 (16 bytes), IPv4-mapped IPv6
 * (`::ffff:1.2.3.4`, how dual-stack Node servers report IPv4 peers) read as
 * the IPv4 address, and `address/prefix` ranges.
 */

function parseIpv4(text: string): Uint8Array | undefined {
  const parts = text.split('.');
  if (parts.length !== 4) return undefined;
  const bytes = new Uint8Array(4);
  for (const [index, part] of parts.entries()) {
    if (!/^\d{1,3}$/.test(part)) return undefined;
    const value = Number(part);
    if (value > 255) return undefined;
    bytes[index] = value;
  }
  return bytes;
}

function parseGroups(text: string): number[] | undefined {
  if (text === '') return [];
  const groups: number[] = [];
  const parts = text.split(':');
  for (const [index, part] of parts.entries()) {
    if (index === parts.length - 1 && part.includes('.')) {
      const v4 = parseIpv4(part);
      if (v4 === undefined) return undefined;
      groups.push(((v4[0] ?? 0) << 8) | (v4[1] ?? 0), ((v4[2] ?? 0) << 8) | (v4[3] ?? 0));
    } else {
      if (!/^[0-9a-f]{1,4}$/i.test(part)) return undefined;
      groups.push(Number.parseInt(part, 16));
    }
  }
  return groups;
}

function parseIpv6(text: string): Uint8Array | undefined {
  const halves = text.split('::');
  if (halves.length > 2) return undefined;
  const head = parseGroups(halves[0] ?? '');
  const tail = halves.length === 2 ? parseGroups(halves[1] ?? '') : [];
  if (head === undefined || tail === undefined) return undefined;
  const missing = 8 - head.length - tail.length;
  if (halves.length === 2 ? missing < 1 : missing !== 0) return undefined;
  const groups = [...head, ...Array<number>(missing).fill(0), ...tail];
  const bytes = new Uint8Array(16);
  for (const [index, group] of groups.entries()) {
    bytes[index * 2] = group >> 8;
    bytes[index * 2 + 1] = group & 0xff;
  }
  return bytes;
}

const V4_MAPPED_PREFIX = [0, 0, 0, 0, 0, 0, 0, 0, 0, 0, 0xff, 0xff];

/**
 * The bytes of an IP address, or `undefined` when it is not one. Accepts
 * brackets (`[::1]`) and zone ids (`fe80::1%eth0`); an IPv4-mapped IPv6
 * address gives the 4 bytes of its IPv4 address.
 */
export function parseIpAddress(input: string): Uint8Array | undefined {
  let text = input.trim();
  if (text.startsWith('[') && text.endsWith(']')) text = text.slice(1, -1);
  const zone = text.indexOf('%');
  if (zone !== -1) text = text.slice(0, zone);
  if (!text.includes(':')) return parseIpv4(text);
  const bytes = parseIpv6(text);
  if (bytes !== undefined && V4_MAPPED_PREFIX.every((value, index) => bytes[index] === value)) {
    return bytes.slice(12);
  }
  return bytes;
}

/** An address or an `address/prefix` range of the allow-list, parsed. */
export interface IpRange {
  readonly bytes: Uint8Array;
  readonly prefixLength: number;
}

/** Parses `1.2.3.4`, `2001:db8::1` or `10.0.0.0/8`; `undefined` when it is none of them. */
export function parseIpRange(input: string): IpRange | undefined {
  const [address = '', prefix, extra] = input.trim().split('/');
  if (extra !== undefined) return undefined;
  const bytes = parseIpAddress(address);
  if (bytes === undefined) return undefined;
  const bits = bytes.length * 8;
  if (prefix === undefined) return { bytes, prefixLength: bits };
  if (!/^\d{1,3}$/.test(prefix) || Number(prefix) > bits) return undefined;
  return { bytes, prefixLength: Number(prefix) };
}

/** True when `address` lies within `range` (same family, same leading bits). */
export function ipInRange(address: Uint8Array, range: IpRange): boolean {
  if (address.length !== range.bytes.length) return false;
  let remaining = range.prefixLength;
  for (let index = 0; remaining > 0; index++, remaining -= 8) {
    const mask = remaining >= 8 ? 0xff : (0xff << (8 - remaining)) & 0xff;
    if (((address[index] ?? 0) & mask) !== ((range.bytes[index] ?? 0) & mask)) return false;
  }
  return true;
}
