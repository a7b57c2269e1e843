import { describe, expect, it } from 'vitest';
import { isSpecObject, loadSpec, valueAtPointer } from '../../../test-support/spec-document.js';
import {
  MAX_DELIVERY_RETRIES,
  RETRY_DELAYS_MS,
  retryDelayMs,
} from '../src/engine/webhooks/backoff.js';
import {
  isWebhookEventName,
  WEBHOOK_EVENT_CATEGORIES,
  WEBHOOK_EVENT_NAMES,
} from '../src/engine/webhooks/events.js';
import { receiverUrlProblem } from '../src/engine/webhooks/receiver-url.js';

/** The event names the spec allows: the enums its `WebhookEventName` union refers to. */
function specEventNames(): string[] {
  const spec = loadSpec();
  const union = valueAtPointer(spec, '/components/schemas/WebhookEventName/anyOf');
  if (!Array.isArray(union)) throw new Error('WebhookEventName is no longer an anyOf of enums');
  return union.flatMap((member: unknown) => {
    const ref = isSpecObject(member) ? member.$ref : undefined;
    const values =
      typeof ref === 'string' ? valueAtPointer(spec, `${ref.slice(1)}/enum`) : undefined;
    if (!Array.isArray(values)) throw new Error(`no enum behind ${String(ref)}`);
    return values.filter((value): value is string => typeof value === 'string');
  });
}

describe('webhook event catalogue', () => {
  it('lists exactly the event names of the spec, each once', () => {
    expect(new Set(WEBHOOK_EVENT_NAMES).size).toBe(WEBHOOK_EVENT_NAMES.length);
    expect([...WEBHOOK_EVENT_NAMES].sort()).toEqual(specEventNames().sort());
  });

  it('gives every event a description', () => {
    for (const category of WEBHOOK_EVENT_CATEGORIES) {
      expect(category.events.length).toBeGreaterThan(0);
      for (const event of category.events) expect(event.description.length).toBeGreaterThan(10);
    }
  });

  it('knows the names of the catalogue and no other', () => {
    expect(WEBHOOK_EVENT_NAMES.every(isWebhookEventName)).toBe(true);
    for (const name of ['container.transport.teleported', 'tracking_request', '', 42, null]) {
      expect(isWebhookEventName(name)).toBe(false);
    }
  });
});

describe('retry schedule', () => {
  it('allows 12 retries with growing waits, then none', () => {
    expect(MAX_DELIVERY_RETRIES).toBe(12);
    for (let retry = 2; retry <= 12; retry++) {
      expect(retryDelayMs(retry)).toBeGreaterThan(retryDelayMs(retry - 1) ?? 0);
    }
    expect(retryDelayMs(1)).toBe(RETRY_DELAYS_MS[0]);
    expect(retryDelayMs(13)).toBeUndefined();
    expect(retryDelayMs(0)).toBeUndefined();
  });
});

describe('receiver URLs', () => {
  it.each([
    'https://example.com/hooks',
    'https://10.0.0.1:8443/x',
    'http://127.0.0.1:3000/hook',
    'http://localhost/hook',
    'http://[::1]:9000/',
  ])('accepts %s', (url) => {
    expect(receiverUrlProblem(url)).toBeUndefined();
  });

  it.each([
    'http://example.com/hooks',
    'http://10.0.0.1/hook',
    'ftp://example.com/',
    'https://user:pass@example.com/',
    'example.com/hooks',
    '',
    42,
    undefined,
  ])('refuses %s', (url) => {
    expect(receiverUrlProblem(url)).toMatch(/\./);
  });
});
