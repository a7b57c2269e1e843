/**
 * `Content-Disposition` of a download (RFC 6266): an ASCII `filename` for
 * old clients, every character outside printable ASCII (and `"`, `\`)
 * replaced by `_`, and the exact name as `filename*` in UTF-8 (RFC 5987),
 * so a header never holds a byte it cannot carry.
 */

/** Printable ASCII but the quote and backslash, which a quoted string would have to escape. */
const UNSAFE_IN_QUOTES = /[^\x20-\x21\x23-\x5b\x5d-\x7e]/g;

/** The RFC 5987 `value-chars` of a name: `encodeURIComponent` leaves `'()*` as they are. */
function extendedValue(name: string): string {
  return encodeURIComponent(name).replace(
    /['()*]/g,
    (char) => `%${char.charCodeAt(0).toString(16).toUpperCase()}`,
  );
}

/** `attachment; filename="<ASCII fallback>"; filename*=UTF-8''<name>` for a file name. */
export function attachmentDisposition(fileName: string): string {
  const fallback = fileName.replace(UNSAFE_IN_QUOTES, '_');
  return `attachment; filename="${fallback}"; filename*=UTF-8''${extendedValue(fileName)}`;
}
