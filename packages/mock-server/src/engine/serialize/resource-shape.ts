/** The shape of a JSON:API resource object, apart from the serializers that make one. */
import type { ResourceRef } from '../events.js';

/** A relationship member: a to-one pair, a to-many list, or null. */
export interface Relationship {
  data: ResourceRef | ResourceRef[] | null;
}

/** A JSON:API resource object as sent on the wire. */
export interface ResourceObject {
  id: string;
  type: string;
  attributes: Record<string, unknown>;
  relationships?: Record<string, Relationship>;
  links?: { self: string };
}
