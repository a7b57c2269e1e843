import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { isHmacSha256, isHmacSha256WebCrypto } from './hmac.js';

const encoder = new TextEncoder();
const body = encoder.encode('{"data":{"id":"n1"}}');
const digestOf = (secret: string, bytes: Uint8Array) =>
  new Uint8Array(createHmac('sha256', secret).update(bytes).digest());

describe('isHmacSha256', () => {
  for (const [name, check] of [
    ['on node:crypto', isHmacSha256],
    ['on WebCrypto', isHmacSha256WebCrypto],
  ] as const) {
    it(`${name}: accepts the HMAC of the body and refuses another secret, body or digest`, async () => {
      const digest = digestOf('whsec_a', body);
      expect(await check('whsec_a', digest, body)).toBe(true);
      expect(await check('whsec_b', digest, body)).toBe(false);
      expect(await check('whsec_a', digest, encoder.encode('{"data":{"id":"n2"}}'))).toBe(false);
      const flipped = digest.slice();
      flipped[31] = (flipped[31] ?? 0) ^ 1;
      expect(await check('whsec_a', flipped, body)).toBe(false);
    });
  }
});
