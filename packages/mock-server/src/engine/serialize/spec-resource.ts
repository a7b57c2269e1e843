/**
 * The spec's resource schemas as the mock must write them. A serializer
 * returns a {@link SpecResource}, so an attribute that the spec lists and
 * the serializer forgets, or one the spec does not list, fails to compile.
 */
import type { components } from '@shiptrack/sdk/spec';
import type { ResourceObject } from './resource-shape.js';

type Schemas = components['schemas'];

/** The names of the spec's JSON:API resource schemas: those with `type` and `attributes`. */
export type ResourceSchemaName = {
  [N in keyof Schemas]: Schemas[N] extends { type: string; attributes?: object } ? N : never;
}[keyof Schemas];

/**
 * A value as the mock may hand it over: its records keep read-only lists,
 * and a free-form object (`Record<string, never>` in the generated types,
 * for `type: object` without properties) holds any members.
 */
type Writable<V> = V extends readonly (infer E)[]
  ? readonly E[]
  : V extends Record<string, never>
    ? Record<string, unknown>
    : V;

/** Every member of `T` required, keeping `null` where `T` allows it. */
type Complete<T> = { [K in keyof T]-?: Writable<Exclude<T[K], undefined>> };

/**
 * Every attribute the spec lists for the resource schema `N` (e.g.
 * `AllAttributes<'Container'>`), each one required: the mock writes them
 * all, `null` where the spec allows it and the value is unknown.
 */
export type AllAttributes<N extends ResourceSchemaName> = Complete<
  NonNullable<Schemas[N] extends { attributes?: infer A } ? A : never>
>;

/** A resource object of the spec's schema `N`, with all of its attributes. */
export interface SpecResource<N extends ResourceSchemaName> extends ResourceObject {
  type: Schemas[N]['type'];
  attributes: AllAttributes<N>;
}

/** A resource object of any of the spec's resource schemas: what a registered serializer returns. */
export type AnySpecResource = { [N in ResourceSchemaName]: SpecResource<N> }[ResourceSchemaName];
