/**
 * Requests Node's HTTP parser refuses before any handler runs (a header
 * with control characters, headers too large, a malformed request line):
 * Node's own answer is a bare status with an empty body. Here they get the
 * same JSON-RPC error body as the handler's refusals, saying what was
 * wrong, and a line in the error log.
 */
import { STATUS_CODES } from 'node:http';
import type { Duplex } from 'node:stream';

/** The status Node gives each parser failure (its default answers). */
function statusOf(code: string | undefined): number {
  if (code === 'HPE_HEADER_OVERFLOW') return 431;
  if (code === 'HPE_CHUNK_EXTENSIONS_OVERFLOW') return 413;
  if (code === 'ERR_HTTP_REQUEST_TIMEOUT') return 408;
  return 400;
}

/**
 * A `clientError` listener for a Node HTTP server. Like Node's default, it
 * answers only while no response has started on the connection, then
 * closes it.
 */
export function answerClientErrors(
  report: (error: unknown, where: string) => void,
): (error: Error & { code?: string }, socket: Duplex) => void {
  return (error, socket) => {
    // Node's own check: an in-flight response whose headers went out must not be corrupted.
    const inFlight: unknown = Reflect.get(socket, '_httpMessage');
    const started: unknown =
      typeof inFlight === 'object' && inFlight !== null && Reflect.get(inFlight, 'headersSent');
    if (error.code === 'ECONNRESET' || !socket.writable || started === true) {
      socket.destroy();
      return;
    }
    report(error, 'http parser');
    const status = statusOf(error.code);
    const body = JSON.stringify({
      jsonrpc: '2.0',
      error: {
        code: -32000,
        message: `The HTTP request could not be read (${error.code ?? error.message}). Check the request line and headers: no control characters, within the size limits.`,
      },
      id: null,
    });
    socket.end(
      `HTTP/1.1 ${status} ${STATUS_CODES[status]}\r\ncontent-type: application/json\r\ncache-control: no-store\r\ncontent-length: ${Buffer.byteLength(body)}\r\nconnection: close\r\n\r\n${body}`,
    );
  };
}
