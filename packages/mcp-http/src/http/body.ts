/**
 * The MCP endpoint's request body: the SDK's one body reader
 * (`readBodyWithin` of `@shiptrack/sdk/webhooks` for a web `Request`,
 * `readStreamWithin` for the Node lane's `IncomingMessage`: `Content-Length`
 * first, then bytes counted as they arrive), decoded as text.
 */
import { readBodyWithin as readBytesWithin } from '@shiptrack/sdk/webhooks';

/**
 * Reads the body of the request being served, when the endpoint needs it
 * (after authentication): its text, or `undefined` over the limit.
 */
export type BodyReader = () => Promise<string | undefined>;

/** Decodes UTF-8, a leading BOM dropped, bad bytes replaced. */
const decoder = new TextDecoder();

/** The text of a body read within its limit; `undefined` (over the limit) stays so. */
export function bodyText(bytes: Uint8Array | undefined): string | undefined {
  return bytes === undefined ? undefined : decoder.decode(bytes);
}

/** The body's text, or `undefined` when it exceeded `limit` bytes. */
export async function readBodyWithin(request: Request, limit: number): Promise<string | undefined> {
  return bodyText(await readBytesWithin(request, limit));
}
