/**
 * How the resolved nodes of one resource type are laid out: the member name
 * of each attribute and relationship (computed once per type, since fresh
 * strings make slow keys), and the layout every node of the type shares.
 *
 * Why a layout: V8 keeps an object's members in a fixed layout (fast
 * properties) while they are added by name, but turns the object into a
 * hash table once more than about a dozen were added under a computed key
 * (`node[name] = value`), which is how the resolver adds them. A mapped
 * container was then a 6 kB hash table, slower to build, read, spread and
 * serialize. A computed store that follows a layout change V8 already made
 * for another object keeps the fixed layout. So the first node of each type
 * (its seed) is written with `Object.defineProperty`, which V8 counts as
 * adding by name, and kept alive so its layout changes stay known; the next
 * nodes with the same members in the same order follow them with plain
 * stores, and find each attribute's member name by its position instead of
 * a map lookup. A node whose members differ from the seed's (other names,
 * another order) is built the same way, in a hash table; after a few such
 * nodes the next one seeds again. The members, their order and their values
 * are the same either way.
 */
import { camelCase, camelCaseKeys } from './case.js';
import type { ResolvedResource, ResourceShape } from './resolved.js';

/** Member names of one relationship. */
export interface RelationshipNames {
  member: string;
  idMember: string;
  idsMember: string;
}

/** The members of a type's seed (see the module comment). */
interface Layout {
  /** The seed's attribute names, in order, and the member each became (`null`: the shape consumed it). */
  wire: string[];
  members: (string | null)[];
  /** Every member the resolver added to the seed after the shape's head, in order. */
  order: string[];
  /** The seed itself, kept so that V8 keeps the layout changes it made. */
  seed: ResolvedResource | null;
}

/** The plan of one resource type. */
export interface TypePlan {
  /** Member name per attribute name (`null` when the shape consumed it). */
  members: Map<string, string | null>;
  /** Every member name attributes and the head produced, so relationship members can skip the collision check. */
  produced: Set<string>;
  relationships: Map<string, RelationshipNames>;
  /** Whether the shape's head members were recorded in `produced` and `head`. */
  headSeen: boolean;
  /** Member names the shape's head writes; attributes of those names are renamed. */
  head: Set<string>;
  /** `null` until a node seeds it, and again after {@link RESEED_AFTER} nodes that did not fit it. */
  layout: Layout | null;
  misses: number;
}

/** A node being built: its plan, and how far its members follow the layout's order. */
export interface Draft {
  node: ResolvedResource;
  plan: TypePlan;
  /** Members written so far while they follow the layout's order; -1 once one parted from it. */
  at: number;
  seeding: boolean;
}

const RESEED_AFTER = 8;
const PLAN_LIMIT = 2_000;
const plansByShapes = new WeakMap<object, Map<string, TypePlan>>();
const plansWithoutShapes = new Map<string, TypePlan>();

/** The plan of a type under a set of shapes (one per set, so mapped and plain nodes never mix). */
export function planFor(
  type: string,
  shapes: ReadonlyMap<string, ResourceShape> | undefined,
): TypePlan {
  let plans = shapes ? plansByShapes.get(shapes) : plansWithoutShapes;
  if (!plans) {
    plans = new Map();
    if (shapes) plansByShapes.set(shapes, plans);
  }
  let plan = plans.get(type);
  if (!plan) {
    if (plans.size >= PLAN_LIMIT) plans.clear();
    plan = {
      members: new Map(),
      produced: new Set(['id', 'type']),
      relationships: new Map(),
      headSeen: false,
      head: new Set(),
      layout: null,
      misses: 0,
    };
    plans.set(type, plan);
  }
  return plan;
}

/** `containers` -> `containerIds`, `route_locations` -> `routeLocationIds`. */
function idsKey(camel: string): string {
  const singular = camel.endsWith('s') && !camel.endsWith('ss') ? camel.slice(0, -1) : camel;
  return `${singular}Ids`;
}

