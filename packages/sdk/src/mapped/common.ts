/** Members every mapped resource has, besides its own: `id`, `type`, and `links` and `meta` as sent. */
export interface MappedResourceBase {
  /** The resource's identifier. */
  id: string;
  /** The JSON:API type, such as `container`. */
  type: string;
  /** The resource's `links` as sent (`self` is a path relative to the host). */
  links?: MappedLinks;
  /** The resource's `meta` as sent. */
  meta?: Record<string, unknown>;
  /** Attributes the SDK does not know yet, camelCased and kept as sent. */
  [member: string]: unknown;
}

/** Links of a resource, as sent. */
export interface MappedLinks {
  /** The resource's own address, usually a path such as `/v2/containers/<id>`. */
  self?: string;
  [name: string]: unknown;
}

/** Any mapped resource: `id`, `type` and its camelCased members. */
export type MappedResource = MappedResourceBase;
