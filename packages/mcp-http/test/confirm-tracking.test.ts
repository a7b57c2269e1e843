/**
 * `confirmTrackingRequests`: before `track_container` creates a tracking
 * request (it costs quota), the user is asked; on 2026-07-28 with an
 * input-required result whose signed `requestState` names the very request,
 * so the answer may land on another instance and cannot be replayed for
 * another request. Off, nothing is asked.
 */
import type { Client, ElicitResult } from '@modelcontextprotocol/client';
import type { JsonValue } from '@modelcontextprotocol/ext-tasks/core';
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWithHeader, type Host, MOCK_START, startHost } from './support/host.js';
import {
  REFUSED,
  roundRobinClient,
  stateOf,
  tampered,
  trackCall,
} from './support/input-required.js';

/** Two instances' shared secret. */
const SHARED_KEY = 'a shared secret of at least thirty-two bytes';
/** A new bill of lading at a named carrier: nothing to infer, so the only question is the confirmation. */
const billOf = (test: string): Record<string, JsonValue> => ({
  number: `HLCUCONF${test}`,
  numberType: 'bill_of_lading',
  scac: 'HLCU',
});
const ACCEPT: ElicitResult = { action: 'accept', content: {} };

describe('track_container with confirmTrackingRequests', () => {
  let mock: RunningMockServer;
  let first: Host;
  let second: Host;
  let unconfirmed: Host;

  /** The account's tracking requests for a number, read from the mock over HTTP. */
  async function requestsFor(number: JsonValue | undefined) {
    const sdk = createClient({ apiKey: DEMO_API_KEY, baseUrl: mock.url, rateLimit: false });
    return (await sdk.trackingRequests.list({ filter: { requestNumber: String(number) } })).data;
  }

  /** Calls `track_container` with the SDK client, across both instances, answering `answer`. */
  async function track(
    args: Record<string, JsonValue>,
    answer: ElicitResult,
    hosts = [first, second],
  ) {
    const { client, questions } = await roundRobinClient(
      hosts.map((host) => host.url),
      answer,
    );
    try {
      const result = await client.callTool({ name: 'track_container', arguments: args });
      return { result, questions };
    } finally {
      await client.close();
    }
  }

  beforeAll(async () => {
    mock = await startMockServer({ clock: { mode: 'manual', startAt: MOCK_START } });
    const options = { requestStateKey: SHARED_KEY, confirmTrackingRequests: true };
    first = await startHost(options, mock);
    second = await startHost(options, mock);
    unconfirmed = await startHost({ requestStateKey: SHARED_KEY }, mock);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close(), unconfirmed?.close()]);
    await mock?.close();
  });

  it('asks before creating and creates once the user confirms, asked on one instance and answered on the other', async () => {
    const calls = (host: Host) => host.logs.filter((entry) => entry.rpcMethod === 'tools/call');
    const before = [calls(first).length, calls(second).length];
    const args = billOf('0001');
    const { result, questions } = await track(args, ACCEPT);
    expect(questions).toEqual([
      expect.objectContaining({
        mode: 'form',
        message: expect.stringMatching(/Start tracking HLCUCONF0001 .* at HLCU\?.*quota/),
      }),
    ]);
    expect(result.structuredContent).toMatchObject({ outcome: 'request_created', scac: 'HLCU' });
    expect([
      calls(first).length - (before[0] ?? 0),
      calls(second).length - (before[1] ?? 0),
    ]).toEqual([1, 1]);
    expect(await requestsFor(args.number)).toHaveLength(1);
    // Tracked now: asked nothing, made nothing more.
    const again = await track(args, ACCEPT);
    expect(again.questions).toEqual([]);
    expect(again.result.structuredContent).toMatchObject({ outcome: 'request_pending' });
    expect(await requestsFor(args.number)).toHaveLength(1);
  });

  it.each(['decline', 'cancel'] as const)(
    'creates nothing when the user answers %s',
    async (action) => {
      const args = billOf(action === 'decline' ? '0002' : '0003');
      const { result, questions } = await track(args, { action });
      expect(questions).toHaveLength(1);
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ outcome: 'confirmation_declined' });
      expect(JSON.stringify(result.content)).toContain('nothing was created');
      expect(await requestsFor(args.number)).toEqual([]);
    },
  );

  it('refuses a tampered confirmation state and creates nothing', async () => {
    const args = billOf('0004');
    const state = stateOf(await trackCall(first.url, args));
    const answered = await trackCall(second.url, args, {
      inputResponses: { confirm: { action: 'accept', content: {} } },
      requestState: tampered(state),
    });
    expect(answered).toMatchObject(REFUSED);
    expect(await requestsFor(args.number)).toEqual([]);
  });

  it.each([
    ['number', '0005', { number: 'HLCUCONF0006' }],
    ['carrier', '0010', { scac: 'MAEU' }],
    ['kind of number', '0011', { numberType: 'booking_number' }],
  ])('asks again when a confirmation comes back for another %s', async (_what, test, change) => {
    const asked = billOf(test);
    const state = stateOf(await trackCall(first.url, asked));
    const other: Record<string, JsonValue> = { ...asked, ...change };
    const answered = await trackCall(second.url, other, {
      inputResponses: { confirm: { action: 'accept', content: {} } },
      requestState: state,
    });
    expect(answered).toMatchObject({
      kind: 'result',
      result: { resultType: 'input_required', inputRequests: { confirm: {} } },
    });
    expect(await requestsFor(other.number)).toEqual([]);
  });

  it('asks once for a number of uncertain carrier: choosing the carrier confirms', async () => {
    const number = '555000222';
    const { result, questions } = await track(
      { number },
      { action: 'accept', content: { scac: 'MAEU' } },
    );
    expect(questions).toEqual([
      expect.objectContaining({ message: expect.stringMatching(/Which shipping line.*quota/) }),
    ]);
    expect(result.structuredContent).toMatchObject({ outcome: 'request_created', scac: 'MAEU' });
  });

  it.each([
    [
      'a 2025-11-25 request (no back-channel over HTTP)',
      '2025-11-25',
      { elicitation: { form: {} } },
    ],
    ['a 2026-07-28 client without elicitation', '2026-07-28', {}],
  ] as const)('creates nothing for %s and says why', async (_who, revision, capabilities) => {
    const args = billOf(revision === '2026-07-28' ? '0007' : '0008');
    const client: Client = await connectWithHeader(first.url, `Token ${DEMO_API_KEY}`, revision, {
      capabilities,
    });
    try {
      const result = await client.callTool({ name: 'track_container', arguments: args });
      expect(result.structuredContent).toMatchObject({
        outcome: 'confirmation_unavailable',
        next: expect.stringContaining('confirmTrackingRequests'),
      });
    } finally {
      await client.close();
    }
    expect(await requestsFor(args.number)).toEqual([]);
  });

  it('asks nothing with the option off (the default)', async () => {
    const args = billOf('0009');
    const { result, questions } = await track(args, ACCEPT, [unconfirmed, unconfirmed]);
    expect(questions).toEqual([]);
    expect(result.structuredContent).toMatchObject({ outcome: 'request_created' });
    expect(await requestsFor(args.number)).toHaveLength(1);
  });
});
