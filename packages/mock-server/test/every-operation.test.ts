/**
 * Every operation of the spec has a route in the mock: a request to each
 * (with an id that names nothing) reaches a route, which answers by the
 * spec (a 404 "no such record" is a route's answer; "no endpoint" is not).
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { isSpecObject, loadSpec } from '../../../test-support/spec-document.js';
import { operations } from '../src/engine/operations.js';
import { type Harness, inProcessHarness } from './harness.js';

const SOME_ID = '7d2f0a5e-3c1b-4e8f-9a6d-2b4c6e8f0a1c';

/** The operationId of every operation of `spec/openapi.yaml`, read from the spec itself. */
function specOperationIds(): string[] {
  const paths = loadSpec().paths;
  return Object.values(isSpecObject(paths) ? paths : {}).flatMap((item) =>
    Object.values(isSpecObject(item) ? item : {}).flatMap((operation) =>
      isSpecObject(operation) && typeof operation.operationId === 'string'
        ? [operation.operationId]
        : [],
    ),
  );
}

describe('the operation table', () => {
  let h: Harness;
  beforeEach(() => {
    h = inProcessHarness({ rateLimits: false });
  });
  afterEach(() => h.close());

  it('has a route for every operation of the spec', async () => {
    const unrouted: string[] = [];
    for (const [operationId, { method, path }] of Object.entries(operations)) {
      const url = path.replace(/\{[^}]+\}/g, SOME_ID);
      const response = await h.api(
        method,
        url,
        method === 'GET' || method === 'DELETE' ? {} : { body: {} },
      );
      const detail: unknown = response.body?.errors?.[0]?.detail;
      if (typeof detail === 'string' && detail.startsWith('There is no endpoint'))
        unrouted.push(operationId);
    }
    expect(unrouted).toEqual([]);
    // Every operation the spec documents is in the table the mock routes by: none left out.
    expect(Object.keys(operations).sort()).toEqual(specOperationIds().sort());
  });
});
