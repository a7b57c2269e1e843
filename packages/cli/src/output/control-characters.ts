/**
 * Characters that a terminal acts on instead of showing: C0 controls
 * (ESC starts a sequence that can set the window title or clear the
 * screen), DEL, C1 controls (U+009B is a one-character CSI on some
 * terminals), the line and paragraph separators, and every bidi control
 * of Unicode (the Arabic letter mark U+061C, the left-to-right and
 * right-to-left marks, embeddings, overrides and isolates) that reorders
 * what is shown.
 */
const CONTROL =
  // biome-ignore lint/suspicious/noControlCharactersInRegex: finding control characters is the point.
  /[\u0000-\u001f\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

/** Of those, the ones `JSON.stringify` leaves as they are (it escapes C0 itself). */
const RAW_IN_JSON = /[\u007f-\u009f\u061c\u200e\u200f\u2028\u2029\u202a-\u202e\u2066-\u2069]/g;

function hex(char: string, digits: number): string {
  return (char.codePointAt(0) ?? 0).toString(16).padStart(digits, '0');
}

/**
 * Text from data made safe to show on a terminal: each control character
 * written as an escape people can read (`\x1b`, `\x07`, `\u202e`), so it is
 * seen and never acted on.
 */
export function escapeControls(text: string): string {
  return text.replace(CONTROL, (char) =>
    char.length === 1 && char <= '\u00ff' ? `\\x${hex(char, 2)}` : `\\u${hex(char, 4)}`,
  );
}

/**
 * `JSON.stringify` whose text carries no character a terminal acts on:
 * those it leaves raw (C1, DEL, U+2028, bidi controls) are written as
 * `\u` escapes, which JSON reads back as the same characters; they occur
 * only inside strings, so the value is exactly the same.
 */
export function safeJson(value: unknown, indent?: number): string {
  // `undefined` (nothing to show) has no JSON text: it is written as `null`.
  const text: string | undefined = JSON.stringify(value, null, indent);
  return (text ?? 'null').replace(RAW_IN_JSON, (char) => `\\u${hex(char, 4)}`);
}
