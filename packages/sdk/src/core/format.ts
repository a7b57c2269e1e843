/**
 * How responses are returned: `raw` is the JSON:API document as received,
 * `mapped` the simplified camelCase model, `both` an object with the two.
 */
export type ResponseFormat = 'raw' | 'mapped' | 'both';

/** The two forms of one response, for `format: 'both'`. */
export interface RawAndMapped<Raw, Mapped> {
  raw: Raw;
  mapped: Mapped;
}

/** The return type of a call in format `F`. */
export type Formatted<F extends ResponseFormat, Raw, Mapped> = F extends 'raw'
  ? Raw
  : F extends 'mapped'
    ? Mapped
    : RawAndMapped<Raw, Mapped>;

/** The three formats. */
export const RESPONSE_FORMATS: readonly ResponseFormat[] = ['raw', 'mapped', 'both'];

/**
 * Shapes a response for format `F`. The mapper only runs when the mapped
 * form is asked for, so `raw` costs nothing beyond JSON parsing.
 */
export function formatResult<F extends ResponseFormat, Raw, Mapped>(
  format: F,
  raw: Raw,
  map: (raw: Raw) => Mapped,
): Formatted<F, Raw, Mapped> {
  const value = format === 'raw' ? raw : format === 'mapped' ? map(raw) : { raw, mapped: map(raw) };
  // Safe: the branch above is the one `Formatted<F, ...>` selects for the runtime value of `format`.
  return value as Formatted<F, Raw, Mapped>;
}
