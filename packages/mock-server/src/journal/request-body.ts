/**
 * A REST request's body as the journal and stubs that match bodies read
 * it: the same read as the route's (`requestBodyBytes`), parsed once. A
 * body over 1 MiB (which the route refuses with 413) is only known to be
 * too large.
 */
import { requestBodyBytes } from '../http/body.js';

/** A request body as read. */
export interface ReadBody {
  /** The body's text; `null` when there was none or it was too large. */
  readonly text: string | null;
  /** Parsed JSON when the text is JSON, else the text; `null` when there is no text. */
  readonly value: unknown;
  /** `true` when the body was larger than 1 MiB (and not read). */
  readonly tooLarge: boolean;
}

const NO_BODY: ReadBody = { text: null, value: null, tooLarge: false };
const parsed = new WeakMap<Request, Promise<ReadBody>>();

async function readBody(request: Request): Promise<ReadBody> {
  let bytes: Uint8Array | undefined;
  try {
    bytes = await requestBodyBytes(request);
  } catch {
    // The client went away while sending: there is no body (the route meets the same error).
    return NO_BODY;
  }
  if (bytes === undefined) return { text: null, value: null, tooLarge: true };
  const text = new TextDecoder().decode(bytes);
  if (text === '') return NO_BODY;
  try {
    return { text, value: JSON.parse(text) as unknown, tooLarge: false };
  } catch {
    return { text, value: text, tooLarge: false };
  }
}

/** The body of a request (nothing for one without a body), read and parsed once. */
export function bodyOf(request: Request): Promise<ReadBody> {
  if (request.body === null) return Promise.resolve(NO_BODY);
  let body = parsed.get(request);
  if (body === undefined) {
    body = readBody(request);
    parsed.set(request, body);
  }
  return body;
}
