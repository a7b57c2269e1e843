import { isPlainObject } from './case.js';
import {
  type Draft,
  finishDraft,
  planFor,
  put,
  type RelationshipNames,
  relationshipNames,
  startDraft,
} from './plan.js';
import type { ResolvedResource, ResourceShape } from './resolved.js';
import type { JsonApiDocument, ResourceIdentifier, ResourceObject } from './types.js';

/** How {@link resolveDocument} resolves. */
export interface ResolveOptions {
  /**
   * How many relationship hops to expand from the primary data (default 2).
   * To-many relationships are expanded on the primary data only, and a
   * resource already on the path is never expanded again (its id stays), so
   * the result is a finite tree that `JSON.stringify` accepts.
   */
  maxDepth?: number;
  /** Shapes per resource type (see {@link ResourceShape}). */
  shapes?: ReadonlyMap<string, ResourceShape>;
}

/** A resolved document: `data` as resolved resources, `links` and `meta` as sent. */
export interface ResolvedDocument<T = ResolvedResource | ResolvedResource[] | null> {
  data: T;
  links?: unknown;
  meta?: unknown;
}

/** Looks resources of a document up by type and id: primary data and `included`. */
export class ResourceIndex {
  readonly #byType = new Map<string, Map<string, ResourceObject>>();

  constructor(document: JsonApiDocument) {
    const { data, included } = document;
    if (Array.isArray(data)) for (const resource of data) this.add(resource);
    else if (data) this.add(data);
    if (included) for (const resource of included) this.add(resource);
  }

  /** Adds (or replaces) a resource. */
  add(resource: ResourceObject): void {
    let byId = this.#byType.get(resource.type);
    if (!byId) {
      byId = new Map();
      this.#byType.set(resource.type, byId);
    }
    byId.set(resource.id, resource);
  }

  /** The resource named by an identifier, if the document holds it. */
  get(identifier: ResourceIdentifier): ResourceObject | undefined {
    return this.#byType.get(identifier.type)?.get(identifier.id);
  }
}

/** Sets a relationship member without overwriting an attribute of the same name. */
function setMember(draft: Draft, key: string, value: unknown): void {
  put(draft, draft.plan.produced.has(key) && key in draft.node ? `${key}Relationship` : key, value);
}

function isIdentifier(value: unknown): value is ResourceIdentifier {
  return isPlainObject(value) && typeof value.id === 'string' && typeof value.type === 'string';
}

interface Walk {
  index: ResourceIndex;
  maxDepth: number;
  shapes: ReadonlyMap<string, ResourceShape> | undefined;
  /** Resources being resolved, from the primary one down: never expanded again below themselves. */
  path: ResourceObject[];
}

const NO_ATTRIBUTES: Record<string, unknown> = {};

function addToMany(
  draft: Draft,
  names: RelationshipNames,
  data: unknown[],
  depth: number,
  walk: Walk,
) {
  const identifiers = data.filter(isIdentifier);
  setMember(
    draft,
    names.idsMember,
    identifiers.map((item) => item.id),
  );
  if (depth !== 0 || walk.maxDepth < 1 || identifiers.length === 0) return;
  const related: ResourceObject[] = [];
  for (const identifier of identifiers) {
    const resource = walk.index.get(identifier);
    if (!resource) return; // not all included: the ids say what there is
    related.push(resource);
  }
  const expanded: ResolvedResource[] = [];
  for (const resource of related) {
    if (!walk.path.includes(resource)) expanded.push(build(resource, depth + 1, walk));
  }
  setMember(draft, names.member, expanded);
}

function build(resource: ResourceObject, depth: number, walk: Walk): ResolvedResource {
  const plan = planFor(resource.type, walk.shapes);
  const attributes = isPlainObject(resource.attributes) ? resource.attributes : NO_ATTRIBUTES;
  const draft = startDraft(resource, plan, attributes, walk.shapes?.get(resource.type));
  const relationships = resource.relationships;
  if (relationships) {
    walk.path.push(resource);
    for (const name in relationships) {
      const relationship = relationships[name];
      if (!relationship || !('data' in relationship)) continue;
      const names = relationshipNames(plan, name);
      const { data } = relationship;
      if (Array.isArray(data)) {
        addToMany(draft, names, data, depth, walk);
      } else if (isIdentifier(data)) {
        setMember(draft, names.idMember, data.id);
        const target = depth < walk.maxDepth ? walk.index.get(data) : undefined;
        if (target && !walk.path.includes(target)) {
          setMember(draft, names.member, build(target, depth + 1, walk));
        }
      } else if (data === null) {
        setMember(draft, names.idMember, null);
        setMember(draft, names.member, null);
      }
    }
    walk.path.pop();
  }
  if (resource.links !== undefined) setMember(draft, 'links', resource.links);
  if (resource.meta !== undefined) setMember(draft, 'meta', resource.meta);
  finishDraft(draft);
  return draft.node;
}

function walkOf(index: ResourceIndex, options: ResolveOptions): Walk {
  return { index, maxDepth: options.maxDepth ?? 2, shapes: options.shapes, path: [] };
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
  return build(resource, 0, walkOf(index, options));
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
  const walk = walkOf(new ResourceIndex(document), options);
  const { data } = document;
  const resolved = Array.isArray(data)
    ? data.map((resource) => build(resource, 0, walk))
    : data
      ? build(data, 0, walk)
      : null;
  const result: ResolvedDocument = { data: resolved };
  if (document.links !== undefined) result.links = document.links;
  if (document.meta !== undefined) result.meta = document.meta;
  return result;
}
