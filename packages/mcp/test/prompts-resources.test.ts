import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, connect, MOCK_START, startMockService } from './harness.js';

const service = startMockService();
let connection: Connection;
let containerId: string;

beforeAll(async () => {
  connection = await connect({ client: service.client(), now: () => new Date(MOCK_START) });
  const found = await connection.client.callTool({
    name: 'search_container',
    arguments: { query: 'MAEU4002159' },
  });
  containerId =
    (found.structuredContent as { containers: { id: string }[] }).containers[0]?.id ?? '';
});
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});

describe('resources', () => {
  it('lists the container template and the glossary', async () => {
    const templates = await connection.client.listResourceTemplates();
    expect(templates.resourceTemplates.map((t) => t.uriTemplate)).toEqual([
      'service://container/{id}',
    ]);
    const listed = await connection.client.listResources();
    console.log(JSON.stringify(listed).slice(0, 600));
  });
  it('reads a container as markdown', async () => {
    const read = await connection.client.readResource({
      uri: `service://container/${containerId}`,
    });
    console.log(JSON.stringify(read).slice(0, 3000));
  });
  it('reads by number and fails on an unknown one', async () => {
    const read = await connection.client.readResource({ uri: 'service://container/MAEU4002159' });
    console.log(JSON.stringify(read).slice(0, 200));
    await connection.client
      .readResource({ uri: 'service://container/ZZZU0000000' })
      .catch((e) => console.log('ERR', String(e)));
  });
  it('reads the glossary', async () => {
    const read = await connection.client.readResource({ uri: 'service://docs/milestone-glossary' });
    console.log(JSON.stringify(read).length);
  });
  it('completes', async () => {
    const c1 = await connection.client.complete({
      ref: { type: 'ref/resource', uri: 'service://container/{id}' },
      argument: { name: 'id', value: 'MAE' },
    });
    console.log(JSON.stringify(c1));
    const c2 = await connection.client.complete({
      ref: { type: 'ref/prompt', name: 'track-shipment' },
      argument: { name: 'carrier', value: 'MS' },
    });
    console.log(JSON.stringify(c2));
    const c3 = await connection.client.complete({
      ref: { type: 'ref/prompt', name: 'check-demurrage' },
      argument: { name: 'container_id', value: 'msc' },
    });
    console.log(JSON.stringify(c3));
  });
  it('prompts', async () => {
    const p = await connection.client.listPrompts();
    console.log(JSON.stringify(p));
    const g = await connection.client.getPrompt({
      name: 'check-demurrage',
      arguments: { container_id: containerId },
    });
    console.log(JSON.stringify(g).slice(0, 1500));
    const t = await connection.client.getPrompt({
      name: 'track-shipment',
      arguments: { container_number: 'MSCU1234566' },
    });
    console.log(JSON.stringify(t).slice(0, 1500));
  });
});
