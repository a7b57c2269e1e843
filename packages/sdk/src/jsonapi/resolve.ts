import { camelCase, camelCaseKeys, isPlainObject } from './case.js';
import type { JsonApiDocument, ResourceIdentifier, ResourceObject } from './types.js';

/**
 * A resource with its attributes lifted to the top level and camelCased,
 * plus, for each relationship `foo`: `fooId` (to-one, `null` when empty) or
 * `fooIds` (to-many), and `foo` itself when the related resource was in the
 * document. Resource `links` and `meta` are kept as they are.
 */
export interface ResolvedResource {
  id: string;
  type: string;
  [key: string]: unknown;
}

/** How deep {@link resolveDocument} expands relationships. */
export interface ResolveOptions {
  /**
   * How many relationship hops to expand from the primary data (default 2).
   * To-many relationships are expanded on the primary data only, and a
   * resource already on the path is never expanded again (its id stays), so
   * the result is a finite tree that `JSON.stringify` accepts.
   */
  maxDepth?: number;
}

/** A resolved document: `data` as resolved resources, `links` and `meta` as sent. */
export interface ResolvedDocument<T = ResolvedResource | ResolvedResource[] | null> {
  data: T;
  links?: unknown;
  meta?: unknown;
}

const resolvedNodes = new WeakSet<object>();
const attributeCache = new WeakMap<ResourceObject, Record<string, unknown>>();

/** Tells whether a value is a resource built by this resolver. */
export function isResolvedResource(value: unknown): value is ResolvedResource {
  return typeof value === 'object' && value !== null && resolvedNodes.has(value);
}

/** Looks resources of a document up by type and id: primary data and `included`. */
export class ResourceIndex {
  readonly #byKey = new Map<string, ResourceObject>();

  constructor(document: JsonApiDocument) {
    const { data, included } = document;
    if (Array.isArray(data)) for (const resource of data) this.add(resource);
    else if (data) this.add(data);
    if (included) for (const resource of included) this.add(resource);
  }

  /** Adds (or replaces) a resource. */
  add(resource: ResourceObject): void {
    this.#byKey.set(`${resource.type}:${resource.id}`, resource);
  }

  /** The resource named by an identifier, if the document holds it. */
  get(identifier: ResourceIdentifier): ResourceObject | undefined {
    return this.#byKey.get(`${identifier.type}:${identifier.id}`);
  }
}

function camelAttributes(resource: ResourceObject): Record<string, unknown> {
  let attributes = attributeCache.get(resource);
  if (!attributes) {
    attributes = {};
    const source = resource.attributes;
    if (isPlainObject(source)) {
      for (const key in source) attributes[camelCase(key)] = camelCaseKeys(source[key]);
    }
    attributeCache.set(resource, attributes);
  }
  return attributes;
}

/** `containers` -> `containerIds`, `route_locations` -> `routeLocationIds`. */
function idsKey(camel: string): string {
  const singular = camel.endsWith('s') && !camel.endsWith('ss') ? camel.slice(0, -1) : camel;
  return `${singular}Ids`;
}

/** Sets a member without overwriting an attribute of the same name. */
function setMember(node: ResolvedResource, key: string, value: unknown): void {
  node[key in node ? `${key}Relationship` : key] = value;
}

function isIdentifier(value: unknown): value is ResourceIdentifier {
  return isPlainObject(value) && typeof value.id === 'string' && typeof value.type === 'string';
}

interface Walk {
  index: ResourceIndex;
  maxDepth: number;
}

function build(
  resource: ResourceObject,
  depth: number,
  path: string[],
  walk: Walk,
): ResolvedResource {
  const node: ResolvedResource = { id: resource.id, type: resource.type };
  resolvedNodes.add(node);
  const attributes = camelAttributes(resource);
  for (const key in attributes) {
    if (key !== 'id' && key !== 'type') node[key] = attributes[key];
    else node[`${key}Attribute`] = attributes[key];
  }
  const key = `${resource.type}:${resource.id}`;
  const relationships = resource.relationships;
  if (relationships) {
    const nextPath = [...path, key];
    for (const name in relationships) {
      const relationship = relationships[name];
      if (!relationship || !('data' in relationship)) continue;
      const camel = camelCase(name);
      const { data } = relationship;
      if (Array.isArray(data)) {
        const identifiers = data.filter(isIdentifier);
        setMember(
          node,
          idsKey(camel),
          identifiers.map((item) => item.id),
        );
        if (depth === 0 && depth < walk.maxDepth) {
          const related = identifiers.map((item) => walk.index.get(item));
          if (related.length > 0 && related.every((item) => item !== undefined)) {
            const expanded: ResolvedResource[] = [];
            for (const item of related) {
              if (item && !nextPath.includes(`${item.type}:${item.id}`)) {
                expanded.push(build(item, depth + 1, nextPath, walk));
              }
            }
            setMember(node, camel, expanded);
          }
        }
      } else if (isIdentifier(data)) {
        setMember(node, `${camel}Id`, data.id);
        const target = depth < walk.maxDepth ? walk.index.get(data) : undefined;
        if (target && !nextPath.includes(`${target.type}:${target.id}`)) {
          setMember(node, camel, build(target, depth + 1, nextPath, walk));
        }
      } else if (data === null) {
        setMember(node, `${camel}Id`, null);
        setMember(node, camel, null);
      }
    }
  }
  if (resource.links !== undefined) setMember(node, 'links', resource.links);
  if (resource.meta !== undefined) setMember(node, 'meta', resource.meta);
  return node;
}

/**
 * Resolves one resource of a document: camelCases its attributes (keeping
 * unknown ones) and expands its relationships from the index.
 */
export function resolveResource(
  resource: ResourceObject,
  index: ResourceIndex,
  options: ResolveOptions = {},
): ResolvedResource {
  return build(resource, 0, [], { index, maxDepth: options.maxDepth ?? 2 });
}

/**
 * Resolves a whole JSON:API document: indexes `data` and `included`, then
 * resolves the primary data. The one JSON:API reader of the SDK; mapped
 * models and webhook events are built on its output.
 */
export function resolveDocument(
  document: JsonApiDocument,
  options: ResolveOptions = {},
): ResolvedDocument {
  const index = new ResourceIndex(document);
  const { data } = document;
  const resolved = Array.isArray(data)
    ? data.map((resource) => resolveResource(resource, index, options))
    : data
      ? resolveResource(data, index, options)
      : null;
  const result: ResolvedDocument = { data: resolved };
  if (document.links !== undefined) result.links = document.links;
  if (document.meta !== undefined) result.meta = document.meta;
  return result;
}
