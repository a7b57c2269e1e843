/**
 * A small `node:http` server for the tests of `createNodeFetch`: it echoes
 * what it received, redirects, compresses, hangs, cuts bodies off, and
 * counts the connections it accepted.
 */
import { createServer, type IncomingMessage, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { brotliCompressSync, deflateRawSync, deflateSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll } from 'vitest';
import { createNodeFetch, type NodeFetch } from '../src/node/index.js';

/** What `/echo` answers: the request as the server read it. */
export interface Echo {
  method: string;
  url: string;
  headers: Record<string, string | string[] | undefined>;
  body: string;
}

/** A request held by `/hang`, never answered. */
export interface HeldRequest {
  /** Settles when the client's socket closes. */
  closed: Promise<void>;
}

/** A running test server. */
export interface TestServer {
  /** `http://127.0.0.1:<port>`. */
  origin: string;
  /** Requests received, in order. */
  received: Echo[];
  /** Connections accepted so far. */
  connections(): number;
  /** Settles when the connection accepted last closes. */
  lastConnectionClosed(): Promise<void>;
  /** The next request `/hang` holds. */
  nextHeld(): Promise<HeldRequest>;
  close(): Promise<void>;
}

/** The JSON every compressed route sends. */
export const COMPRESSED_JSON = JSON.stringify({ data: { type: 'container', id: 'x'.repeat(200) } });

const ENCODED: Record<string, (text: string) => Buffer> = {
  gzip: (text) => gzipSync(text),
  br: (text) => brotliCompressSync(text),
  deflate: (text) => deflateSync(text),
  'deflate-raw': (text) => deflateRawSync(text),
};

/** Starts a server on a free port of 127.0.0.1. */
export async function startTestServer(): Promise<TestServer> {
  const received: Echo[] = [];
  let connections = 0;
  let lastClosed: Promise<void> = Promise.resolve();
  const held: ((request: HeldRequest) => void)[] = [];
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (chunk: Buffer) => chunks.push(chunk));
    req.on('end', () => {
      const echo: Echo = {
        method: req.method ?? '',
        url: req.url ?? '',
        headers: req.headers,
        body: Buffer.concat(chunks).toString('utf8'),
      };
      received.push(echo);
      route(req, res, echo, held.shift());
    });
  });
  server.on('connection', (socket) => {
    connections++;
    lastClosed = new Promise((resolve) => socket.once('close', () => resolve()));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  // A TCP server's address is an AddressInfo once it listens.
  const { port } = server.address() as AddressInfo;
  return {
    origin: `http://127.0.0.1:${port}`,
    received,
    connections: () => connections,
    lastConnectionClosed: () => lastClosed,
    nextHeld: () => new Promise((resolve) => held.push(resolve)),
    close: () =>
      new Promise((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

function route(
  req: IncomingMessage,
  res: ServerResponse,
  echo: Echo,
  hold: ((request: HeldRequest) => void) | undefined,
): void {
  const url = new URL(echo.url, 'http://server');
  const [, route = '', arg = ''] = url.pathname.split('/');
  if (route === 'redirect') {
    // /redirect/<status>?to=<location>, without Location when `to` is left out.
    const to = url.searchParams.get('to');
    res.writeHead(Number(arg), to === null ? {} : { location: to }).end();
  } else if (route === 'chain') {
    // /chain/<n>: n redirects, then the echo.
    const left = Number(arg);
    if (left > 0) res.writeHead(302, { location: `/chain/${left - 1}` }).end();
    else json(res, echo);
  } else if (route === 'encoded') {
    const encode = ENCODED[arg];
    const body = encode ? encode(COMPRESSED_JSON) : Buffer.from(COMPRESSED_JSON);
    res.writeHead(200, {
      'content-type': 'application/json',
      'content-encoding': arg === 'deflate-raw' ? 'deflate' : arg,
      'content-length': String(body.length),
    });
    res.end(body);
  } else if (route === 'repeated') {
    res.writeHead(200, [
      ['set-cookie', 'a=1'],
      ['set-cookie', 'b=2'],
      ['x-many', 'one'],
      ['x-many', 'two'],
    ]);
    res.end('ok');
  } else if (route === 'empty') {
    // /empty/<status>: 204, 205 or 304.
    res.writeHead(Number(arg)).end();
  } else if (route === 'cut') {
    res.writeHead(200, { 'content-type': 'application/json', 'content-length': '4096' });
    // Destroyed once the partial body has been flushed: the client has the headers.
    res.write('{"data":', () => setImmediate(() => res.socket?.destroy()));
  } else if (route === 'hang') {
    const closed = new Promise<void>((resolve) => req.socket.once('close', () => resolve()));
    hold?.({ closed });
  } else {
    json(res, echo);
  }
}

function json(res: ServerResponse, value: unknown): void {
  res.writeHead(200, { 'content-type': 'application/json' }).end(JSON.stringify(value));
}

/** A test file's server and `createNodeFetch()` sender. */
export interface TestServerFixture {
  /** The server, once `beforeAll` has started it. */
  readonly server: TestServer;
  readonly send: NodeFetch;
}

/** Starts a test server before the file's tests and closes it and a sender after them. */
export function useTestServer(): TestServerFixture {
  const send = createNodeFetch();
  let started: TestServer | undefined;
  beforeAll(async () => {
    started = await startTestServer();
  });
  afterAll(async () => {
    send.destroy();
    await started?.close();
  });
  return {
    get server(): TestServer {
      if (started === undefined) throw new Error('The test server starts in beforeAll.');
      return started;
    },
    send,
  };
}
