import {
  CONTAINER_STATUS_VALUES,
  CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
  CONTAINER_UPDATE_EVENT_NAME_VALUES,
  TERMINAL_FEE_TYPE_VALUES,
  TERMINAL_HOLD_STATUS_VALUES,
} from '@shiptrack/sdk/spec';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { containerResourceUri } from '../src/index.js';
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

/** The text of a prompt message. */
function messageText(message: unknown): string {
  const content = (message as { content?: { text?: string } } | undefined)?.content;
  return content?.text ?? '';
}

function textOfContents(read: { contents: unknown[] }): string {
  const first = read.contents[0] as { text?: string };
  return first.text ?? '';
}

describe('resources', () => {
  it("offers the container template and lists the account's containers and the glossary", async () => {
    const { resourceTemplates } = await connection.client.listResourceTemplates();
    expect(resourceTemplates).toEqual([
      expect.objectContaining({
        uriTemplate: 'service://container/{id}',
        mimeType: 'text/markdown',
      }),
      // The Skills extension's files (test/skills.test.ts).
      expect.objectContaining({ uriTemplate: 'skill://{+path}' }),
    ]);
    const { resources } = await connection.client.listResources();
    expect(resources.map((r) => r.uri)).toContain('service://docs/milestone-glossary');
    expect(resources).toContainEqual(
      expect.objectContaining({ uri: containerResourceUri(containerId), name: 'MAEU4002159' }),
    );
    expect(resources.filter((r) => r.uri.startsWith('service://container/'))).toHaveLength(9);
  });

  it('reads a container as markdown: status, milestones, last free days, holds, fees, timeline', async () => {
    const read = await connection.client.readResource({ uri: containerResourceUri(containerId) });
    expect(read.contents[0]).toMatchObject({ mimeType: 'text/markdown' });
    const markdown = textOfContents(read);
    for (const part of [
      '# Container MAEU4002159',
      'Status (current_status): **not_available**',
      '## Milestones',
      '- First that applies: 2025-03-04 (terminal, America/Los_Angeles time, in 4 day(s); 2025-03-04 18:00 UTC)',
      '- terminal: 2025-03-04 (America/Los_Angeles time; 2025-03-04 18:00 UTC)',
      '- customs: hold (CBP hold: entry not yet released)',
      '- exam: 285.00 USD',
      '- Total (from the terminal): 285.00 USD',
      '## Timeline (latest 8)',
    ]) {
      expect(markdown).toContain(part);
    }
  });

  it('reads a container by its number too, and refuses an unknown one', async () => {
    const read = await connection.client.readResource({ uri: 'service://container/MAEU4002159' });
    expect(textOfContents(read)).toContain(`Id: ${containerId}`);
    await expect(
      connection.client.readResource({ uri: 'service://container/ZZZU0000000' }),
    ).rejects.toThrow(
      'There is no container with id, container, bill of lading or booking number ZZZU0000000',
    );
  });

  it('explains every event name, status, hold status and fee type of the spec in the glossary', async () => {
    const markdown = textOfContents(
      await connection.client.readResource({ uri: 'service://docs/milestone-glossary' }),
    );
    for (const word of [
      'container.transport.vessel_loaded',
      '`empty_returned`',
      'Last free day (LFD)',
      'Holds',
      '`extended_dwell_time`',
    ]) {
      expect(markdown).toContain(word);
    }
    for (const value of [
      ...CONTAINER_STATUS_VALUES,
      ...CONTAINER_TRANSPORT_EVENT_NAME_VALUES,
      ...CONTAINER_UPDATE_EVENT_NAME_VALUES,
      ...TERMINAL_HOLD_STATUS_VALUES,
      ...TERMINAL_FEE_TYPE_VALUES,
    ]) {
      expect(markdown).toContain(`- \`${value}\`: `);
    }
  });

  it('spells out in the glossary every short member name of the list rows', async () => {
    const markdown = textOfContents(
      await connection.client.readResource({ uri: 'service://docs/milestone-glossary' }),
    );
    const { tools } = await connection.client.listTools();
    // Member names plain enough to need no entry; every other one is an abbreviation.
    const plain = new Set([
      'id',
      'number',
      'status',
      'terminal',
      'type',
      'containers',
      'shipmentId',
    ]);
    const lists = ['list_containers', 'list_shipments', 'list_tracking_requests'];
    const names = tools
      .filter((tool) => lists.includes(tool.name))
      .flatMap((tool) => {
        const members = tool.outputSchema?.properties ?? {};
        const rows = Object.values(members).find(
          (member): member is { items: { properties: Record<string, unknown> } } =>
            typeof member === 'object' && member !== null && 'items' in member,
        );
        return Object.keys(rows?.items.properties ?? {});
      });
    expect(names).toEqual(expect.arrayContaining(['scac', 'bl', 'pol', 'pod', 'eta', 'lfd']));
    for (const name of names.filter((name) => !plain.has(name))) {
      expect(markdown, name).toContain(`- \`${name}\`: `);
    }
  });
});

