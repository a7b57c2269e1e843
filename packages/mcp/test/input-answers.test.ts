/**
 * The answers of a retried call (SEP-2322) on the 2026-07-28 wire, sent as
 * a client could word them: malformed ones are answered with -32602 and
 * never taken for a decline or a carrier, and leave the question's state
 * unused, so the same state with a proper answer is still accepted.
 */
import type { Client } from '@modelcontextprotocol/client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import * as z from 'zod';
import { type Connection, connect, startMockService } from './harness.js';

// The mock's clock stands still, so its rolling windows never pass: its limits are off here.
const service = startMockService({ rateLimits: false });
let connection: Connection;
let client: Client;

beforeAll(async () => {
  connection = await connect(
    { client: service.client() },
    { revision: '2026-07-28', client: { capabilities: { elicitation: { form: {} } } } },
  );
  client = connection.client;
});
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});

/** A booking number the mock cannot attribute to one carrier: MAEU, SEAU or SAFM are offered. */
const NUMBER = '555000333';
const AnyResult = z.looseObject({});

/** One `track_container` call as sent, its input-required answer handed back rather than fulfilled. */
function track(retry: Record<string, unknown> = {}) {
  return client.request(
    {
      method: 'tools/call',
      params: { name: 'track_container', arguments: { number: NUMBER }, ...retry },
    },
    AnyResult,
    { allowInputRequired: true },
  );
}

async function requestsFor(number: string) {
  const page = await service.client().trackingRequests.list({ filter: { requestNumber: number } });
  return page.data;
}

describe('answers to the carrier question', () => {
  let requestState: string;

  beforeAll(async () => {
    const asked = await track();
    expect(asked).toMatchObject({ resultType: 'input_required', inputRequests: { carrier: {} } });
    requestState = String(Reflect.get(asked, 'requestState'));
  });

  it.each([
    [
      'inputResponses that is not an object',
      'nope',
      /inputResponses must be an object .*; got the string "nope"/,
    ],
    [
      'an entry that is not an object',
      { carrier: 'MAEU' },
      /inputResponses\.carrier must be an object .*; got the string "MAEU"/,
    ],
    [
      'an action that is none of the three',
      { carrier: { action: 'maybe' } },
      /inputResponses\.carrier\.action must be "accept", "decline" or "cancel"; got the string "maybe"/,
    ],
    [
      'accepted content that is not an object',
      { carrier: { action: 'accept', content: 'MAEU' } },
      /inputResponses\.carrier\.content must be an object/,
    ],
    [
      'a carrier that was not offered',
      { carrier: { action: 'accept', content: { scac: 'MSCU' } } },
      /must be one of the carriers offered \(MAEU, SEAU, SAFM\); got the string "MSCU"/,
    ],
    [
      'a carrier that is no string',
      { carrier: { action: 'accept', content: { scac: 7 } } },
      /must be one of the carriers offered \(MAEU, SEAU, SAFM\); got a number/,
    ],
  ])('refuses %s with -32602, creating nothing', async (_what, inputResponses, message) => {
    await expect(track({ inputResponses, requestState })).rejects.toMatchObject({
      code: -32602,
      message: expect.stringMatching(message),
      data: { reason: 'invalid_input_responses' },
    });
    expect(await requestsFor(NUMBER)).toEqual([]);
  });

  // The refusals above left the state unused: it is taken here, and a new question comes back.
  it('asks again when the answer is left out', async () => {
    const again = await track({ inputResponses: {}, requestState });
    expect(again).toMatchObject({ resultType: 'input_required', inputRequests: { carrier: {} } });
    const next = String(Reflect.get(again, 'requestState'));
    expect(next).not.toBe(requestState);
    requestState = next;
  });

  // Last: the number is tracked here.
  it('takes an answer given as asked', async () => {
    const answered = await track({
      inputResponses: { carrier: { action: 'accept', content: { scac: 'SEAU' } } },
      requestState,
    });
    expect(answered).toMatchObject({
      structuredContent: { outcome: 'request_created', scac: 'SEAU' },
    });
    expect(await requestsFor(NUMBER)).toHaveLength(1);
  });
});
