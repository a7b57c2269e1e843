/**
 * Building blocks of the mapped schemas, and the compile-time check that
 * ties each public interface to its schema.
 */
import * as z from 'zod';
import type { MappedResource, MappedResourceBase } from '../common.js';
import type { OpenEnum, OpenNumberEnum } from '../enums.js';

/** `true` when A and B are assignable to each other. */
type MutuallyAssignable<A, B> = [A] extends [B] ? ([B] extends [A] ? true : false) : false;

/**
 * `true` when an interface and the output of its zod schema agree. Used as
 * `type _Agrees = Assert<Agrees<MappedPort, typeof MappedPortSchema>>`, which
 * fails to compile when they drift apart.
 */
export type Agrees<Interface, Schema extends z.ZodType> = MutuallyAssignable<
  Interface,
  z.output<Schema>
>;

/** Fails to compile unless `T` is `true`. */
export type Assert<T extends true> = T;

/**
 * Builds a module-level schema; each declaration marks the call `@__PURE__`.
 * `build` runs once when the module loads, and the pure call lets bundlers
 * leave out a schema nothing uses, so an app (or our MCP command) that
 * imports a few schemas does not build every other one when it starts.
 */
export function declareSchema<T>(build: () => T): T {
  return build();
}

const linksSchema = z.looseObject({ self: z.string().optional() });

/** The members of {@link MappedResourceBase}, which every resource schema starts with. */
const resourceMembers = {
  id: z.string(),
  links: linksSchema.optional(),
  meta: z.record(z.string(), z.unknown()).optional(),
};

/** The schema of a mapped resource of `type`: the members of every resource, then its own. */
export function resourceSchema<const T extends string, M extends z.ZodRawShape>(
  type: T,
  members: M,
) {
  const common = { ...resourceMembers, type: z.literal(type) };
  // Copied as descriptors, not spread: a member that is a getter (a schema
  // declared further down) must stay one, or it would be read too early.
  const shape = Object.defineProperties(common, Object.getOwnPropertyDescriptors(members));
  // Safe: `shape` is `common` with every own member of `members` defined on it.
  return z.looseObject(shape as typeof common & M);
}

/** Any mapped resource (the schema of {@link MappedResource}). */
export const MappedResourceSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({ ...resourceMembers, type: z.string() }),
);

type _ResourceAgrees = Assert<Agrees<MappedResource, typeof MappedResourceSchema>>;

/** A member the SDK builds: always present, `null` when the service did not send it. */
export const built = <T extends z.ZodType>(schema: T) => schema.nullable();

/** A member copied as sent: absent when not sent, `null` when sent as null. */
export const sent = <T extends z.ZodType>(schema: T) => schema.nullable().optional();

/** A string copied as sent. */
export const sentText = () => sent(z.string());

/** The id of a to-one relationship: absent when not sent, `null` when empty. */
export const relationId = () => z.string().nullable().optional();

/**
 * The schema type of a related record whose schema refers back to this one
 * (a container's shipment lists containers): a getter returns it lazily.
 */
export type Related<T> = z.ZodOptional<z.ZodNullable<z.ZodType<T>>>;

/** {@link Related} for a to-many relationship. */
export type RelatedList<T> = z.ZodOptional<z.ZodArray<z.ZodType<T>>>;

/** The ids of a to-many relationship, when sent. */
export const relationIds = () => z.array(z.string()).optional();

/**
 * An open enumeration: the known values (listed in the JSON Schema, so AI
 * clients and editors see them) or any other string, passed through.
 */
export function openEnum<const Values extends readonly [string, ...string[]]>(
  values: Values,
): z.ZodType<OpenEnum<Values[number]>> {
  return z.union([z.enum(values), z.string()]);
}

/** {@link openEnum} for numbers. */
export function openNumberEnum<const Values extends readonly [number, ...number[]]>(
  values: Values,
): z.ZodType<OpenNumberEnum<Values[number]>> {
  return z.union([z.literal(values), z.number()]);
}
