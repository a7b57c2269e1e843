/**
 * The Node server's lane for POSTs to the MCP path. The handler's internal
 * entry serves a view of the `IncomingMessage` (`LanePost`): its headers
 * read in place, a web `Request` (without a body stream) built only when
 * the full server needs one, and the body read from the `IncomingMessage`
 * itself when the endpoint asks for it (after authentication, bounded by
 * the body limit). A prepared answer (a fast-path
 * JSON answer) is written to the socket here; every other answer is handed
 * to Hono's listener, which writes it as it writes any (streams, errors,
 * an unread body drained).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { readStreamWithin } from '@shiptrack/sdk/webhooks';
import type { HandlerCore } from '../handler.js';
import { bodyText } from '../http/body.js';
import { type Answer, PreparedAnswer, responseOf } from '../http/prepared-answer.js';
import { LanePost } from './lane-post.js';

/** Has Hono's listener write an answer already on its way for this request. */
export type HandOver = (
  incoming: IncomingMessage,
  outgoing: ServerResponse,
  answer: Promise<Response>,
) => void;

/** The lane of one server. */
export interface PostLane {
  /** Whether it takes a request: a POST whose target is the MCP path, with or without a query. */
  takes(method: string | undefined, target: string | undefined): boolean;
  /** Serves a request it took. */
  serve(incoming: IncomingMessage, outgoing: ServerResponse): Promise<void>;
}

/**
 * Serves a request through the handler's internal entry: a body-less POST
 * to its absolute URL (already set by the server), with a signal that
 * aborts when the client goes away, as Hono's adapter does. Async, so that
 * whatever throws becomes the answer's rejection (Hono's listener answers it).
 */
async function serveIncoming(
  core: HandlerCore,
  incoming: IncomingMessage,
  outgoing: ServerResponse,
): Promise<Answer> {
  return core.serve(new LanePost(incoming, outgoing), () =>
    readStreamWithin(incoming, core.maxBodyBytes).then(bodyText),
  );
}

/**
 * Writes a prepared answer as Hono's adapter writes a text `Response`, with
 * its `Content-Length`. Its headers are the handler's own or echo request
 * headers, which Node's parser only lets through when they can be written.
 */
function writePrepared(outgoing: ServerResponse, answer: PreparedAnswer): void {
  outgoing.writeHead(answer.status, {
    ...answer.headers,
    'Content-Length': Buffer.byteLength(answer.text),
  });
  outgoing.end(answer.text);
}

/** The lane of a server around `core`; answers it does not write go to `handOver`. */
export function postLane(core: HandlerCore, handOver: HandOver): PostLane {
  const { path } = core;
  return {
    takes: (method, target) =>
      method === 'POST' &&
      target !== undefined &&
      target.startsWith(path) &&
      (target.length === path.length || target[path.length] === '?'),
    serve: async (incoming, outgoing) => {
      const answer = serveIncoming(core, incoming, outgoing);
      // A rejection is Hono's to answer, below, as it answers a handler that throws.
      const settled = await answer.catch(() => undefined);
      if (settled instanceof PreparedAnswer) writePrepared(outgoing, settled);
      else handOver(incoming, outgoing, answer.then(responseOf));
    },
  };
}
