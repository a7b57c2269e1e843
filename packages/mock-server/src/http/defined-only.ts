/**
 * What a generated reader read, without the members that were not sent:
 * the engine's inputs and filters leave an optional member out rather than
 * set it to `undefined`.
 */

/** `T` without the members that may be `undefined`, and those members optional and defined. */
export type DefinedOnly<T> = {
  [K in keyof T as undefined extends T[K] ? never : K]: T[K];
} & { [K in keyof T as undefined extends T[K] ? K : never]?: Exclude<T[K], undefined> };

/** The members of `read` that are not `undefined` (a body's or a query's that were sent). */
export function definedOnly<T extends object>(read: T): DefinedOnly<T> {
  // Only undefined members are dropped: each kept member has its type in T, defined.
  return Object.fromEntries(
    Object.entries(read).filter(([, value]) => value !== undefined),
  ) as DefinedOnly<T>;
}
