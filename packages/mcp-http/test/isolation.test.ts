import type { Client } from '@modelcontextprotocol/client';
import { DEMO_API_KEY, DEMO_SECOND_API_KEY } from '@shiptrack/mock-server';
import { createClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWithHeader, type Host, startHost } from './support/host.js';

async function ownContainerIds(apiKey: string, baseUrl: string): Promise<string[]> {
  const sdk = createClient({ apiKey, baseUrl, rateLimit: false });
  return (await sdk.containers.list({ pageSize: 100 })).data
    .map((container) => container.id)
    .sort();
}

function idsOf(result: Awaited<ReturnType<Client['callTool']>>): string[] {
  const content = result.structuredContent as { containers?: { id: string }[] } | undefined;
  return (content?.containers ?? []).map((container) => container.id).sort();
}

describe('two callers with different keys at the same time', () => {
  let host: Host;
  let acme: Client;
  let globex: Client;
  let acmeIds: string[];
  let globexIds: string[];

  beforeAll(async () => {
    host = await startHost();
    acmeIds = await ownContainerIds(DEMO_API_KEY, host.mock.url);
    globexIds = await ownContainerIds(DEMO_SECOND_API_KEY, host.mock.url);
    acme = await connectWithHeader(host.url, `Token ${DEMO_API_KEY}`);
    globex = await connectWithHeader(host.url, `Token ${DEMO_SECOND_API_KEY}`, '2026-07-28');
  });
  afterAll(async () => {
    await acme?.close();
    await globex?.close();
    await host?.close();
  });

  it('never see each other’s data under concurrency', async () => {
    expect(acmeIds).not.toEqual(globexIds);
    const rounds = 12;
    const calls = Array.from({ length: rounds }, (_, index) => {
      const [client, expected] = index % 2 === 0 ? [acme, acmeIds] : [globex, globexIds];
      return client
        .callTool({ name: 'list_containers', arguments: {} })
        .then((result) => ({ got: idsOf(result), expected }));
    });
    for (const { got, expected } of await Promise.all(calls)) expect(got).toEqual(expected);
  });

  it('cannot read the other account’s container by id', async () => {
    const [acmeContainer] = acmeIds;
    const [asOwner, asOther] = await Promise.all([
      acme.callTool({ name: 'get_container', arguments: { id: acmeContainer } }),
      globex.callTool({ name: 'get_container', arguments: { id: acmeContainer } }),
    ]);
    expect(asOwner.isError).toBeFalsy();
    expect(asOther.isError).toBe(true);
    expect(JSON.stringify(asOther.content)).toMatch(/no container with id/i);
    const { number } = asOwner.structuredContent as { number: string };
    expect(JSON.stringify(asOther)).not.toContain(number);
  });

  it('keeps one client per key (two fingerprints in the log)', () => {
    const fingerprints = new Set(host.logs.map((entry) => entry.keyFingerprint).filter(Boolean));
    expect(fingerprints.size).toBe(2);
  });
});
