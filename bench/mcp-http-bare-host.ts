/**
 * The reference of `pnpm bench mcp-http`: the floor of any MCP host
 * written in Node, with nothing of ours in it (no MCP, no validation, no
 * rendering). For each JSON-RPC POST it reads the body, makes the two REST
 * reads `get_container` makes (`GET /containers/{id}?include=shipment,pod_terminal`
 * and `GET /containers/{id}/custom_fields`), in parallel on keep-alive
 * `node:http` sockets with the caller's `Authorization`, parses both, and
 * writes a small JSON-RPC answer. Run as a child of the benchmark
 * (`mcp-http-targets.ts bare <REST base>`), so it has a process of its own.
 */
import {
  Agent,
  createServer,
  type IncomingHttpHeaders,
  type IncomingMessage,
  request,
} from 'node:http';

/** Keep-alive sockets for the two reads of every call; as many as the calls in flight need. */
const agent = new Agent({ keepAlive: true, maxSockets: 256 });

/** One GET to the REST base, parsed. */
function getJson(base: URL, path: string, authorization: string): Promise<unknown> {
  return new Promise((resolve, reject) => {
    const outgoing = request(
      {
        agent,
        host: base.hostname,
        port: base.port,
        path: `${base.pathname}${path}`,
        headers: { accept: 'application/vnd.api+json', authorization },
      },
      (response) => {
        const chunks: Buffer[] = [];
        response.on('data', (chunk: Buffer) => chunks.push(chunk));
        response.on('end', () => {
          if (response.statusCode !== 200) {
            reject(new Error(`GET ${path} answered ${response.statusCode}`));
            return;
          }
          try {
            resolve(JSON.parse(Buffer.concat(chunks).toString('utf8')));
          } catch (error) {
            reject(error);
          }
        });
        response.on('error', reject);
      },
    );
    outgoing.on('error', reject);
    outgoing.end();
  });
}

/** The whole body of a request, as text. */
function bodyOf(incoming: IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    const chunks: Buffer[] = [];
    incoming.on('data', (chunk: Buffer) => chunks.push(chunk));
    incoming.on('end', () => resolve(Buffer.concat(chunks).toString('utf8')));
    incoming.on('error', reject);
  });
}

/** The JSON-RPC request of a `tools/call`: its id and the container id of its arguments. */
interface Call {
  id: string | number;
  containerId: string;
}

function callOf(text: string): Call {
  // The benchmark sends only `tools/call get_container` requests; anything else is a bench bug.
  const body = JSON.parse(text) as { id: string | number; params: { arguments: { id: string } } };
  return { id: body.id, containerId: body.params.arguments.id };
}

function authorizationOf(headers: IncomingHttpHeaders): string {
  return headers.authorization ?? '';
}

/** Starts the bare host over `restBase`; prints `{ url, pid }` when it listens. */
export async function startBareHost(restBase: string): Promise<void> {
  const base = new URL(restBase);
  const server = createServer(async (incoming, outgoing) => {
    try {
      const call = callOf(await bodyOf(incoming));
      const authorization = authorizationOf(incoming.headers);
      const path = `/containers/${encodeURIComponent(call.containerId)}`;
      const [container, customFields] = await Promise.all([
        getJson(base, `${path}?include=shipment,pod_terminal`, authorization),
        getJson(base, `${path}/custom_fields`, authorization),
      ]);
      // Both documents were parsed whole (JSON:API, `data` at the top); the answer names what it got.
      const text = JSON.stringify({
        container: (container as { data?: { id?: string } }).data?.id ?? null,
        customFields: Array.isArray((customFields as { data?: unknown }).data),
      });
      const answer = JSON.stringify({
        jsonrpc: '2.0',
        id: call.id,
        result: { content: [{ type: 'text', text }] },
      });
      outgoing.writeHead(200, {
        'content-type': 'application/json',
        'content-length': Buffer.byteLength(answer),
      });
      outgoing.end(answer);
    } catch (error) {
      outgoing.writeHead(500, { 'content-type': 'text/plain' });
      outgoing.end(String(error));
    }
  });
  server.keepAliveTimeout = 60_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const address = server.address();
  const port = typeof address === 'object' && address ? address.port : 0;
  process.stdout.write(
    `${JSON.stringify({ url: `http://127.0.0.1:${port}/mcp`, pid: process.pid })}\n`,
  );
}
