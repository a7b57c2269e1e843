import { afterAll, describe, expect, it } from 'vitest';
import { INSTRUCTIONS } from '../src/index.js';
import { connect, type ProtocolRevision, startMockService } from './harness.js';

const service = startMockService();
afterAll(() => service.mock.dispose());

const REVISIONS: ProtocolRevision[] = ['2025-03-26', '2025-06-18', '2025-11-25', '2026-07-28'];

describe.each(REVISIONS)('a %s client', (revision) => {
  it('negotiates its revision and gets instructions, tools, prompts, resources and completions', async () => {
    const { client, close } = await connect({ client: service.client() }, { revision });
    try {
      expect(client.getNegotiatedProtocolVersion()).toBe(revision);
      expect(client.getInstructions()).toBe(INSTRUCTIONS);
      expect((await client.listTools()).tools).toHaveLength(11);
      const listed = await client.callTool({
        name: 'list_containers',
        arguments: { carrier: 'MAEU' },
      });
      expect(listed.structuredContent).toMatchObject({ paging: { total: 2 } });
      expect((await client.listPrompts()).prompts.map((p) => p.name)).toEqual([
        'track-shipment',
        'check-demurrage',
        'analyze-delays',
        'morning-review',
      ]);
      const prompt = await client.getPrompt({
        name: 'track-shipment',
        arguments: { container_number: 'MSCU1234566' },
      });
      expect(prompt.messages[0]?.content).toMatchObject({ type: 'text' });
      const glossary = await client.readResource({ uri: 'service://docs/milestone-glossary' });
      expect(glossary.contents[0]).toMatchObject({ mimeType: 'text/markdown' });
      const completion = await client.complete({
        ref: { type: 'ref/prompt', name: 'track-shipment' },
        argument: { name: 'carrier', value: 'HL' },
      });
      expect(completion.completion.values).toContain('HLCU');
    } finally {
      await close();
    }
  });
});
