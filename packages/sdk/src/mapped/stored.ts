import { isPlainObject } from '../jsonapi/case.js';
import { resolveDocument } from '../jsonapi/resolve.js';
import type { Relationship, ResourceObject } from '../jsonapi/types.js';
import type { MappedResource } from './common.js';
import { MAPPED } from './shapes.js';

/** A JSON:API resource kept as the service sent it: in a database, a cache or a file. */
export interface StoredResource {
  readonly type: string;
  readonly id: string;
  /** The attributes as sent (wire names). */
  readonly attributes?: Readonly<Record<string, unknown>>;
  /** The relationships as sent (`{ data: { type, id } }` and so on). */
  readonly relationships?: Readonly<Record<string, unknown>>;
}

/** The relationships that are objects, as the resolver reads them; anything else is left out. */
function relationshipsOf(resource: StoredResource): Record<string, Relationship> {
  const found: Record<string, Relationship> = {};
  for (const [name, value] of Object.entries(resource.relationships ?? {})) {
    if (isPlainObject(value)) found[name] = value;
  }
  return found;
}

function toResourceObject(resource: StoredResource): ResourceObject {
  return {
    type: resource.type,
    id: resource.id,
    attributes: { ...resource.attributes },
    relationships: relationshipsOf(resource),
  };
}

/**
 * Maps resources you stored yourself (a mirror, a cache) into the mapped
 * models, exactly as `format: 'mapped'` maps a response: each of `resources`
 * resolved against `related` (as a response's `included`), so a container's
 * `shipment` is nested when its shipment is among them. Same order as given.
 *
 * @example
 * const [container] = mapStoredResources([storedContainer], [storedShipment]) as MappedContainer[];
 */
export function mapStoredResources(
  resources: readonly StoredResource[],
  related: readonly StoredResource[] = [],
): MappedResource[] {
  const { data } = resolveDocument(
    { data: resources.map(toResourceObject), included: related.map(toResourceObject) },
    MAPPED,
  );
  // Safe: resolving with the mapped shapes builds each resource's mapped model.
  return (Array.isArray(data) ? data : []) as MappedResource[];
}
