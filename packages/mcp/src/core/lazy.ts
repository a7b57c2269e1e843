/**
 * A value made on its first use, then kept. The tools' zod schemas are made
 * this way: a zod schema costs a few dozen allocations, and the stdio bin's
 * start (to its `initialize` answer) needs none of the tools' schemas; the
 * first `tools/list` or call makes them.
 */
export function lazy<T>(make: () => T): () => T {
  let made: { readonly value: T } | undefined;
  return () => {
    made ??= { value: make() };
    return made.value;
  };
}
