/**
 * Reads a request body under a size limit, counting bytes as they arrive
 * (a `Content-Length` can be absent or wrong with chunked uploads).
 */

/**
 * Reads the body of the request being served, when the endpoint needs it
 * (after authentication): its text, or `undefined` over the limit.
 */
export type BodyReader = () => Promise<string | undefined>;

/** Whether a declared `Content-Length` is over `limit`: such a body is not read at all. */
export function declaredOver(contentLength: string | null | undefined, limit: number): boolean {
  const declared = Number(contentLength);
  return Number.isFinite(declared) && declared > limit;
}

/** The body's text, or `undefined` when it exceeded `limit` bytes. */
export async function readBodyWithin(request: Request, limit: number): Promise<string | undefined> {
  if (declaredOver(request.headers.get('content-length'), limit)) return undefined;
  if (request.body === null) return '';
  const reader = request.body.getReader();
  const chunks: Uint8Array[] = [];
  let size = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    size += value.byteLength;
    if (size > limit) {
      await reader.cancel();
      return undefined;
    }
    chunks.push(value);
  }
  const bytes = new Uint8Array(size);
  let offset = 0;
  for (const chunk of chunks) {
    bytes.set(chunk, offset);
    offset += chunk.byteLength;
  }
  return new TextDecoder().decode(bytes);
}
