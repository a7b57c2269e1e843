import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isSpecObject, loadSpec, type SpecObject } from '../../test-support/spec-document.js';
import { operationOf, requestSchemaOf, schemaAt } from './spec-schemas.js';
import { findMissingSurface, readSurface } from './surface-coverage.js';

const SERVICE_SURFACE = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../shared/spec-source/service-surface.md',
);
const haveSurface = existsSync(SERVICE_SURFACE);
const describeSurface = haveSurface ? describe : describe.skip;
// When skipped, the title is what the test report shows, so it says why.
const title = haveSurface
  ? 'spec/openapi.yaml covers service-surface.md'
  : 'service-surface.md not found beside the repo (../shared): surface coverage skipped';

/** Walks object keys from the given object, failing loudly when the spec's layout changed. */
function objectAt(document: SpecObject, ...keys: string[]): SpecObject {
  let current: unknown = document;
  for (const key of keys) current = isSpecObject(current) ? current[key] : undefined;
  if (!isSpecObject(current)) throw new Error(`spec has no object at ${keys.join('.')}`);
  return current;
}

describe('reading service-surface.md', () => {
  it('reads operations, parameters, body members and statuses', () => {
    const markdown = [
      '# Title',
      '## POST /things/{id}/rotate',
      '',
      'Rotate a thing.',
      '- param `id` in path: string (required)',
      '- request body (application/json):',
      '  - `data`: object',
      '    - `attributes`: object (required)',
      '      - `degrees`: integer',
      '- 202 (application/json):',
      '  - `status`: string',
      '- 404 (application/json):',
      '## DELETE /things/{id}',
      '- 204: No Content',
    ].join('\n');
    expect(readSurface(markdown)).toEqual([
      {
        method: 'POST',
        path: '/things/{id}/rotate',
        parameters: ['id'],
        bodyMembers: ['data', 'data.attributes', 'data.attributes.degrees'],
        statuses: ['202', '404'],
      },
      {
        method: 'DELETE',
        path: '/things/{id}',
        parameters: [],
        bodyMembers: [],
        statuses: ['204'],
      },
    ]);
  });
});

describeSurface(title, () => {
  const markdown = haveSurface ? readFileSync(SERVICE_SURFACE, 'utf8') : '';

  it('documents all 48 operations', () => {
    expect(readSurface(markdown)).toHaveLength(48);
  });

  it('misses nothing', () => {
    expect(findMissingSurface(markdown, loadSpec())).toEqual([]);
  });

  it('reports a removed operation, parameter and status', () => {
    const spec = structuredClone(loadSpec());
    delete objectAt(spec, 'paths')['/parties/{id}'];
    const list = objectAt(spec, 'paths', '/documents', 'get');
    const parameters = Array.isArray(list.parameters) ? list.parameters : [];
    list.parameters = parameters.filter((p) => !JSON.stringify(p).includes('filename'));
    delete objectAt(spec, 'paths', '/documents/{id}/rotate', 'post', 'responses')['422'];
    expect(findMissingSurface(markdown, spec)).toEqual([
      'operation GET /parties/{id}',
      'operation PATCH /parties/{id}',
      'parameter filter[filename] of GET /documents',
      'status 422 of POST /documents/{id}/rotate',
    ]);
  });

  it('names every operation in camelCase from its words, as the SDK and the mock read them', () => {
    const ids = readSurface(markdown).map(
      ({ method, path }) => operationOf(loadSpec(), method, path)?.operationId,
    );
    const badlyNamed = ids.filter(
      (id) => typeof id !== 'string' || !/^[a-z]+(?:[A-Z][a-z]+)*$/.test(id),
    );
    expect(badlyNamed).toEqual([]);
    expect(ids).toContain('listTrackingRequestCustomFields');
    expect(new Set(ids).size).toBe(ids.length);
  });

  it('accepts only 90, 180 and 270 degrees on rotate', () => {
    const spec = loadSpec();
    const operation = operationOf(spec, 'POST', '/documents/{id}/rotate');
    expect(operation).toBeDefined();
    const body = requestSchemaOf(spec, operation ?? {});
    expect(body).toEqual({ $ref: '#/components/schemas/DocumentRotateRequest' });
    expect(schemaAt(spec, '/components/schemas/RotationDegrees')?.enum).toEqual([90, 180, 270]);
  });
});
