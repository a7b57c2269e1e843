/**
 * The mock's registry against the spec it is generated from: every resource
 * type a read of the spec answers with is in the registry, the registry
 * names no type the spec lacks,
 * and every read of the spec is either cacheable or listed with its reason.
 */
import { describe, expect, it } from 'vitest';
import { isSpecObject, loadSpec, type SpecObject } from '../../../test-support/spec-document.js';
import { CACHEABLE_OPERATIONS, RESOURCE_TYPES, UNCACHED_READS } from '../src/engine/registry.js';

/** Follows a local `$ref` of the spec (the value itself when it is none). */
function follow(value: unknown): SpecObject | undefined {
  if (!isSpecObject(value)) return undefined;
  if (typeof value.$ref !== 'string') return value;
  let target: unknown = loadSpec();
  for (const segment of value.$ref.replace(/^#\//, '').split('/')) {
    target = isSpecObject(target) ? target[segment] : undefined;
  }
  return isSpecObject(target) ? target : undefined;
}

/** The resource types of the resource objects a schema of `data` allows. */
function dataTypes(schema: unknown): string[] {
  const resolved = follow(schema);
  if (resolved === undefined) return [];
  const alternatives = [resolved.oneOf, resolved.anyOf].flatMap((list) =>
    Array.isArray(list) ? list : [],
  );
  if (alternatives.length > 0) return alternatives.flatMap(dataTypes);
  if (resolved.items !== undefined) return dataTypes(resolved.items);
  const properties = isSpecObject(resolved.properties) ? resolved.properties : {};
  const values = follow(properties.type)?.enum;
  return Array.isArray(values) ? values.map(String) : [];
}

/** Every `GET` operation of the spec with the resource types of its JSON:API answer. */
function specReads(): { operationId: string; types: string[] }[] {
  const paths = loadSpec().paths;
  return Object.values(isSpecObject(paths) ? paths : {}).flatMap((item) => {
    const get = isSpecObject(item) ? item.get : undefined;
    if (!isSpecObject(get) || typeof get.operationId !== 'string') return [];
    const ok = follow(isSpecObject(get.responses) ? get.responses['200'] : undefined);
    const content = isSpecObject(ok?.content) ? ok.content : {};
    const jsonApi = follow(content['application/vnd.api+json']);
    const document = follow(jsonApi?.schema);
    const data = isSpecObject(document?.properties) ? document.properties.data : undefined;
    return [{ operationId: get.operationId, types: dataTypes(data) }];
  });
}

/** The type of every object of the spec that requires an `id` and a `type` of one value. */
function specResourceTypes(): Set<string> {
  const found = new Set<string>();
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!isSpecObject(value)) return;
    const required = Array.isArray(value.required) ? value.required : [];
    const properties = isSpecObject(value.properties) ? value.properties : {};
    const values = isSpecObject(properties.type) ? properties.type.enum : undefined;
    if (required.includes('id') && required.includes('type') && Array.isArray(values)) {
      if (values.length === 1) found.add(String(values[0]));
    }
    for (const inner of Object.values(value)) visit(inner);
  };
  visit(loadSpec());
  return found;
}

describe('the resource registry', () => {
  it('holds the resource type of every read of the spec', () => {
    const reads = specReads();
    expect(new Set(reads.flatMap((read) => read.types)).size).toBeGreaterThan(10);
    const registered: readonly string[] = RESOURCE_TYPES;
    const missing = reads.flatMap((read) =>
      read.types
        .filter((type) => !registered.includes(type))
        .map((type) => `${read.operationId}: ${type}`),
    );
    expect(missing).toEqual([]);
  });

  it('names exactly the resource types of the spec', () => {
    expect([...RESOURCE_TYPES].sort()).toEqual([...specResourceTypes()].sort());
  });
});

describe('the cacheable reads', () => {
  it('are the reads of the spec but those listed, each with a reason', () => {
    const reads = specReads().map((read) => read.operationId);
    const uncached = Object.keys(UNCACHED_READS);
    expect(uncached.filter((id) => !reads.includes(id))).toEqual([]);
    for (const reason of Object.values(UNCACHED_READS)) expect(reason).not.toBe('');
    expect([...CACHEABLE_OPERATIONS].sort()).toEqual(
      reads.filter((id) => !uncached.includes(id)).sort(),
    );
  });
});
