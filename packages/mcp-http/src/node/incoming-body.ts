/**
 * Reads a request body from the `IncomingMessage` itself, under a size
 * limit, with the rules of `readBodyWithin` (a declared `Content-Length`
 * over the limit is not read, `declaredOver`; bytes are counted as they
 * arrive) and its decoding, but without a web stream between the socket
 * and the text.
 */
import type { IncomingMessage } from 'node:http';
import { declaredOver } from '../http/body.js';

/** Decodes as `readBodyWithin` does (UTF-8, a leading BOM dropped, bad bytes replaced). */
const decoder = new TextDecoder();

/** The body's text, or `undefined` when it exceeds `limit` bytes; rejects when the client goes away. */
export function readIncomingWithin(
  incoming: IncomingMessage,
  limit: number,
): Promise<string | undefined> {
  if (declaredOver(incoming.headers['content-length'], limit)) return Promise.resolve(undefined);
  // A client gone before the body was asked for (authentication is awaited first): no event will come.
  if (incoming.errored) return Promise.reject(incoming.errored);
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    let size = 0;
    const stop = () => {
      incoming.off('data', onData);
      incoming.off('end', onEnd);
      incoming.off('error', onError);
    };
    const onData = (chunk: Buffer) => {
      size += chunk.byteLength;
      if (size > limit) {
        stop();
        // The rest stays unread, as a cancelled web read leaves it: the adapter drains it after the 413.
        incoming.pause();
        resolve(undefined);
        return;
      }
      chunks.push(chunk);
    };
    const onEnd = () => {
      stop();
      resolve(decoder.decode(Buffer.concat(chunks, size)));
    };
    const onError = (error: Error) => {
      stop();
      reject(error);
    };
    incoming.on('data', onData);
    incoming.on('end', onEnd);
    incoming.on('error', onError);
  });
}
