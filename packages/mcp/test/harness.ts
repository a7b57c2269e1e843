import { Client, type ClientOptions } from '@modelcontextprotocol/client';
import { InMemoryTransport } from '@modelcontextprotocol/server';
import {
  createMockServer,
  DEMO_API_KEY,
  type MockServer,
  type MockServerOptions,
} from '@shiptrack/mock-server';
import {
  createClient,
  type ClientOptions as SdkClientOptions,
  type ShiptrackClient,
} from '@shiptrack/sdk';
import { type ServeConnectionOptions, serveConnection } from '../src/cli/serve.js';
import type { CreateServerOptions } from '../src/index.js';

/** The base URL the in-process mock answers on (never a real host). */
export const MOCK_BASE_URL = 'https://mock.shiptrack.test/v2';

/** The mock's clock start in every test: a fixed instant. */
export const MOCK_START = '2025-03-01T00:00:00Z';

/** A mock service and an SDK client that reaches it in process through `fetch`. */
export interface MockService {
  mock: MockServer;
  client(options?: SdkClientOptions): ShiptrackClient;
}

/** Starts an in-process mock with the demo data on a manual clock. */
export function startMockService(options: MockServerOptions = {}): MockService {
  const mock = createMockServer({ clock: { mode: 'manual', startAt: MOCK_START }, ...options });
  return {
    mock,
    client: (options = {}) =>
      createClient({
        apiKey: DEMO_API_KEY,
        baseUrl: MOCK_BASE_URL,
        rateLimit: false,
        maxRetries: 0,
        fetch: (url, init) => mock.fetch(new Request(url, init)),
        ...options,
      }),
  };
}

/** Which protocol revision a test client speaks. */
export type ProtocolRevision = '2025-03-26' | '2025-06-18' | '2025-11-25' | '2026-07-28';

/** Options of {@link connect}. */
export interface ConnectOptions {
  revision?: ProtocolRevision;
  /** Client options (capabilities, ...). */
  client?: ClientOptions;
  /** Runs before `connect`, e.g. to set the elicitation handler. */
  setup?: (client: Client) => void;
  /** Subscription caps and polling (an injected scheduler in tests). */
  subscriptions?: ServeConnectionOptions['subscriptions'];
}

/** A connected MCP client and a way to close both ends. */
export interface Connection {
  client: Client;
  close(): Promise<void>;
}

/**
 * Serves `createServer(options)` over an in-memory transport as the stdio
 * command does (subscriptions included), through the SDK's stdio entry (so the era is negotiated as over a pipe) and connects a
 * real MCP client speaking `revision`.
 */
export async function connect(
  options: CreateServerOptions,
  connectOptions: ConnectOptions = {},
): Promise<Connection> {
  const revision = connectOptions.revision ?? '2025-11-25';
  const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
  const handle = serveConnection(options, {
    transport: serverSide,
    subscriptions: connectOptions.subscriptions,
  });
  const modern = revision === '2026-07-28';
  const client = new Client(
    { name: 'shiptrack-test', version: '1.0.0' },
    {
      ...connectOptions.client,
      ...(modern
        ? { versionNegotiation: { mode: { pin: '2026-07-28' } } }
        : { supportedProtocolVersions: [revision] }),
    },
  );
  connectOptions.setup?.(client);
  await client.connect(clientSide);
  return {
    client,
    close: async () => {
      await client.close();
      await handle.close();
    },
  };
}
