/**
 * Capabilities in each revision's own words, and the cache hints of the
 * 2026-07-28 results, through a real MCP client over the stdio entry.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { connect, type ProtocolRevision, startMockService } from './harness.js';

const service = startMockService();
afterAll(() => service.mock.dispose());

const SKILLS = 'io.modelcontextprotocol/skills';
const TASKS = 'io.modelcontextprotocol/tasks';
const FIXED_LISTS = {
  tools: { listChanged: false },
  prompts: { listChanged: false },
  resources: { subscribe: true, listChanged: false },
};

describe.each<[ProtocolRevision, boolean]>([
  ['2025-11-25', true],
  ['2025-06-18', false],
  ['2025-03-26', false],
])('a %s client', (revision, coreTasks) => {
  it('sees the extensions under experimental, core tasks only from 2025-11-25, and lists that never change', async () => {
    const { client, close } = await connect({ client: service.client() }, { revision });
    try {
      const capabilities = client.getServerCapabilities();
      expect(capabilities).not.toHaveProperty('extensions');
      expect(capabilities?.experimental).toEqual({ [SKILLS]: {} });
      expect(capabilities).toMatchObject(FIXED_LISTS);
      expect('tasks' in (capabilities ?? {})).toBe(coreTasks);
      // No cache fields on a revision that has none.
      expect(await client.listTools()).not.toHaveProperty('ttlMs');
    } finally {
      await close();
    }
  });
});

describe('a 2026-07-28 client', () => {
  it('sees the extensions under extensions, and lists that never change', async () => {
    const { client, close } = await connect(
      { client: service.client() },
      { revision: '2026-07-28' },
    );
    try {
      const capabilities = client.getServerCapabilities();
      expect(capabilities?.extensions).toEqual({ [TASKS]: {}, [SKILLS]: {} });
      expect(capabilities).not.toHaveProperty('tasks');
      expect(capabilities).not.toHaveProperty('experimental');
      expect(capabilities).toMatchObject(FIXED_LISTS);
    } finally {
      await close();
    }
  });

  it('may keep what is fixed per release an hour, shared; what names the account a minute, its own', async () => {
    const { client, close } = await connect(
      { client: service.client() },
      { revision: '2026-07-28' },
    );
    const hint = (result: object) => ({
      ttlMs: Reflect.get(result, 'ttlMs'),
      cacheScope: Reflect.get(result, 'cacheScope'),
    });
    const release = { ttlMs: 3_600_000, cacheScope: 'public' };
    const account = { ttlMs: 60_000, cacheScope: 'private' };
    try {
      expect(hint(await client.listTools())).toEqual(release);
      expect(hint(await client.listPrompts())).toEqual(release);
      expect(hint(await client.listResourceTemplates())).toEqual(release);
      const listed = await client.listResources();
      // The account's containers are listed: the caller's only.
      expect(listed.resources.some((r) => r.uri.startsWith('service://container/'))).toBe(true);
      expect(hint(listed)).toEqual(account);
      const read = (uri: string) => client.readResource({ uri });
      expect(hint(await read('service://docs/milestone-glossary'))).toEqual(release);
      expect(hint(await read('ui://shiptrack/container-view.html'))).toEqual(release);
      expect(hint(await read('skill://tracking-a-shipment/SKILL.md'))).toEqual(release);
      const container = listed.resources.find((r) => r.uri.startsWith('service://container/'));
      expect(hint(await read(container?.uri ?? ''))).toEqual(account);
    } finally {
      await close();
    }
  });
});
