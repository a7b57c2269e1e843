/**
 * `confirmTrackingRequests` over stdio, where 2025 clients are asked
 * through elicitation on the open connection, and the switch of the
 * `shiptrack-mcp` command.
 */
import type { Client } from '@modelcontextprotocol/client';
import { UsageError } from '@shiptrack/ops';
import { afterAll, afterEach, describe, expect, it } from 'vitest';
import { parseCli } from '../src/cli/args.js';
import { type Connection, connect, type ProtocolRevision, startMockService } from './harness.js';

const service = startMockService();
afterAll(() => service.mock.dispose());

/** Requests the account holds for a number, straight from the service. */
async function requestsFor(number: string) {
  const page = await service.client().trackingRequests.list({ filter: { requestNumber: number } });
  return page.data;
}

const REVISIONS: ProtocolRevision[] = ['2025-06-18', '2025-11-25'];

describe.each(REVISIONS)('track_container confirming tracking requests on %s', (revision) => {
  let connection: Connection | undefined;
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
  });

  /** A new bill of lading at a named carrier, one per test and revision. */
  const billOf = (test: number) => ({
    number: `HLCUSTD${REVISIONS.indexOf(revision)}${test}`,
    numberType: 'bill_of_lading',
    scac: 'HLCU',
  });

  async function answering(action: 'accept' | 'decline') {
    const asked: unknown[] = [];
    connection = await connect(
      { client: service.client(), confirmTrackingRequests: true },
      {
        revision,
        client: { capabilities: { elicitation: { form: {} } } },
        setup: (client: Client) =>
          client.setRequestHandler('elicitation/create', async (request) => {
            asked.push(request.params);
            return action === 'accept' ? { action, content: {} } : { action };
          }),
      },
    );
    return { client: connection.client, asked };
  }

  it('asks through elicitation and creates the request once the user confirms', async () => {
    const args = billOf(1);
    const { client, asked } = await answering('accept');
    const result = await client.callTool({ name: 'track_container', arguments: args });
    expect(asked).toEqual([expect.objectContaining({ message: expect.stringContaining('quota') })]);
    expect(result.structuredContent).toMatchObject({ outcome: 'request_created' });
    expect(await requestsFor(args.number)).toHaveLength(1);
  });

  it('creates nothing when the user declines', async () => {
    const args = billOf(2);
    const { client } = await answering('decline');
    const result = await client.callTool({ name: 'track_container', arguments: args });
    expect(result.structuredContent).toMatchObject({ outcome: 'confirmation_declined' });
    expect(await requestsFor(args.number)).toEqual([]);
  });

  it('creates nothing for a client without elicitation, and says how to proceed', async () => {
    const args = billOf(3);
    connection = await connect(
      { client: service.client(), confirmTrackingRequests: true },
      { revision },
    );
    const result = await connection.client.callTool({ name: 'track_container', arguments: args });
    expect(result.structuredContent).toMatchObject({ outcome: 'confirmation_unavailable' });
    expect(JSON.stringify(result.content)).toContain('confirmTrackingRequests');
    expect(await requestsFor(args.number)).toEqual([]);
  });
});

describe('the --confirm-tracking-requests switch of shiptrack-mcp', () => {
  it('is off by default, on with the flag or SVC_MCP_CONFIRM_TRACKING_REQUESTS', () => {
    expect(parseCli([]).confirmTrackingRequests).toBe(false);
    expect(parseCli(['--confirm-tracking-requests']).confirmTrackingRequests).toBe(true);
    expect(
      parseCli([], { SVC_MCP_CONFIRM_TRACKING_REQUESTS: 'true' }).confirmTrackingRequests,
    ).toBe(true);
    expect(parseCli([], { SVC_MCP_CONFIRM_TRACKING_REQUESTS: '0' }).confirmTrackingRequests).toBe(
      false,
    );
  });

  it('refuses a value it cannot read rather than leave quota unguarded', () => {
    expect(() => parseCli([], { SVC_MCP_CONFIRM_TRACKING_REQUESTS: 'yes please' })).toThrow(
      UsageError,
    );
    expect(() => parseCli([], { SVC_MCP_CONFIRM_TRACKING_REQUESTS: 'yes please' })).toThrow(
      /SVC_MCP_CONFIRM_TRACKING_REQUESTS must be true or false/,
    );
  });
});
