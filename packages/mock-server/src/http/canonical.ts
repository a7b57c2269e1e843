/**
 * Request paths as the service reads them. Its router ignores a trailing
 * slash, and ids are UUIDs compared without regard to case, so
 * `/v2/shipments/` is `/v2/shipments` and `/v2/shipments/6F1C...` names the
 * shipment `6f1c...`. The mock routes, answers and links with the canonical
 * form: no trailing slash, UUIDs in lower case.
 */

const UUID_SEGMENT =
  /(?<=\/)[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}(?=\/|$)/g;

/** The canonical form of a (decoded) path; the same string when it already is. */
export function canonicalPath(path: string): string {
  let canonical = path;
  if (canonical.length > 1 && canonical.endsWith('/')) {
    canonical = canonical.replace(/\/+$/, '') || '/';
  }
  if (/[A-F]/.test(canonical)) {
    canonical = canonical.replace(UUID_SEGMENT, (uuid) => uuid.toLowerCase());
  }
  return canonical;
}

/** The request at its canonical URL (same method, headers, body and signal). */
export function canonicalRequest(request: Request, path: string): Request {
  const url = new URL(request.url);
  url.pathname = path;
  return new Request(url, request);
}
