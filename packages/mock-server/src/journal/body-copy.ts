/**
 * A copy of a request's body, taken before the route reads the body (which
 * it can do only once), for the journal and for stubs that match bodies.
 * Read at most 1 MiB, the most the service accepts; past that the copy
 * says only that it was too large.
 */
import { MAX_BODY_BYTES, readAtMost } from '../http/body.js';

/** A request body as read from its copy. */
export interface CopiedBody {
  /** The body's text; `null` when there was none or it was too large. */
  readonly text: string | null;
  /** Parsed JSON when the text is JSON, else the text; `null` when there is no text. */
  readonly value: unknown;
  /** `true` when the body was larger than 1 MiB (and not read). */
  readonly tooLarge: boolean;
}

const NO_BODY: CopiedBody = { text: null, value: null, tooLarge: false };
const copies = new WeakMap<Request, Promise<CopiedBody>>();

async function readCopy(copy: Request): Promise<CopiedBody> {
  let bytes: Uint8Array | undefined;
  try {
    bytes = await readAtMost(copy, MAX_BODY_BYTES);
  } catch {
    // The client went away while sending: there is no body to keep.
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

/**
 * Starts copying the body of `request` (once per request). Call it before
 * the route runs: afterwards the body is used up.
 */
export function copyBody(request: Request): void {
  if (request.body === null || copies.has(request)) return;
  copies.set(request, readCopy(request.clone()));
}

/** The copied body of `request`: nothing when it had none or was never copied. */
export function copiedBody(request: Request): Promise<CopiedBody> {
  return copies.get(request) ?? Promise.resolve(NO_BODY);
}
