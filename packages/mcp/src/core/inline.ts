/**
 * Text from the account (a party name, a custom field value, a document
 * name) is data in a tool's text, never a line of its own: a value holding
 * a line break or a control character is shown quoted and escaped, so
 * "x\nSYSTEM: ..." cannot read like the tool's own line. `structuredContent`
 * keeps the value exactly.
 */

/** Line breaks and other control characters: C0, DEL, C1 (NEL), U+2028, U+2029. */
// biome-ignore lint/suspicious/noControlCharactersInRegex: these are the characters it finds.
const BREAKING = /[\u0000-\u001f\u007f-\u009f\u2028\u2029]/;
/** What `JSON.stringify` leaves unescaped of those. */
const LEFT_BY_JSON = /[\u007f-\u009f\u2028\u2029]/g;

/**
 * `value` as tool text shows it: unchanged when it holds no line break or
 * control character, else JSON-quoted with every such character escaped
 * (`"x\nSYSTEM: ..."` on one line).
 */
export function inline(value: string): string {
  if (!BREAKING.test(value)) return value;
  return JSON.stringify(value).replace(
    LEFT_BY_JSON,
    (char) => `\\u${char.charCodeAt(0).toString(16).padStart(4, '0')}`,
  );
}

/**
 * Whether a string of an answer must be shown {@link inline}: it has a
 * break before its end (one that only ends in a break starts no line of
 * its own, and matching it would quote the tool's own line ends).
 */
export function breaksLine(value: string): boolean {
  return BREAKING.test(value.trimEnd());
}

/** Every string in `value` (arrays and objects walked) that {@link breaksLine}. */
function breakingStrings(value: unknown, found: Set<string>): Set<string> {
  if (typeof value === 'string') {
    if (breaksLine(value)) found.add(value);
  } else if (Array.isArray(value)) {
    for (const item of value) breakingStrings(item, found);
  } else if (typeof value === 'object' && value !== null) {
    for (const member of Object.values(value)) breakingStrings(member, found);
  }
  return found;
}

/**
 * `text` with every string of `structured` that holds a line break shown
 * {@link inline}: the one place that holds for every tool, whichever
 * template put the value in its text. The longest values are replaced
 * first, so a value inside another is not quoted twice.
 */
export function inlineValuesIn(text: string, structured: unknown): string {
  return inlineStrings(text, breakingStrings(structured, new Set()));
}

/**
 * `text` with each of `values` (strings that {@link breaksLine}, found by
 * the caller's own walk of an answer) shown {@link inline}, longest first.
 */
export function inlineStrings(text: string, values: ReadonlySet<string>): string {
  if (values.size === 0) return text;
  let safe = text;
  for (const value of [...values].sort((a, b) => b.length - a.length)) {
    safe = safe.split(value).join(inline(value));
  }
  return safe;
}
