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
