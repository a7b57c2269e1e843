import { describe, expect, it } from 'vitest';
import { WebhookSignatureError } from './errors.js';
import { getSignatureHeader } from './headers.js';

const signature = 'a'.repeat(64);

function failure(run: () => unknown): string | undefined {
  try {
    run();
  } catch (error) {
    if (error instanceof WebhookSignatureError) return error.reason;
    throw error;
  }
  return undefined;
}

describe('getSignatureHeader', () => {
  it('finds the header in Fetch Headers whatever its casing', () => {
    expect(getSignatureHeader(new Headers({ 'x-svc-webhook-signature': signature }))).toBe(
      signature,
    );
    expect(getSignatureHeader(new Headers({ 'X-SVC-WEBHOOK-SIGNATURE': signature }))).toBe(
      signature,
    );
  });

  it('finds it in Node IncomingHttpHeaders, including a one-element string[]', () => {
    expect(getSignatureHeader({ host: 'x', 'x-svc-webhook-signature': signature })).toBe(signature);
    expect(getSignatureHeader({ 'x-svc-webhook-signature': [signature] })).toBe(signature);
  });

  it('finds it in a plain object with any key casing, and in [name, value] pairs', () => {
    expect(getSignatureHeader({ 'X-Svc-Webhook-Signature': signature })).toBe(signature);
    expect(getSignatureHeader([['X-SVC-Webhook-Signature', signature]])).toBe(signature);
    expect(getSignatureHeader(new Map([['x-svc-webhook-signature', signature]]))).toBe(signature);
  });

  it('trims surrounding whitespace', () => {
    expect(getSignatureHeader({ 'x-svc-webhook-signature': ` ${signature} ` })).toBe(signature);
  });

  it('reports a missing or empty header', () => {
    expect(failure(() => getSignatureHeader(new Headers()))).toBe('missing_header');
    expect(failure(() => getSignatureHeader({ 'x-svc-webhook-signature': undefined }))).toBe(
      'missing_header',
    );
    expect(failure(() => getSignatureHeader({ 'x-svc-webhook-signature': '' }))).toBe(
      'missing_header',
    );
    expect(failure(() => getSignatureHeader({ 'x-svc-webhook-signature': [] }))).toBe(
      'missing_header',
    );
  });

  it('rejects a header sent twice, in every shape that can carry it', () => {
    const fetchHeaders = new Headers();
    fetchHeaders.append('X-SVC-Webhook-Signature', signature);
    fetchHeaders.append('x-svc-webhook-signature', 'b'.repeat(64));
    expect(failure(() => getSignatureHeader(fetchHeaders))).toBe('duplicate_header');
    expect(
      failure(() => getSignatureHeader({ 'x-svc-webhook-signature': [signature, signature] })),
    ).toBe('duplicate_header');
    expect(
      failure(() =>
        getSignatureHeader({
          'X-SVC-Webhook-Signature': signature,
          'x-svc-webhook-signature': signature,
        }),
      ),
    ).toBe('duplicate_header');
    // Node joins repeated custom headers with ", " into one string.
    expect(
      failure(() =>
        getSignatureHeader({ 'x-svc-webhook-signature': `${signature}, ${signature}` }),
      ),
    ).toBe('duplicate_header');
  });
});
