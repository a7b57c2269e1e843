/**
 * Whether a value the service sent is one of the known values of an
 * enumeration (a `*_VALUES` list of `@shiptrack/sdk/spec`). Response values
 * are open: a value added since is passed through, and this says `false`.
 */
export function isKnownValue<V extends string>(
  values: readonly V[],
  value: string | null | undefined,
): value is V {
  return typeof value === 'string' && (values as readonly string[]).includes(value);
}
