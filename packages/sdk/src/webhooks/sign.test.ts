import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { signPayload } from './sign.js';

describe('signPayload', () => {
  it('matches node:crypto HMAC-SHA256 in lower-case hex for text and bytes', async () => {
    const body = '{"data":{"id":"1","type":"webhook_notification"}}';
    const expected = createHmac('sha256', 'whsec_test').update(body).digest('hex');
    expect(await signPayload(body, 'whsec_test')).toBe(expected);
    expect(await signPayload(new TextEncoder().encode(body), 'whsec_test')).toBe(expected);
    expect(expected).toMatch(/^[0-9a-f]{64}$/);
  });

  it('gives a different signature for another secret', async () => {
    expect(await signPayload('x', 'a')).not.toBe(await signPayload('x', 'b'));
  });
});
