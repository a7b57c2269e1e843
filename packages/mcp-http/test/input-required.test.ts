/**
 * Input-required results on the 2026-07-28 wire across instances: the
 * carrier question's `requestState` is signed with a key the instances
 * share, so the retried call carrying the user's answer is accepted on
 * another instance, and refused when tampered with, expired, signed with
 * another key or replayed by another account.
 */
import {
  DEMO_API_KEY,
  DEMO_SECOND_API_KEY,
  type RunningMockServer,
  startMockServer,
} from '@shiptrack/mock-server';
import { Redis } from 'ioredis';
import { afterAll, afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  hasRedisServer,
  REDIS_SERVER_MISSING,
  type RedisServer,
  startRedisServer,
} from '../../../test-support/redis-server.js';
import { type Host, MOCK_START, startHost } from './support/host.js';
import {
  REFUSED,
  roundRobinClient,
  stateOf,
  tampered,
  trackCall,
} from './support/input-required.js';

/** A booking number the mock cannot attribute to one carrier (MAEU, SEAU or SAFM). */
const UNCERTAIN_BOOKING = '555000111';
/** Two instances' shared secret, as `requestStateKey` (or one Redis) gives it. */
const SHARED_KEY = 'a shared secret of at least thirty-two bytes';
const ARGS = { number: UNCERTAIN_BOOKING };

/** Asks on `url` and answers with the state it was given, as `transform` leaves it. */
async function answerWithState(
  ask: URL,
  answer: URL,
  options: { transform?: (state: string) => string; apiKey?: string; before?: () => void } = {},
) {
  const asked = await trackCall(ask, ARGS);
  expect(asked).toMatchObject({
    result: {
      resultType: 'input_required',
      inputRequests: { carrier: { method: 'elicitation/create' } },
    },
  });
  const state = stateOf(asked);
  options.before?.();
  return trackCall(
    answer,
    ARGS,
    {
      inputResponses: { carrier: { action: 'accept', content: { scac: 'MAEU' } } },
      requestState: options.transform ? options.transform(state) : state,
    },
    options.apiKey,
  );
}

