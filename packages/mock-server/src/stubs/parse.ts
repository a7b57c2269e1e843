/**
 * Reads a stub from a control-API body or a JavaScript call (the same
 * JSON), recording every problem of its shape. Whether its answer matches
 * the spec is checked after (`spec-validation.ts`).
 */

import { type BodyCheck, isObject } from '../http/validation.js';
import { parsePattern } from '../journal/pattern.js';
import type { StubDelay, StubInput, StubRequest, StubResponse } from './types.js';

/** The longest real-time delay: ten minutes. */
export const MAX_REAL_DELAY_MS = 600_000;
/** The longest delay on the mock's clock: ten years. */
export const MAX_MOCK_DELAY_MS = 10 * 366 * 86_400_000;
/** The most requests one stub answers when counted. */
const MAX_TIMES = 1_000_000;

/** Headers the server computes; a stub cannot set them. */
const COMPUTED_HEADERS = new Set(['content-length', 'transfer-encoding', 'connection']);
const HEADER_NAME = /^[!#$%&'*+.^_`|~0-9A-Za-z-]+$/;

function parseHeaders(value: unknown, check: BodyCheck): Record<string, string> | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    check.add(
      '/response/headers',
      'invalid',
      'must be an object of header names and string values.',
    );
    return undefined;
  }
  const headers: Record<string, string> = {};
  for (const [name, given] of Object.entries(value)) {
    const at = `/response/headers/${name.replaceAll('~', '~0').replaceAll('/', '~1')}`;
    if (!HEADER_NAME.test(name)) check.add(at, 'invalid', 'is not a header name.');
    else if (COMPUTED_HEADERS.has(name.toLowerCase())) {
      check.add(at, 'invalid', 'is set by the server from the body; leave it out.');
    } else if (typeof given !== 'string' || /[\r\n\0]/.test(given)) {
      check.add(at, 'invalid', 'must be a string without line breaks.');
    } else headers[name.toLowerCase()] = given;
  }
  return headers;
}

function parseDelay(value: unknown, check: BodyCheck): StubDelay | undefined {
  if (value === undefined) return undefined;
  if (!isObject(value)) {
    check.add(
      '/response/delay',
      'invalid',
      'must be an object such as { "ms": 2000 } or { "ms": 60000, "clock": "mock" }.',
    );
    return undefined;
  }
  check.closed(value, '/response/delay', ['ms', 'clock']);
  const clock = check.string(value, '/response/delay', 'clock', {
    required: false,
    values: ['real', 'mock'],
  });
  const max = clock === 'mock' ? MAX_MOCK_DELAY_MS : MAX_REAL_DELAY_MS;
  const ms = value.ms;
  if (typeof ms !== 'number' || !Number.isSafeInteger(ms) || ms < 0 || ms > max) {
    check.add(
      '/response/delay/ms',
      'invalid',
      `must be a whole number of milliseconds from 0 to ${max} (${clock ?? 'real'} clock).`,
    );
    return undefined;
  }
  return clock === 'mock' ? { ms, clock } : { ms, clock: 'real' };
}

function parseResponse(value: unknown, check: BodyCheck): StubResponse {
  if (!isObject(value)) {
    check.add(
      '/response',
      value === undefined ? 'blank' : 'invalid',
      'must be an object such as { "status": 503 }.',
    );
    return { status: 500 };
  }
  check.closed(value, '/response', ['status', 'headers', 'body', 'text', 'delay']);
  const { status } = value;
  const statusOk =
    typeof status === 'number' && Number.isInteger(status) && status >= 200 && status <= 599;
  if (!statusOk)
    check.add('/response/status', 'invalid', 'must be an HTTP status from 200 to 599.');
  const response: { -readonly [K in keyof StubResponse]: StubResponse[K] } = {
    status: statusOk ? status : 500,
  };
  const headers = parseHeaders(value.headers, check);
  if (headers !== undefined) response.headers = headers;
  if (value.body !== undefined) response.body = value.body;
  if (value.text !== undefined) {
    if (typeof value.text === 'string') response.text = value.text;
    else check.add('/response/text', 'invalid', 'must be a string (the body as sent).');
  }
  if (response.body !== undefined && response.text !== undefined) {
    check.add('/response/text', 'invalid', 'cannot be combined with body; send one of them.');
  }
  const hasBody = response.body !== undefined || response.text !== undefined;
  if (hasBody && [204, 205, 304].includes(response.status)) {
    check.add(
      '/response/status',
      'invalid',
      `${response.status} is an answer without a body; leave body and text out.`,
    );
  }
  const delay = parseDelay(value.delay, check);
  if (delay !== undefined) response.delay = delay;
  return response;
}

/** Reads a stub; problems go to `check` (call `check.finish()` after). */
export function parseStub(value: unknown, check: BodyCheck): StubInput {
  if (!isObject(value)) {
    check.add(
      '',
      'invalid',
      'must be an object such as { "request": { "method": "GET", "path": "/v2/containers/*" }, "response": { "status": 503 }, "times": 1 }.',
    );
    return { request: { method: 'GET', path: '/' }, response: { status: 500 } };
  }
  check.closed(value, '', ['request', 'response', 'times', 'invalid']);
  const pattern = parsePattern(value.request, '/request', check, { withStatus: false });
  if (isObject(value.request)) {
    if (pattern.method === undefined || pattern.method === '*') {
      check.add(
        '/request/method',
        'blank',
        'must name the method the stub answers (GET, POST, ...).',
      );
    }
    if (pattern.path === undefined) {
      check.add(
        '/request/path',
        'blank',
        "can't be blank: give the path from /v2, e.g. /v2/containers/*.",
      );
    }
  }
  const request: StubRequest = {
    ...pattern,
    method: pattern.method ?? 'GET',
    path: pattern.path ?? '/',
  };
  const stub: { -readonly [K in keyof StubInput]: StubInput[K] } = {
    request,
    response: parseResponse(value.response, check),
  };
  if (value.times !== undefined) {
    const { times } = value;
    if (typeof times === 'number' && Number.isInteger(times) && times >= 1 && times <= MAX_TIMES) {
      stub.times = times;
    } else {
      check.add(
        '/times',
        'invalid',
        `must be a whole number from 1 to ${MAX_TIMES}; leave it out to answer until removed.`,
      );
    }
  }
  if (value.invalid !== undefined) {
    if (typeof value.invalid === 'boolean') stub.invalid = value.invalid;
    else check.add('/invalid', 'invalid', 'must be true or false.');
  }
  if (stub.response.text !== undefined && stub.invalid !== true) {
    check.add(
      '/response/text',
      'invalid',
      'is a body the spec cannot describe (it documents JSON); set "invalid": true to send it on purpose, or give a JSON body.',
    );
  }
  return stub;
}
