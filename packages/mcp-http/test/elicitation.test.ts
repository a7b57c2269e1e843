import type { Client } from '@modelcontextprotocol/client';
import { DEMO_API_KEY } from '@shiptrack/mock-server';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { connectWithHeader, type Host, type ProtocolRevision, startHost } from './support/host.js';

/** A booking number the mock cannot attribute to one carrier (MAEU, SEAU or SAFM). */
const UNCERTAIN_BOOKING = '555000111';

/** A client that declares form elicitation and records each question, answering MAEU. */
async function elicitingClient(url: URL, revision: ProtocolRevision) {
  const questions: unknown[] = [];
  const client = await connectWithHeader(
    url,
    `Token ${DEMO_API_KEY}`,
    revision,
    { capabilities: { elicitation: { form: {} } } },
    (created: Client) => {
      created.setRequestHandler('elicitation/create', async (request) => {
        questions.push(request.params);
        return { action: 'accept', content: { scac: 'MAEU' } };
      });
    },
  );
  return { client, questions };
}

describe('track_container with an uncertain carrier over stateless HTTP', () => {
  let host: Host;

  beforeAll(async () => {
    host = await startHost();
  });
  afterAll(() => host?.close());

  it('answers a 2025 client with the candidates and asks for scac (no back-channel to elicit on)', async () => {
    const { client, questions } = await elicitingClient(host.url, '2025-11-25');
    try {
      const result = await client.callTool({
        name: 'track_container',
        arguments: { number: UNCERTAIN_BOOKING },
      });
      const text = JSON.stringify(result);
      expect(questions).toEqual([]);
      for (const scac of ['MAEU', 'SEAU', 'SAFM']) expect(text).toContain(scac);
      expect(text).toMatch(/scac/);
    } finally {
      await client.close();
    }
  });

  it('asks a 2026-07-28 client through input_required and tracks with the chosen carrier', async () => {
    const { client, questions } = await elicitingClient(host.url, '2026-07-28');
    try {
      const result = await client.callTool({
        name: 'track_container',
        arguments: { number: UNCERTAIN_BOOKING },
      });
      expect(questions).toHaveLength(1);
      expect(result.isError).toBeFalsy();
      expect(JSON.stringify(result.structuredContent)).toContain('MAEU');
    } finally {
      await client.close();
    }
  });
});
