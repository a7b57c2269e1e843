/**
 * JSON:API resource objects and the registry that turns any stored record
 * into one. Routes use it for `data` and `included`; the webhook subsystem
 * uses it for the `included` of deliveries and registers its own types.
 */
import type { ResourceRef } from '../events.js';
import type { ResourceType } from '../registry.js';
import type { Relationship, ResourceObject } from './resource-shape.js';
import type { AnySpecResource } from './spec-resource.js';

export type { ResourceObject } from './resource-shape.js';

/**
 * Serializes the record with that id, or returns undefined when there is
 * none. It answers one of the spec's resource schemas with all of its
 * attributes, so a forgotten or unlisted attribute fails to compile.
 */
export type ResourceSerializer = (id: string) => AnySpecResource | undefined;

/** The registry of serializers by resource type. */
export class Serializer {
  private readonly byType = new Map<string, ResourceSerializer>();

  /** Registers (or replaces) the serializer of a type. */
  register(type: ResourceType, serialize: ResourceSerializer): void {
    this.byType.set(type, serialize);
  }

  /** Registers the serializer of a type whose records are looked up by id in `records`. */
  registerRecords<R>(
    type: ResourceType,
    records: { get(id: string): R | undefined },
    serialize: (record: R) => AnySpecResource | undefined,
  ): void {
    this.register(type, (id) => {
      const record = records.get(id);
      return record === undefined ? undefined : serialize(record);
    });
  }

  /** True when a serializer is registered for the type. */
  has(type: string): boolean {
    return this.byType.has(type);
  }

  /** The resource object of a stored record, or undefined when it does not exist. */
  serializeResource(type: string, id: string): ResourceObject | undefined {
    return this.byType.get(type)?.(id);
  }

  /** Serializes several refs, skipping duplicates and records that no longer exist. */
  serializeAll(refs: Iterable<ResourceRef>): ResourceObject[] {
    const seen = new Set<string>();
    const out: ResourceObject[] = [];
    for (const ref of refs) {
      const key = `${ref.type}:${ref.id}`;
      if (seen.has(key)) continue;
      seen.add(key);
      const resource = this.serializeResource(ref.type, ref.id);
      if (resource !== undefined) out.push(resource);
    }
    return out;
  }
}

/** A to-one relationship to `type` (null when there is no id). */
export function toOne(type: ResourceType, id: string | null): Relationship {
  return { data: id === null ? null : { type, id } };
}

/** A to-many relationship to records of one type. */
export function toMany(type: ResourceType, ids: readonly string[]): Relationship {
  return { data: ids.map((id) => ({ type, id })) };
}

/**
 * The refs a relationship points to, for `include`: the pair of a to-one
 * relationship, every pair of a to-many one, nothing for null.
 */
export function relationshipRefs(resource: ResourceObject, name: string): ResourceRef[] {
  const data = resource.relationships?.[name]?.data;
  if (data === undefined || data === null) return [];
  return Array.isArray(data) ? data : [data];
}
