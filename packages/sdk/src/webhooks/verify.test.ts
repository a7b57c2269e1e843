import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { WebhookConfigurationError, WebhookRawBodyError } from './errors.js';
import { verifySignature } from './verify.js';

const secret = 'whsec_current';
const body =
  '{"data":{"id":"5a7b","type":"webhook_notification","attributes":{"event":"container.updated"}}}';
const hmac = (text: string | Uint8Array, key = secret) =>
  createHmac('sha256', key).update(text).digest('hex');

describe('verifySignature', () => {
  it('accepts the node:crypto HMAC-SHA256 of the body for every raw body type', async () => {
    const signature = hmac(body);
    const bytes = new TextEncoder().encode(body);
    expect(await verifySignature(body, signature, secret)).toBe(true);
    expect(await verifySignature(bytes, signature, secret)).toBe(true);
    expect(await verifySignature(Buffer.from(body), signature, secret)).toBe(true);
    expect(await verifySignature(bytes.buffer, signature, secret)).toBe(true);
  });

  it('reads a Buffer that is a slice of a larger pooled buffer by its own bytes only', async () => {
    const pooled = Buffer.from(`garbage${body}trailing`);
    const view = pooled.subarray(7, 7 + body.length);
    expect(await verifySignature(view, hmac(body), secret)).toBe(true);
  });

  it('accepts any of several secrets during a rotation', async () => {
    const signedWithOld = hmac(body, 'whsec_old');
    expect(await verifySignature(body, signedWithOld, ['whsec_current', 'whsec_old'])).toBe(true);
    expect(await verifySignature(body, signedWithOld, 'whsec_current')).toBe(false);
  });

  it('rejects a signature made with another secret', async () => {
    expect(await verifySignature(body, hmac(body, 'whsec_other'), secret)).toBe(false);
  });

  it('rejects a truncated or altered body', async () => {
    const signature = hmac(body);
    expect(await verifySignature(body.slice(0, -1), signature, secret)).toBe(false);
    expect(
      await verifySignature(
        body.replace('container.updated', 'container.created'),
        signature,
        secret,
      ),
    ).toBe(false);
    expect(await verifySignature(`${body}\n`, signature, secret)).toBe(false);
  });

  it('rejects non-hex and wrong-length signatures without throwing', async () => {
    const signature = hmac(body);
    expect(await verifySignature(body, `${signature.slice(0, 62)}zz`, secret)).toBe(false);
    expect(await verifySignature(body, signature.slice(0, 62), secret)).toBe(false);
    expect(await verifySignature(body, `${signature}00`, secret)).toBe(false);
    expect(await verifySignature(body, '', secret)).toBe(false);
    expect(await verifySignature(body, `sha256=${signature}`, secret)).toBe(false);
    expect(await verifySignature(body, undefined, secret)).toBe(false);
    expect(await verifySignature(body, null, secret)).toBe(false);
  });

  it('treats the hex digits case-insensitively, since they encode the same digest', async () => {
    expect(await verifySignature(body, hmac(body).toUpperCase(), secret)).toBe(true);
  });

  it('verifies an empty body like any other (its rejection is the parser’s job)', async () => {
    expect(await verifySignature('', hmac(''), secret)).toBe(true);
  });

  it('throws an explanation of raw bodies when given a parsed object', async () => {
    const parsed: unknown = JSON.parse(body);
    // Deliberately bypasses the types, as a JavaScript caller with a parsed body would.
    const call = verifySignature(parsed as string, hmac(body), secret);
    await expect(call).rejects.toBeInstanceOf(WebhookRawBodyError);
    await expect(call).rejects.toThrow(/express\.raw\(\{ type: 'application\/json' \}\)/);
    await expect(call).rejects.toThrow(/request\.text\(\)/);
  });

  it('throws a configuration error when no secret is given, never echoing secrets', async () => {
    await expect(verifySignature(body, hmac(body), [])).rejects.toBeInstanceOf(
      WebhookConfigurationError,
    );
    await expect(verifySignature(body, hmac(body), '')).rejects.toBeInstanceOf(
      WebhookConfigurationError,
    );
    const error = await verifySignature(body, hmac(body), ['whsec_current', '']).catch((e) => e);
    expect(String(error.message)).not.toContain('whsec_current');
  });
});
