/**
 * Validation of the attributes of `POST /webhooks` and `PATCH /webhooks/{id}`.
 * Every problem is collected with its JSON pointer, so one 422 names them all.
 */
import { WebhookValidationError, type WebhookValidationIssue } from './errors.js';
import { isWebhookEventName } from './events.js';
import { receiverUrlProblem } from './receiver-url.js';

/** A custom header sent with every delivery of a webhook. */
export interface WebhookHeader {
  readonly name: string;
  readonly value: string;
}

/** Attributes of a webhook after validation; absent members were not sent. */
export interface WebhookAttributesInput {
  url?: string;
  active?: boolean;
  events?: string[];
  headers?: WebhookHeader[];
}

/** Attributes of a new webhook after validation. */
export interface NewWebhookInput extends WebhookAttributesInput {
  url: string;
  active: boolean;
  events: string[];
}

const ATTRIBUTES = new Set(['url', 'active', 'events', 'headers']);
const HEADER_MEMBERS = new Set(['name', 'value']);
const TOKEN = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;
// Headers the mock sets itself (or that fetch owns); a webhook may not override them.
const RESERVED_HEADERS = new Set([
  'content-type',
  'content-length',
  'host',
  'connection',
  'transfer-encoding',
  'x-svc-webhook-signature',
]);
const MAX_HEADERS = 20;
const MAX_HEADER_VALUE_LENGTH = 1_024;

const pointerOf = (member: string) => `/data/attributes/${member}`;

/** Whether a value is a JSON object (not `null`, not an array). */
export function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function checkEvents(value: unknown, issues: WebhookValidationIssue[]): string[] | undefined {
  if (!Array.isArray(value) || value.length === 0) {
    issues.push({
      pointer: pointerOf('events'),
      code:
        value === undefined || (Array.isArray(value) && value.length === 0) ? 'blank' : 'invalid',
      detail: 'must be a non-empty array of event names (see GET /webhooks/events).',
    });
    return undefined;
  }
  const seen = new Set<string>();
  const events: string[] = [];
  value.forEach((event: unknown, index) => {
    const pointer = `${pointerOf('events')}/${index}`;
    if (!isWebhookEventName(event)) {
      issues.push({
        pointer,
        code: 'invalid',
        detail: `is not a known event name: ${JSON.stringify(event)} (see GET /webhooks/events).`,
      });
    } else if (seen.has(event)) {
      issues.push({
        pointer,
        code: 'duplicate',
        detail: `repeats ${event}; list each event once.`,
      });
    } else {
      seen.add(event);
      events.push(event);
    }
  });
  return events;
}

function checkHeader(
  header: unknown,
  index: number,
  seen: Set<string>,
  issues: WebhookValidationIssue[],
): WebhookHeader | undefined {
  const pointer = `${pointerOf('headers')}/${index}`;
  if (!isRecord(header)) {
    issues.push({ pointer, code: 'invalid', detail: 'must be an object {name, value}.' });
    return undefined;
  }
  for (const key of Object.keys(header)) {
    if (!HEADER_MEMBERS.has(key)) {
      issues.push({
        pointer: `${pointer}/${key}`,
        code: 'unknown_attribute',
        detail: 'is not a member of a header; send only name and value.',
      });
    }
  }
  const { name, value } = header;
  const before = issues.length;
  if (typeof name !== 'string' || !TOKEN.test(name)) {
    issues.push({
      pointer: `${pointer}/name`,
      code: 'invalid',
      detail: "must be an HTTP header name (letters, digits and !#$%&'*+.^_`|~-).",
    });
  } else if (RESERVED_HEADERS.has(name.toLowerCase())) {
    issues.push({
      pointer: `${pointer}/name`,
      code: 'invalid',
      detail: `is ${name}, which the service sets; it cannot be overridden.`,
    });
  } else if (seen.has(name.toLowerCase())) {
    issues.push({
      pointer: `${pointer}/name`,
      code: 'duplicate',
      detail: `repeats the header ${name}; send each header once.`,
    });
  }
  // Tab, printable ASCII and Latin-1: what an HTTP header value (and fetch) can carry.
  if (
    typeof value !== 'string' ||
    value.length > MAX_HEADER_VALUE_LENGTH ||
    /[^\t\x20-\x7e\x80-\xff]/.test(value)
  ) {
    issues.push({
      pointer: `${pointer}/value`,
      code: 'invalid',
      detail: `must be a string of at most ${MAX_HEADER_VALUE_LENGTH} characters without control characters or line breaks.`,
    });
  }
  if (issues.length > before || typeof name !== 'string' || typeof value !== 'string') {
    return undefined;
  }
  seen.add(name.toLowerCase());
  return { name, value };
}