describe('track_container asks for the carrier with a signed requestState (2026-07-28)', () => {
  let mock: RunningMockServer;
  let first: Host;
  let second: Host;
  let stranger: Host;

  beforeAll(async () => {
    mock = await startMockServer({ clock: { mode: 'manual', startAt: MOCK_START } });
    first = await startHost({ requestStateKey: SHARED_KEY }, mock);
    second = await startHost({ requestStateKey: SHARED_KEY }, mock);
    stranger = await startHost({ requestStateKey: `another ${SHARED_KEY}` }, mock);
  });
  afterEach(() => {
    vi.useRealTimers();
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close(), stranger?.close()]);
    await mock?.close();
  });

  it('refuses a tampered requestState', async () => {
    expect(await answerWithState(first.url, second.url, { transform: tampered })).toMatchObject(
      REFUSED,
    );
  });

  it('refuses a requestState signed with another key', async () => {
    expect(await answerWithState(first.url, stranger.url)).toMatchObject(REFUSED);
  });

  it('refuses a requestState replayed by another account', async () => {
    expect(
      await answerWithState(first.url, second.url, { apiKey: DEMO_SECOND_API_KEY }),
    ).toMatchObject(REFUSED);
  });

  it('refuses a requestState once it expired (10 minutes)', async () => {
    const expired = await answerWithState(first.url, second.url, {
      before: () => {
        vi.useFakeTimers({ toFake: ['Date'], now: Date.now() + 601_000 });
      },
    });
    expect(expired).toMatchObject(REFUSED);
  });

  it('asks again when an answer comes without the state of the question', async () => {
    const answered = await trackCall(second.url, ARGS, {
      inputResponses: { carrier: { action: 'accept', content: { scac: 'MAEU' } } },
    });
    expect(answered).toMatchObject({
      kind: 'result',
      result: { resultType: 'input_required', inputRequests: { carrier: {} } },
    });
  });

  it('answers malformed answers with -32602, never taking them for a decline or a carrier, and keeps the state unused', async () => {
    const args = { number: '555000444' };
    const state = stateOf(await trackCall(first.url, args));
    const refusals = [
      ['nope', /inputResponses must be an object/],
      [{ carrier: 'SEAU' }, /inputResponses\.carrier must be an object/],
      [{ carrier: { action: 'maybe' } }, /action must be "accept", "decline" or "cancel"/],
      [
        { carrier: { action: 'accept', content: { scac: 'MSCU' } } },
        /one of the carriers offered \(MAEU, SEAU, SAFM\); got the string "MSCU"/,
      ],
    ] as const;
    for (const [inputResponses, message] of refusals) {
      expect(
        await trackCall(second.url, args, { inputResponses, requestState: state }),
      ).toMatchObject({
        kind: 'error',
        error: { code: -32602, message: expect.stringMatching(message) },
      });
    }
    const journal = mock.mock.journal(DEMO_API_KEY);
    expect(journal.entries({ method: 'POST', path: '/v2/tracking_requests' })).toEqual([]);
    // None of them took the state: answered as asked, it is accepted.
    expect(
      await trackCall(second.url, args, {
        inputResponses: { carrier: { action: 'accept', content: { scac: 'SAFM' } } },
        requestState: state,
      }),
    ).toMatchObject({ kind: 'result', result: { structuredContent: { scac: 'SAFM' } } });
    expect(journal.entries({ method: 'POST', path: '/v2/tracking_requests' })).toHaveLength(1);
  });

  // Last: it tracks the number, so later questions about it would find it tracked.
  it('completes the round trip with the SDK client, asked on one instance and answered on the other', async () => {
    const calls = (host: Host) => host.logs.filter((entry) => entry.rpcMethod === 'tools/call');
    const before = [calls(first).length, calls(second).length];
    const { client, questions } = await roundRobinClient([first.url, second.url], {
      action: 'accept',
      content: { scac: 'MAEU' },
    });
    try {
      const result = await client.callTool({
        name: 'track_container',
        arguments: { number: UNCERTAIN_BOOKING },
      });
      expect(questions).toHaveLength(1);
      expect(result.isError).toBeFalsy();
      expect(result.structuredContent).toMatchObject({ scac: 'MAEU' });
      // The question on one instance, the retry with the answer on the other.
      expect([
        calls(first).length - (before[0] ?? 0),
        calls(second).length - (before[1] ?? 0),
      ]).toEqual([1, 1]);
    } finally {
      await client.close();
    }
  });
});

describe.skipIf(!hasRedisServer)(
  hasRedisServer
    ? 'an instance started with --redis-url signs with the key kept there'
    : REDIS_SERVER_MISSING,
  () => {
    let redis: RedisServer;
    let mock: RunningMockServer;
    let first: Host;

    beforeAll(async () => {
      redis = await startRedisServer();
      mock = await startMockServer({ clock: { mode: 'manual', startAt: MOCK_START } });
      first = await startHost({ redisUrl: redis.url }, mock);
    });
    afterAll(async () => {
      await first?.close();
      await mock?.close();
      await redis?.stop();
    });

    it('accepts on one instance the answer to a question asked on the other, signed with the key in Redis', async () => {
      const redisClient = new Redis(redis.url);
      const key = await redisClient.get('shiptrack:mcp:request-state-key');
      redisClient.disconnect();
      expect(key).toMatch(/^[0-9a-f]{64}$/);
      // An instance given that key outright accepts the state: the first signed with the Redis key.
      const keyed = await startHost({ requestStateKey: key ?? '' }, mock);
      try {
        const answered = await answerWithState(first.url, keyed.url);
        expect(answered).toMatchObject({
          kind: 'result',
          result: { structuredContent: { scac: 'MAEU' } },
        });
      } finally {
        await keyed.close();
      }
    });
  },
);