/** The member names of a relationship: `foo`, `fooId`, `fooIds`. */
export function relationshipNames(plan: TypePlan, name: string): RelationshipNames {
  let names = plan.relationships.get(name);
  if (!names) {
    const member = camelCase(name);
    names = { member, idMember: `${member}Id`, idsMember: idsKey(member) };
    if (plan.relationships.size >= PLAN_LIMIT) plan.relationships.clear();
    plan.relationships.set(name, names);
  }
  return names;
}

/** The member an attribute becomes: camelCased, `<name>Attribute` when the head or `id`/`type` has the name, `null` when consumed. */
function memberName(plan: TypePlan, key: string, shape: ResourceShape | undefined): string | null {
  let name = plan.members.get(key);
  if (name !== undefined) return name;
  const camel = camelCase(key);
  name = shape?.consumed.has(key)
    ? null
    : camel === 'id' || camel === 'type' || plan.head.has(camel)
      ? `${camel}Attribute`
      : camel;
  if (plan.members.size >= PLAN_LIMIT) plan.members.clear();
  plan.members.set(key, name);
  if (name !== null) plan.produced.add(name);
  return name;
}

/** An attribute's value as a member: objects and arrays copied with camelCased keys. */
function memberValue(value: unknown): unknown {
  return typeof value === 'object' && value !== null ? camelCaseKeys(value) : value;
}

/**
 * Adds a member by name, stored by V8 as any value from the start: later
 * nodes that store another kind of value there (a number where the seed
 * had a string, `null` where it had an object) then keep the layout instead
 * of making V8 build a new one.
 */
function addGeneralMember(node: ResolvedResource, key: string, value: unknown): void {
  Object.defineProperty(node, key, {
    value: null,
    writable: true,
    enumerable: true,
    configurable: true,
  });
  node[key] = 0;
  node[key] = value;
}

/** Adds a member after the shape's head (see the module comment). */
export function put(draft: Draft, key: string, value: unknown): void {
  if (draft.seeding) {
    addGeneralMember(draft.node, key, value);
    draft.plan.layout?.order.push(key);
    return;
  }
  if (draft.at >= 0) draft.at = draft.plan.layout?.order[draft.at] === key ? draft.at + 1 : -1;
  draft.node[key] = value;
}

function runHead(
  node: ResolvedResource,
  plan: TypePlan,
  attributes: Record<string, unknown>,
  shape: ResourceShape | undefined,
): void {
  if (!shape) return;
  shape.head(node, attributes);
  if (plan.headSeen) return;
  for (const key in node) {
    plan.produced.add(key);
    if (key !== 'id' && key !== 'type') plan.head.add(key);
  }
  plan.headSeen = true;
}

/**
 * Starts a node: `id`, `type`, the shape's head, then every attribute the
 * shape did not consume, camelCased. The members after them go through
 * {@link put}; {@link finishDraft} ends the node.
 */
export function startDraft(
  resource: { id: string; type: string },
  plan: TypePlan,
  attributes: Record<string, unknown>,
  shape: ResourceShape | undefined,
): Draft {
  const seeding = plan.layout === null;
  if (seeding) plan.layout = { wire: [], members: [], order: [], seed: null };
  const draft: Draft = { node: { id: resource.id, type: resource.type }, plan, at: 0, seeding };
  runHead(draft.node, plan, attributes, shape);
  const layout = plan.layout;
  let i = 0;
  for (const key in attributes) {
    let name: string | null | undefined;
    if (seeding) {
      name = memberName(plan, key, shape);
      layout?.wire.push(key);
      layout?.members.push(name);
    } else {
      name = layout?.wire[i] === key ? layout.members[i] : memberName(plan, key, shape);
    }
    i++;
    if (name !== null && name !== undefined) put(draft, name, memberValue(attributes[key]));
  }
  return draft;
}

/** Ends a node: keeps a seed, or counts a node that did not fit the layout and asks for a new seed after a few. */
export function finishDraft(draft: Draft): void {
  const { plan } = draft;
  if (!plan.layout) return;
  if (draft.seeding) {
    plan.layout.seed = draft.node;
    plan.misses = 0;
  } else if (draft.at !== plan.layout.order.length && ++plan.misses >= RESEED_AFTER) {
    plan.layout = null;
  }
}
