/**
 * The loopback redirect of a native OAuth client (RFC 8252): a one-shot HTTP
 * server on 127.0.0.1 that receives the authorization server's redirect
 * with the code, answers the browser with a short page, and hands over the
 * callback's parameters (the caller checks their `state`).
 */
import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';

/** A listening callback server. */
export interface CallbackServer {
  /** The redirect URI to register, e.g. `http://127.0.0.1:53124/callback`. */
  readonly redirectUri: string;
  /** Resolves with the query of the first request to the redirect URI. */
  readonly received: Promise<URLSearchParams>;
  close(): Promise<void>;
}

const page = (text: string) =>
  `<!doctype html><meta charset="utf-8"><title>shiptrack</title><p>${text}</p>`;

/** Starts the callback server on a free loopback port. */
export async function startCallbackServer(): Promise<CallbackServer> {
  let deliver: (params: URLSearchParams) => void = () => {};
  const received = new Promise<URLSearchParams>((resolve) => {
    deliver = resolve;
  });
  const server = createServer((request, response) => {
    const url = new URL(request.url ?? '/', 'http://127.0.0.1');
    if (url.pathname !== '/callback') {
      response.writeHead(404, { 'content-type': 'text/html' }).end(page('Not found.'));
      return;
    }
    const signedIn = url.searchParams.has('code');
    response
      .writeHead(signedIn ? 200 : 400, { 'content-type': 'text/html' })
      .end(page(signedIn ? 'Signed in. You can close this tab.' : 'The sign-in did not finish.'));
    deliver(url.searchParams);
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // listen() on a TCP port always yields an AddressInfo object.
  const { port } = server.address() as AddressInfo;
  return {
    redirectUri: `http://127.0.0.1:${port}/callback`,
    received,
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}
