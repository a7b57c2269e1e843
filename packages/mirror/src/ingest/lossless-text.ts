/**
 * Strings as `jsonb` can hold them. PostgreSQL refuses a string with NUL
 * (`\u0000`) or a lone UTF-16 surrogate, which JSON allows and the service
 * may send; refusing the delivery would lose its valid records to one bad
 * string. Such strings (object keys too) are stored with an escape
 * character, U+E000 (private use): itself as U+E000 `E`, NUL as U+E000 `0`,
 * a lone surrogate as U+E000 `u` and its four hex digits. Every other
 * string is stored as it is, so the stored data reads as sent in SQL, and
 * reading a record back undoes the escapes exactly.
 */

const ESCAPE = '\ue000';

/**
 * What `JSON.stringify` writes only where a value holds a string to escape:
 * `\u0000`, a lone surrogate's escape, or the escape character itself. It
 * may also match an escaped backslash before such text, which only costs a
 * second pass that changes nothing.
 */
const NEEDS_ESCAPING = /\\u0000|\\ud[89a-f][0-9a-f]{2}|\ue000/i;

function isHigh(unit: number): boolean {
  return unit >= 0xd800 && unit <= 0xdbff;
}

function isLow(unit: number): boolean {
  return unit >= 0xdc00 && unit <= 0xdfff;
}

/** One string in its storable form. */
export function escapeString(text: string): string {
  let out = '';
  let start = 0;
  for (let index = 0; index < text.length; index += 1) {
    const unit = text.charCodeAt(index);
    let replacement: string | undefined;
    if (unit === 0) replacement = `${ESCAPE}0`;
    else if (unit === 0xe000) replacement = `${ESCAPE}E`;
    else if (isHigh(unit) && isLow(text.charCodeAt(index + 1))) index += 1;
    else if (isHigh(unit) || isLow(unit)) {
      replacement = `${ESCAPE}u${unit.toString(16).padStart(4, '0')}`;
    }
    if (replacement !== undefined) {
      out += text.slice(start, index) + replacement;
      start = index + 1;
    }
  }
  return start === 0 ? text : out + text.slice(start);
}

/** A string as it was sent, from its storable form. */
export function unescapeString(text: string): string {
  if (!text.includes(ESCAPE)) return text;
  let out = '';
  for (let index = 0; index < text.length; index += 1) {
    const char = text[index];
    if (char !== ESCAPE) {
      out += char;
      continue;
    }
    const kind = text[index + 1];
    if (kind === '0') out += '\u0000';
    else if (kind === 'E') out += ESCAPE;
    else if (kind === 'u') {
      out += String.fromCharCode(Number.parseInt(text.slice(index + 2, index + 6), 16));
      index += 4;
    } else {
      // Not written by escapeString (a row written by hand): kept as it is.
      out += char;
      continue;
    }
    index += 1;
  }
  return out;
}

function mapStrings(value: unknown, map: (text: string) => string): unknown {
  if (typeof value === 'string') return map(value);
  if (Array.isArray(value)) return value.map((item) => mapStrings(item, map));
  if (typeof value === 'object' && value !== null) {
    // fromEntries defines own keys: an assignment would take a key named `__proto__` as the prototype.
    return Object.fromEntries(
      Object.entries(value).map(([key, item]) => [map(key), mapStrings(item, map)]),
    );
  }
  return value;
}

/**
 * The JSON text of `value` that `jsonb` accepts: `JSON.stringify(value)`,
 * or, when that holds a string to escape, the text of the escaped value.
 */
export function storableJson(value: unknown): string {
  const text = JSON.stringify(value);
  return NEEDS_ESCAPING.test(text) ? JSON.stringify(mapStrings(value, escapeString)) : text;
}

function holdsEscape(value: unknown): boolean {
  if (typeof value === 'string') return value.includes(ESCAPE);
  if (Array.isArray(value)) return value.some(holdsEscape);
  if (typeof value === 'object' && value !== null) {
    for (const [key, item] of Object.entries(value)) {
      if (key.includes(ESCAPE) || holdsEscape(item)) return true;
    }
  }
  return false;
}

/** A stored JSON value as it was sent: every string unescaped (the value itself when none needs it). */
export function unescapeStored<T>(value: T): T {
  // mapStrings keeps the shape and only changes strings, so the type holds.
  return holdsEscape(value) ? (mapStrings(value, unescapeString) as T) : value;
}

/**
 * A stored JSON value from its text (`jsonb::text`), as it was sent: parsed
 * once, and unescaped only when the text holds the escape character
 * (PostgreSQL writes it as the character, not as a `\\u` escape), so a read of
 * thousands of rows does not walk each value to look for it.
 */
export function parseStored(text: string): unknown {
  const value: unknown = JSON.parse(text);
  return text.includes(ESCAPE) ? mapStrings(value, unescapeString) : value;
}
