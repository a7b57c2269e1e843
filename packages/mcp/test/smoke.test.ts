import { afterAll, describe, expect, it } from 'vitest';
import { connect, startMockService } from './harness.js';

describe('the server over every protocol revision', () => {
  const service = startMockService();
  afterAll(() => service.mock.dispose());
  for (const revision of ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'] as const) {
    it(`negotiates ${revision} and answers a tool call`, async () => {
      const { client, close } = await connect({ client: service.client() }, { revision });
      try {
        expect(client.getNegotiatedProtocolVersion()).toBe(revision);
        const result = await client.callTool({
          name: 'list_containers',
          arguments: { carrier: 'MAEU' },
        });
        expect(result.isError).toBeFalsy();
        expect(result.structuredContent).toMatchObject({ paging: { total: 2 } });
      } finally {
        await close();
      }
    });
  }
});
