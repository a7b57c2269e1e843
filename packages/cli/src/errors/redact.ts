/**
 * Secrets blanked out of a message, each replaced whole: where a secret
 * stands as a word of its own, that word; where a secret long enough to be
 * no word (a key, a password) is glued to other letters, the whole run of
 * letters around it. A short secret inside a longer word (`x` in
 * `example`) is another word, and is left alone: never a fragment
 * replaced, which would garble the message without hiding anything.
 */

const REDACTED = '[redacted]';
/** From this length a secret is taken for one wherever it stands, even inside a longer word. */
const UNMISTAKABLE = 8;
/** Characters of a word: letters, digits, and the `_` and `-` that keys are made of. */
const WORD = '[\\p{L}\\p{N}_-]';

/** Text as a pattern that matches it exactly (the escapes a `u` pattern accepts). */
function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\/]/g, '\\$&');
}

/** The pattern that finds one secret as a whole (see the module's comment). */
function patternOf(secret: string): RegExp {
  const exact = escapeRegExp(secret);
  return secret.length >= UNMISTAKABLE
    ? new RegExp(`${WORD}*${exact}${WORD}*`, 'gu')
    : new RegExp(`(?<!${WORD})${exact}(?!${WORD})`, 'gu');
}

/** `text` with every secret replaced whole by `[redacted]`; the longest first, so none is left in part. */
export function redactSecrets(text: string, secrets: readonly string[]): string {
  const ordered = [...new Set(secrets)].filter((s) => s !== '').sort((a, b) => b.length - a.length);
  return ordered.reduce((out, secret) => out.replace(patternOf(secret), REDACTED), text);
}
