/**
 * The main job's stack in one process: the mock service with its demo data,
 * the demo OAuth authorization server and the MCP HTTP server over both.
 * Started in that order (each needs the one before), stopped in reverse.
 */
import { demoSubjectKeys, startDemoAuthServer } from '@shiptrack/demo-auth';
import { type RequestLogger, startMcpHttpServer } from '@shiptrack/mcp-http';
import { DEMO_API_KEY, type Logger, startMockServer } from '@shiptrack/mock-server';
import { PORT_SETTINGS, type StackPart } from './options.js';
import { busyParts, busyPortsMessage } from './ports.js';

/** What {@link startStack} needs. */
export interface StackOptions {
  ports: Record<StackPart, number>;
  /** Receives the mock's log lines. */
  mockLogger: Logger;
  /** Receives one entry per MCP request, or `false` for none. */
  requestLog: RequestLogger | false;
  /** Receives failures of the MCP server that are not the caller's. */
  onError: (error: unknown, where: string) => void;
}

/** The running stack: where each part answers, and how to stop it. */
export interface RunningStack {
  /** The MCP endpoint (streamable HTTP). */
  readonly mcpUrl: string;
  /** The mock's REST base, ending in `/v2`. */
  readonly restUrl: string;
  /** The authorization server's issuer URL. */
  readonly authIssuer: string;
  /** The first demo account's API key (Acme Imports). */
  readonly apiKey: string;
  /** The demo sign-in users, `username / password`. */
  readonly users: readonly { username: string; password: string }[];
  /** Stops the MCP server (requests in flight finish), then the other two. */
  close(): Promise<void>;
}

/** A part of the stack could not start; the message says which and how to fix it. */
export class StackStartError extends Error {
  override name = 'StackStartError';
}

/** Turns a failure to listen into what the user should change. */
function explain(part: StackPart, port: number, error: unknown): Error {
  const { flag, env, what } = PORT_SETTINGS[part];
  const code = (error as { code?: unknown } | null)?.code;
  if (code === 'EADDRINUSE') {
    return new StackStartError(
      `Port ${port} (${what}) is already in use, perhaps by another \`pnpm start\`. Stop that process, or pick another port: pnpm start ${flag} <n> (or ${env}=<n>; 0 picks a free one).`,
    );
  }
  if (code === 'EACCES') {
    return new StackStartError(
      `No permission to listen on port ${port} (${what}). Use a port above 1023: pnpm start ${flag} <n> (or ${env}=<n>).`,
    );
  }
  return error instanceof Error ? error : new Error(String(error));
}

async function started<T>(part: StackPart, port: number, start: () => Promise<T>): Promise<T> {
  try {
    return await start();
  } catch (error) {
    throw explain(part, port, error);
  }
}

/**
 * Starts the stack on 127.0.0.1, after checking that none of its ports is
 * taken (all of them reported in one error). When a part cannot start, the
 * parts already running are stopped before the error is thrown.
 */
export async function startStack(options: StackOptions): Promise<RunningStack> {
  const { ports } = options;
  // Every busy port named at once; a port taken between this check and the start is explained below.
  const busy = await busyParts(ports);
  if (busy.length > 0) throw new StackStartError(busyPortsMessage(busy, ports));
  const running: { close(): Promise<void> }[] = [];
  const closeAll = async () => {
    for (const part of running.splice(0).reverse()) await part.close();
  };
  try {
    const mock = await started('mock', ports.mock, () =>
      startMockServer({ port: ports.mock, dataset: 'demo', logger: options.mockLogger }),
    );
    running.push(mock);
    // The MCP URL is known once its server listens (its port may be 0): the policy reads it then.
    let mcpUrl = '';
    const auth = await started('auth', ports.auth, () =>
      startDemoAuthServer({ port: ports.auth, resources: (resource) => resource === mcpUrl }),
    );
    running.push(auth);
    const mcp = await started('mcp', ports.mcp, () =>
      startMcpHttpServer({
        port: ports.mcp,
        baseUrl: mock.url,
        oauth: { issuer: auth.issuer, subjectKeys: demoSubjectKeys(auth.users) },
        shutdownTimeoutMs: 3_000,
        log: options.requestLog,
        onError: options.onError,
      }),
    );
    running.push(mcp);
    mcpUrl = mcp.url;
    return {
      mcpUrl,
      restUrl: mock.url,
      authIssuer: auth.issuer,
      apiKey: DEMO_API_KEY,
      users: auth.users.map(({ username, password }) => ({ username, password })),
      close: closeAll,
    };
  } catch (error) {
    await closeAll();
    throw error;
  }
}
