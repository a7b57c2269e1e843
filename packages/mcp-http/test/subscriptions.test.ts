import type { Client } from '@modelcontextprotocol/client';
import { containerResourceUri } from '@shiptrack/mcp';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { eventually } from '../../../test-support/eventually.js';
import {
  collectUpdates,
  type ManualScheduler,
  manualScheduler,
} from '../../../test-support/subscriptions.js';
import { connectWithHeader, type Host, startHost } from './support/host.js';

const HOUR = 3600;
/** The demo container followed: discharged at New York with a customs hold, released a day later. */
const NUMBER = 'MSCU1451670';

let host: Host;
let polls: ManualScheduler;
let elapsedHours = 0;
const clients: Client[] = [];

async function containerId(number: string, apiKey = DEMO_API_KEY): Promise<string> {
  const sdk = createClient({ apiKey, baseUrl: host.mock.url, rateLimit: false, maxRetries: 0 });
  const id = (await sdk.containers.list({ format: 'mapped', q: number || undefined })).data[0]?.id;
  if (!id) throw new Error(`the demo data has no container ${number}`);
  return id;
}

async function clockAt(hours: number): Promise<void> {
  const response = await fetch(`${host.mock.origin}/_mock/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds: (hours - elapsedHours) * HOUR }),
  });
  expect(response.status).toBe(200);
  elapsedHours = hours;
}

async function modernClient(apiKey = DEMO_API_KEY): Promise<Client> {
  const client = await connectWithHeader(host.url, `Token ${apiKey}`, '2026-07-28');
  clients.push(client);
  return client;
}

async function startWith(limits?: { perConnection?: number; perAccount?: number }): Promise<void> {
  polls = manualScheduler();
  host = await startHost({ subscriptions: { polling: { scheduler: polls.scheduler }, limits } });
}

beforeEach(() => {
  elapsedHours = 0;
});
afterEach(async () => {
  await Promise.all(clients.splice(0).map((client) => client.close()));
  await host.close();
});

/**
 * Moves the clock, runs a poll round, and waits until `updates` holds
 * `expected` notifications in all. The notifications of one stream arrive
 * in order, so a notification sent by mistake on an earlier round (when
 * nothing changed) would be counted before this one's.
 */
async function expectTotalAfter(updates: string[], hours: number, expected: number): Promise<void> {
  await clockAt(hours);
  await polls.round();
  await eventually(() => expect(updates.length).toBeGreaterThanOrEqual(expected));
  expect(updates.length).toBe(expected);
}

describe('subscriptions/listen over HTTP (2026-07-28)', () => {
  it('declares resources.subscribe to 2026-07-28 clients only, and delivers one update per tracked change', async () => {
    await startWith();
    const legacy = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`, '2025-11-25');
    clients.push(legacy);
    expect(legacy.getServerCapabilities()?.resources?.subscribe).toBeUndefined();

    const client = await modernClient();
    expect(client.getServerCapabilities()?.resources?.subscribe).toBe(true);
    const updates = collectUpdates(client);
    const uri = containerResourceUri(await containerId(NUMBER));
    const subscription = await client.listen({ resourceSubscriptions: [uri] });
    expect(subscription.honoredFilter.resourceSubscriptions).toEqual([uri]);

    await polls.round(); // nothing moved
    await expectTotalAfter(updates, 100, 1); // ETA revised at 72 h
    await polls.round(); // polled again, unchanged
    await expectTotalAfter(updates, 230, 2); // discharged: status, last free day, hold, fees
    await clockAt(257); // hold released (252 h), line LFD (254 h): two changes, one poll
    await polls.round();
    await expectTotalAfter(updates, 257, 3);
    expect(new Set(updates)).toEqual(new Set([uri]));
    expect(polls.pending).toBe(1);
    await subscription.close();
    await eventually(() => expect(polls.pending).toBe(0)); // the closed stream's container is no longer polled
  });

  it('sends each change once to each stream, however many streams follow the container', async () => {
    await startWith();
    const uri = containerResourceUri(await containerId(NUMBER));
    const first = await modernClient();
    const second = await modernClient();
    const firstUpdates = collectUpdates(first);
    const secondUpdates = collectUpdates(second);
    await first.listen({ resourceSubscriptions: [uri] });
    await second.listen({ resourceSubscriptions: [uri] });
    await expectTotalAfter(firstUpdates, 100, 1);
    await eventually(() => expect(secondUpdates).toEqual([uri]));
  });

  it('refuses an unknown container, another account’s container and a stream past the cap, before acknowledging', async () => {
    await startWith({ perConnection: 1 });
    const client = await modernClient();
    await expect(
      client.listen({ resourceSubscriptions: [containerResourceUri('ZZZU0000000')] }),
    ).rejects.toThrow(/no container "ZZZU0000000" in this account/);
    const foreign = await containerId('', DEMO_SECOND_API_KEY); // the second account's first container
    await expect(
      client.listen({ resourceSubscriptions: [containerResourceUri(foreign)] }),
    ).rejects.toThrow(/in this account/);
    await expect(
      client.listen({
        resourceSubscriptions: [containerResourceUri(NUMBER), containerResourceUri('MAEU4002159')],
      }),
    ).rejects.toThrow(/a connection follows at most 1 containers/);
  });

  it('counts an account’s streams together against its cap, and each account apart', async () => {
    await startWith({ perAccount: 1 });
    const first = await modernClient();
    await first.listen({ resourceSubscriptions: [containerResourceUri(NUMBER)] });
    const second = await modernClient();
    await expect(
      second.listen({ resourceSubscriptions: [containerResourceUri('MAEU4002159')] }),
    ).rejects.toThrow(/this account already follows 1 of its 1 subscriptions/);
    const otherAccount = await modernClient(DEMO_SECOND_API_KEY);
    const own = containerResourceUri(await containerId('', DEMO_SECOND_API_KEY));
    const accepted = await otherAccount.listen({ resourceSubscriptions: [own] });
    expect(accepted.honoredFilter.resourceSubscriptions).toEqual([own]);
  });
});
