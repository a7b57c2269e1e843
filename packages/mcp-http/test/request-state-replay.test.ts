/**
 * An accepted `requestState` is taken once: replaying the retried call
 * (with the same or another answer) within the state's 10 minutes gets
 * `-32602` and creates nothing, on one instance and across two instances
 * that share Redis.
 */
import type { JsonValue } from '@modelcontextprotocol/ext-tasks/core';
import { createRequestStateCodec, type ServerContext } from '@modelcontextprotocol/server';
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { describeWithRedis, useRedisServer } from '../../../test-support/redis-fixture.js';
import { fingerprintOf } from '../src/clients/client-cache.js';
import { type Host, MOCK_START, startHost } from './support/host.js';
import { REFUSED, stateOf, trackCall } from './support/input-required.js';

/** The key the single instance signs with, so a test can sign a state of its own. */
const KEY = 'a secret of at least thirty-two bytes, for replays';

/** How a replayed state is refused. */
const REPLAYED = {
  kind: 'error',
  error: {
    code: -32602,
    message: expect.stringMatching(/requestState was already used/),
    data: { reason: 'request_state_used' },
  },
};

/** The carrier chosen in the retried call carrying `state`. */
function answer(scac: string, state: string): Record<string, JsonValue> {
  return {
    inputResponses: { carrier: { action: 'accept', content: { scac } } },
    requestState: state,
  };
}

/** The account's tracking requests for `number`, read from the mock over HTTP. */
async function requestsFor(mock: RunningMockServer, number: string) {
  const sdk = createClient({ apiKey: DEMO_API_KEY, baseUrl: mock.url, rateLimit: false });
  return (await sdk.trackingRequests.list({ filter: { requestNumber: number } })).data;
}

/** Of calls sent at once with one state, one was answered and the others refused as replays. */
function expectOneTaken(answers: readonly { kind: string }[]): void {
  expect(answers.filter((sent) => sent.kind === 'result')).toHaveLength(1);
  const refused = answers.filter((sent) => sent.kind === 'error');
  expect(refused).toHaveLength(answers.length - 1);
  for (const sent of refused) expect(sent).toMatchObject(REPLAYED);
}

describe('a requestState replayed on the instance that took it', () => {
  let mock: RunningMockServer;
  let host: Host;

  beforeAll(async () => {
    mock = await startMockServer({ clock: { mode: 'manual', startAt: MOCK_START } });
    host = await startHost({ requestStateKey: KEY }, mock);
  });
  afterAll(async () => {
    await host?.close();
    await mock?.close();
  });

  it('is refused, and no second tracking request is made at another carrier', async () => {
    // Nine digits: a Maersk-group booking whose carrier the mock cannot tell (MAEU, SEAU, SAFM).
    const args = { number: '555000301' };
    const state = stateOf(await trackCall(host.url, args));
    const taken = await trackCall(host.url, args, answer('MAEU', state));
    expect(taken).toMatchObject({
      kind: 'result',
      result: { structuredContent: { outcome: 'request_created', scac: 'MAEU' } },
    });
    expect(await trackCall(host.url, args, answer('SEAU', state))).toMatchObject(REPLAYED);
    expect(await trackCall(host.url, args, answer('MAEU', state))).toMatchObject(REPLAYED);
    expect((await requestsFor(mock, args.number)).map((request) => request.scac)).toEqual(['MAEU']);
  });

  it('is taken by one of two calls sent at once', async () => {
    const args = { number: '555000302' };
    const state = stateOf(await trackCall(host.url, args));
    const answers = await Promise.all([
      trackCall(host.url, args, answer('MAEU', state)),
      trackCall(host.url, args, answer('SEAU', state)),
    ]);
    expectOneTaken(answers);
    expect(await requestsFor(mock, args.number)).toHaveLength(1);
  });

  it('refuses a state signed before states had ids, which could not be taken once', async () => {
    const account = await fingerprintOf(DEMO_API_KEY);
    const codec = createRequestStateCodec({ key: KEY, bind: () => account });
    const args = { number: '555000304' };
    // The binding ignores the context; the codec only asks that one is given.
    const state = await codec.mint({ asked: 'carrier', number: args.number }, {} as ServerContext);
    expect(await trackCall(host.url, args, answer('MAEU', state))).toMatchObject({
      ...REFUSED,
      error: { ...REFUSED.error, data: { reason: 'invalid_request_state', detail: 'no id' } },
    });
    expect(await requestsFor(mock, args.number)).toEqual([]);
  });

  it('still asks anew when the tool is called again without the state', async () => {
    const args = { number: '555000303' };
    const state = stateOf(await trackCall(host.url, args));
    await trackCall(host.url, args, answer('MAEU', state));
    // Tracked now at MAEU: a fresh call says so instead of asking.
    expect(await trackCall(host.url, args)).toMatchObject({
      kind: 'result',
      result: { structuredContent: { scac: 'MAEU' } },
    });
  });
});

describeWithRedis('a requestState replayed on another instance sharing Redis', () => {
  const redis = useRedisServer();
  let mock: RunningMockServer;
  let first: Host;
  let second: Host;

  beforeAll(async () => {
    mock = await startMockServer({ clock: { mode: 'manual', startAt: MOCK_START } });
    first = await startHost({ redisUrl: redis.url() }, mock);
    second = await startHost({ redisUrl: redis.url() }, mock);
  });
  afterAll(async () => {
    await Promise.all([first?.close(), second?.close()]);
    await mock?.close();
  });

  it('is refused on the instance that asked, after the other took it', async () => {
    const args = { number: '555000311' };
    const state = stateOf(await trackCall(first.url, args));
    expect(await trackCall(second.url, args, answer('MAEU', state))).toMatchObject({
      kind: 'result',
      result: { structuredContent: { outcome: 'request_created', scac: 'MAEU' } },
    });
    expect(await trackCall(first.url, args, answer('SEAU', state))).toMatchObject(REPLAYED);
    expect(await trackCall(second.url, args, answer('SAFM', state))).toMatchObject(REPLAYED);
    expect(await requestsFor(mock, args.number)).toHaveLength(1);
  });

  it('is taken by one of two instances answered at once', async () => {
    const args = { number: '555000312' };
    const state = stateOf(await trackCall(first.url, args));
    const answers = await Promise.all([
      trackCall(first.url, args, answer('MAEU', state)),
      trackCall(second.url, args, answer('SEAU', state)),
    ]);
    expectOneTaken(answers);
    expect(await requestsFor(mock, args.number)).toHaveLength(1);
  });

  it('takes no answer it cannot check while Redis does not answer', async () => {
    const args = { number: '555000313' };
    const state = stateOf(await trackCall(first.url, args));
    redis.server().pause();
    let answered: Awaited<ReturnType<typeof trackCall>>;
    try {
      answered = await trackCall(second.url, args, answer('MAEU', state));
    } finally {
      redis.server().resume();
    }
    expect(answered).toMatchObject({
      kind: 'error',
      error: { message: expect.stringMatching(/request-states store is unavailable.*asked anew/) },
    });
    expect(await requestsFor(mock, args.number)).toEqual([]);
  });
});