function checkHeaders(
  value: unknown,
  issues: WebhookValidationIssue[],
): WebhookHeader[] | undefined {
  if (!Array.isArray(value) || value.length > MAX_HEADERS) {
    issues.push({
      pointer: pointerOf('headers'),
      code: 'invalid',
      detail: `must be an array of at most ${MAX_HEADERS} {name, value} objects.`,
    });
    return undefined;
  }
  const seen = new Set<string>();
  const headers: WebhookHeader[] = [];
  value.forEach((header: unknown, index) => {
    const checked = checkHeader(header, index, seen, issues);
    if (checked) headers.push(checked);
  });
  return headers;
}

/** Checks every attribute that was sent; on create, also that the required ones were. */
function parseAttributes(attributes: unknown, mode: 'create' | 'update'): WebhookAttributesInput {
  const issues: WebhookValidationIssue[] = [];
  if (!isRecord(attributes)) {
    throw new WebhookValidationError([
      { pointer: '/data/attributes', code: 'invalid', detail: 'must be an object.' },
    ]);
  }
  for (const key of Object.keys(attributes)) {
    if (!ATTRIBUTES.has(key)) {
      issues.push({
        pointer: pointerOf(key),
        code: 'unknown_attribute',
        detail: 'is not a writable webhook attribute (url, active, events, headers).',
      });
    }
  }
  const input: WebhookAttributesInput = {};
  const creating = mode === 'create';

  if (creating || attributes.url !== undefined) {
    const { url } = attributes;
    const problem = receiverUrlProblem(url);
    if (problem === undefined && typeof url === 'string') input.url = url;
    else {
      const code = attributes.url === undefined || attributes.url === '' ? 'blank' : 'invalid';
      issues.push({ pointer: pointerOf('url'), code, detail: problem ?? 'is invalid.' });
    }
  }
  if (creating || attributes.active !== undefined) {
    if (typeof attributes.active === 'boolean') input.active = attributes.active;
    else {
      const code = attributes.active === undefined ? 'blank' : 'invalid';
      issues.push({ pointer: pointerOf('active'), code, detail: 'must be true or false.' });
    }
  }
  if (creating || attributes.events !== undefined) {
    const events = checkEvents(attributes.events, issues);
    if (events) input.events = events;
  }
  if (attributes.headers !== undefined && attributes.headers !== null) {
    const headers = checkHeaders(attributes.headers, issues);
    if (headers) input.headers = headers;
  } else if (attributes.headers === null) {
    input.headers = [];
  }
  if (issues.length > 0) throw new WebhookValidationError(issues);
  return input;
}

/**
 * Validates the `attributes` of `POST /webhooks`: `url`, `active` and
 * `events` are required. Throws {@link WebhookValidationError} listing every
 * problem.
 */
export function parseNewWebhook(attributes: unknown): NewWebhookInput {
  const input = parseAttributes(attributes, 'create');
  const { url, active, events } = input;
  if (url === undefined || active === undefined || events === undefined) {
    // parseAttributes already reports a missing required attribute; this narrows the type.
    throw new WebhookValidationError([
      { pointer: '/data/attributes', code: 'blank', detail: 'must hold url, active and events.' },
    ]);
  }
  return { ...input, url, active, events };
}

/**
 * Validates the `attributes` of `PATCH /webhooks/{id}`: every attribute is
 * optional. Throws {@link WebhookValidationError} listing every problem.
 */
export function parseWebhookChanges(attributes: unknown): WebhookAttributesInput {
  return parseAttributes(attributes, 'update');
}
