/** A `{ type, id }` pair naming one resource. */
export interface ResourceIdentifier {
  type: string;
  id: string;
}

/** The `relationships` member of a resource: linkage plus optional links and meta. */
export interface Relationship {
  data?: ResourceIdentifier | ResourceIdentifier[] | null;
  links?: unknown;
  meta?: unknown;
}

/** One JSON:API resource object as the service sends it. */
export interface ResourceObject {
  id: string;
  type: string;
  attributes?: Record<string, unknown>;
  relationships?: Record<string, Relationship | undefined>;
  links?: unknown;
  meta?: unknown;
}

/** A JSON:API document with one resource, a list, or none. */
export interface JsonApiDocument {
  data?: ResourceObject | ResourceObject[] | null;
  included?: ResourceObject[];
  links?: unknown;
  meta?: unknown;
}
