/**
 * A slow-body client: a real socket that sends a request's head, then its
 * body one byte at a time, as an attacker holding connections open would.
 */
import { connect } from 'node:net';

/**
 * Sends `head` (request line and headers, ending in a blank line) to
 * `url`'s host, then one body byte every `everyMs`, and resolves with all
 * the server wrote once it closes the connection. It never closes it
 * itself: against a server without a request time limit the caller waits
 * until its own time-out.
 */
export function trickleRequest(
  url: URL,
  options: { head: string; everyMs: number },
): Promise<string> {
  return new Promise((resolve) => {
    const socket = connect(Number(url.port), url.hostname);
    let answer = '';
    let timer: NodeJS.Timeout | undefined;
    socket.setEncoding('utf8');
    socket.on('connect', () => {
      socket.write(options.head);
      timer = setInterval(() => {
        if (socket.writable) socket.write('x');
      }, options.everyMs);
    });
    socket.on('data', (chunk: string) => {
      answer += chunk;
    });
    // A reset after the answer is the server closing too; 'close' follows.
    socket.on('error', () => {});
    socket.on('close', () => {
      clearInterval(timer);
      resolve(answer);
    });
  });
}
