/**
 * The SDK sends a query in one style (`packages/sdk/src/core/operation-url.ts`):
 * a list comma-joined, no object. The operation table's reader refuses a
 * query parameter that the spec serializes otherwise, so such a parameter
 * fails `pnpm generate` instead of going out in a form the service does
 * not read.
 */
import { describe, expect, it } from 'vitest';
import { SpecConventionError } from '../scripts/generate/spec.js';
import { readOperations } from '../scripts/generate-operations.js';
import { isSpecObject, loadSpec, type SpecObject } from '../test-support/spec-document.js';

/** The spec with `change` applied to a copy of its `ShipmentInclude` parameter (`include` of shipments). */
function withShipmentInclude(change: (parameter: SpecObject) => void): SpecObject {
  const document = structuredClone(loadSpec());
  const components = document.components;
  const parameters = isSpecObject(components) ? components.parameters : undefined;
  const include = isSpecObject(parameters) ? parameters.ShipmentInclude : undefined;
  if (!isSpecObject(include)) throw new Error('spec/openapi.yaml no longer has ShipmentInclude.');
  change(include);
  return document;
}

/** Reads the operation table from `document`; the refusal's message, or `undefined`. */
function refusal(document: SpecObject): string | undefined {
  const buckets = document['x-rate-limit-buckets'];
  try {
    readOperations(document, new Set(isSpecObject(buckets) ? Object.keys(buckets) : []));
  } catch (error) {
    if (error instanceof SpecConventionError) return error.message;
    throw error;
  }
  return undefined;
}

describe('query parameters the SDK can send', () => {
  it('accepts the spec as committed', () => {
    expect(refusal(loadSpec())).toBeUndefined();
  });

  it.each([
    ['exploded', { explode: true }],
    ['without explode (form explodes by default)', { explode: undefined }],
    ['space delimited', { style: 'spaceDelimited' }],
  ])('refuses a list %s', (_, changes) => {
    const document = withShipmentInclude((parameter) => Object.assign(parameter, changes));
    expect(refusal(document)).toBe(
      'GET /shipments include: a list in a query must be `style: form` with `explode: false` (comma-joined), the one style the SDK sends.',
    );
  });

  it('refuses an object', () => {
    const document = withShipmentInclude((parameter) => {
      parameter.schema = { type: 'object' };
    });
    expect(refusal(document)).toBe(
      'GET /shipments include: the SDK sends no object in a query; describe each member as a parameter of its own (filter[name]).',
    );
  });
});
