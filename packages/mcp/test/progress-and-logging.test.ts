import type { LoggingMessageNotification, Progress } from '@modelcontextprotocol/client';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, connect, type MockService, startMockService } from './harness.js';

const service = startMockService();

/** A service that ignores every `filter[...]` parameter, so a filtered list is scanned here. */
function withoutFilters(mock: MockService['mock']) {
  return (url: string, init: RequestInit) => {
    const target = new URL(url);
    for (const name of [...target.searchParams.keys()]) {
      if (name.startsWith('filter[')) target.searchParams.delete(name);
    }
    return mock.fetch(new Request(target, init));
  };
}

let connection: Connection;
const logged: LoggingMessageNotification['params'][] = [];

beforeAll(async () => {
  connection = await connect(
    { client: service.client({ fetch: withoutFilters(service.mock) }) },
    {
      setup: (client) =>
        client.setNotificationHandler('notifications/message', (notification) => {
          logged.push(notification.params);
        }),
    },
  );
});
afterAll(async () => {
  await connection.close();
  service.mock.dispose();
});

describe('progress notifications', () => {
  it('reports each page of a list scan to a client that sent a progress token', async () => {
    const steps: Progress[] = [];
    const result = await connection.client.callTool(
      { name: 'list_containers', arguments: { carrier: 'HLCU' } },
      { onprogress: (progress) => steps.push(progress) },
    );
    expect(result.isError).toBeFalsy();
    expect(steps).toEqual([
      { progress: 9, total: 9, message: 'list_containers: 9 rows scanned, 2 match' },
    ]);
  });

  it('sends none without a progress token', async () => {
    const seen: unknown[] = [];
    connection.client.setNotificationHandler('notifications/progress', (n) => {
      seen.push(n);
    });
    await connection.client.callTool({ name: 'list_containers', arguments: { carrier: 'HLCU' } });
    expect(seen).toEqual([]);
  });
});

describe('the logging capability', () => {
  it('is declared, and a failed call is logged with its code and no secret', async () => {
    expect(connection.client.getServerCapabilities()?.logging).toEqual({});
    await connection.client.setLoggingLevel('info');
    logged.length = 0;
    await connection.client.callTool({
      name: 'get_container',
      arguments: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(logged).toEqual([
      {
        level: 'info',
        logger: 'shiptrack',
        data: expect.objectContaining({
          tool: 'get_container',
          code: 'not_found',
          httpStatus: 404,
        }),
      },
    ]);
    expect(JSON.stringify(logged)).not.toContain(DEMO_API_KEY);
  });

  it('sends nothing below the level the client set', async () => {
    await connection.client.setLoggingLevel('error');
    logged.length = 0;
    await connection.client.callTool({
      name: 'get_container',
      arguments: { id: '00000000-0000-4000-8000-000000000000' },
    });
    expect(logged).toEqual([]);
  });
});
