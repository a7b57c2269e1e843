/**
 * The demo's own stack, in this process on free loopback ports: the mock
 * service with its demo data on a manual clock (so the demo can move time),
 * and the MCP HTTP server over it, whose tools count days on that clock.
 */
import { createServer, ShippingLineCache } from '@shiptrack/mcp';
import { type RunningMcpHttpServer, startMcpHttpServer } from '@shiptrack/mcp-http';
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';

/** The simulated time of the demo: read it, and move it forward. */
export interface DemoClock {
  now(): Date;
  /** Moves time forward; resolves once every job due meanwhile ran and its webhooks settled. */
  advance(seconds: number): Promise<void>;
}

/** The running demo stack. */
export interface DemoStack {
  /** The REST base of the mock, ending in `/v2`. */
  readonly restUrl: string;
  /** The MCP endpoint. */
  readonly mcpUrl: string;
  /** The demo account's API key (Acme Imports). */
  readonly apiKey: string;
  readonly clock: DemoClock;
  close(): Promise<void>;
}

/** Where the demo's clock starts: a fixed instant, so every run tells the same story. */
export const DEMO_START = '2025-03-01T00:00:00Z';

/** Starts the mock, then the MCP server over it. */
export async function startDemoStack(): Promise<DemoStack> {
  const mock: RunningMockServer = await startMockServer({
    port: 0,
    clock: { mode: 'manual', startAt: DEMO_START },
  });
  const now = () => new Date(mock.mock.clock.now());
  const shippingLineCache = new ShippingLineCache();
  let mcp: RunningMcpHttpServer;
  try {
    mcp = await startMcpHttpServer({
      port: 0,
      baseUrl: mock.url,
      log: false,
      shutdownTimeoutMs: 1_000,
      // The tools count days to the last free day on the mock's clock, not the wall clock.
      createServer: ({ client, keyFingerprint, onError }) =>
        createServer({ client, shippingLineCache, cacheKey: keyFingerprint, onError, now }),
    });
  } catch (error) {
    await mock.close();
    throw error;
  }
  return {
    restUrl: mock.url,
    mcpUrl: mcp.url,
    apiKey: DEMO_API_KEY,
    clock: {
      now,
      advance: async (seconds) => {
        await mock.mock.advance(seconds);
      },
    },
    close: async () => {
      await mcp.close();
      await mock.close();
    },
  };
}