describe('completions', () => {
  it('completes a container id by the number a person types', async () => {
    const result = await connection.client.complete({
      ref: { type: 'ref/resource', uri: 'service://container/{id}' },
      argument: { name: 'id', value: 'maeu' },
    });
    expect(result.completion.values.sort()).toEqual(['MAEU4002159', 'MAEU9890495']);
  });

  it('completes container_id of the prompts the same way, from three characters', async () => {
    const short = await connection.client.complete({
      ref: { type: 'ref/prompt', name: 'check-demurrage' },
      argument: { name: 'container_id', value: 'MS' },
    });
    expect(short.completion.values).toEqual([]);
    const result = await connection.client.complete({
      ref: { type: 'ref/prompt', name: 'analyze-delays' },
      argument: { name: 'container_id', value: 'MSCU' },
    });
    expect(result.completion.values).toHaveLength(3);
  });

  it('completes a carrier SCAC from the cached shipping-line list', async () => {
    const requests: string[] = [];
    const counted = await connect({
      client: service.client({
        fetch: (url, init) => {
          requests.push(new URL(url).pathname);
          return service.mock.fetch(new Request(url, init));
        },
      }),
    });
    try {
      for (const value of ['M', 'MA', 'MAE', 'maersk']) {
        const result = await counted.client.complete({
          ref: { type: 'ref/prompt', name: 'track-shipment' },
          argument: { name: 'carrier', value },
        });
        expect(result.completion.values, value).toContain('MAEU');
      }
      expect(requests.filter((path) => path.endsWith('/shipping_lines')).length).toBe(1);
    } finally {
      await counted.close();
    }
  });
});

describe('prompts', () => {
  it('track-shipment names the tools in order', async () => {
    const prompt = await connection.client.getPrompt({
      name: 'track-shipment',
      arguments: { container_number: 'MSCU1234566', carrier: 'mscu' },
    });
    const text = messageText(prompt.messages[0]);
    expect(text.indexOf('search_container')).toBeLessThan(text.indexOf('get_container'));
    expect(text).toContain('track_container with number "MSCU1234566" and scac "MSCU"');
  });

  it.each(['check-demurrage', 'analyze-delays'])(
    '%s embeds the container resource and names the tools',
    async (name) => {
      const prompt = await connection.client.getPrompt({
        name,
        arguments: { container_id: containerId },
      });
      expect(prompt.messages[0]?.content).toMatchObject({
        type: 'resource',
        resource: { uri: containerResourceUri(containerId), mimeType: 'text/markdown' },
      });
      const steps = messageText(prompt.messages[1]);
      expect(steps).toContain(
        name === 'check-demurrage' ? 'get_container' : 'get_container_transport_events',
      );
    },
  );

  it('check-demurrage takes a container number and says when the container cannot be loaded', async () => {
    const byNumber = await connection.client.getPrompt({
      name: 'check-demurrage',
      arguments: { container_id: 'MAEU4002159' },
    });
    expect(byNumber.messages[0]?.content).toMatchObject({
      resource: { uri: containerResourceUri(containerId) },
    });
    const unknown = await connection.client.getPrompt({
      name: 'check-demurrage',
      arguments: { container_id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(messageText(unknown.messages[0])).toContain('could not be loaded');
  });
});
