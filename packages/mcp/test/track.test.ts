import type { Client, ElicitResult } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, connect, type ProtocolRevision, startMockService } from './harness.js';
import { outputValidators, textOf } from './schema-check.js';

// The mock's clock stands still, so its rolling windows never pass: its limits are off here.
const service = startMockService({ rateLimits: false });
afterAll(() => service.mock.dispose());

interface Outcome {
  outcome: string;
  number: string;
  numberType: string | null;
  scac: string | null;
  containers: { id: string; number: string }[];
  trackingRequest: { id: string; status: string; scac: string } | null;
  candidates: { scac: string }[];
  next: string;
}

/** Requests the account holds for a number, straight from the service. */
async function requestsFor(number: string) {
  const page = await service.client().trackingRequests.list({ filter: { requestNumber: number } });
  return page.data;
}

describe('track_container without elicitation', () => {
  let connection: Connection;
  let check: (tool: string, result: unknown) => void;
  const track = async (args: Record<string, unknown>) => {
    const result = await connection.client.callTool({ name: 'track_container', arguments: args });
    check('track_container', result);
    return { result, outcome: result.structuredContent as unknown as Outcome };
  };

  beforeAll(async () => {
    connection = await connect({ client: service.client() });
    check = await outputValidators(connection.client);
  });
  afterAll(() => connection.close());

  it('returns a container already in the account instead of creating a request', async () => {
    const before = (await requestsFor('MAEU4002159')).length;
    const { outcome, result } = await track({ number: 'maeu 400215-9' });
    expect(outcome).toMatchObject({
      outcome: 'already_tracked',
      numberType: 'container',
      containers: [{ number: 'MAEU4002159' }],
    });
    expect(result.content).toContainEqual(
      expect.objectContaining({ type: 'resource_link', name: 'MAEU4002159' }),
    );
    expect((await requestsFor('MAEU4002159')).length).toBe(before);
  });

  it('matches a bill of lading exactly and returns its shipment with its containers', async () => {
    const { outcome } = await track({ number: '241038926' });
    expect(outcome).toMatchObject({ outcome: 'already_tracked', scac: 'MAEU' });
    expect(outcome.containers.map((c) => c.number).sort()).toEqual(['MAEU4002159', 'MAEU9890495']);
  });

  it('returns the pending request for the same number instead of a duplicate', async () => {
    const { outcome, result } = await track({ number: 'MSCU5528717' });
    expect(outcome).toMatchObject({
      outcome: 'request_pending',
      trackingRequest: { status: 'pending', scac: 'MSCU' },
    });
    expect(textOf(result)).toContain('no duplicate');
    expect(await requestsFor('MSCU5528717')).toHaveLength(1);
  });

  it('creates one request for a new number, and repeated calls return it (idempotent)', async () => {
    const first = await track({ number: 'MSCU1234566', refNumbers: ['PO-77'] });
    expect(first.outcome).toMatchObject({
      outcome: 'request_created',
      numberType: 'container',
      scac: 'MSCU',
      trackingRequest: { status: 'pending' },
    });
    expect(first.outcome.next).toContain('get_container');
    const again = await track({ number: 'MSCU1234566' });
    expect(again.outcome).toMatchObject({
      outcome: 'request_pending',
      trackingRequest: { id: first.outcome.trackingRequest?.id },
    });
    const requests = await requestsFor('MSCU1234566');
    expect(requests).toHaveLength(1);
    expect(requests[0]?.refNumbers).toEqual(['PO-77']);
  });

  it('follows a created request to its shipment and containers', async () => {
    await service.mock.advance(300);
    const { outcome } = await track({ number: 'MSCU1234566' });
    expect(outcome).toMatchObject({
      outcome: 'already_tracked',
      containers: [{ number: 'MSCU1234566' }],
    });
    // Told it is a booking number, the container lookup is skipped: the request's tracked shipment answers.
    const viaRequest = await track({ number: 'MSCU1234566', numberType: 'booking_number' });
    expect(viaRequest.outcome).toMatchObject({
      outcome: 'already_tracked',
      trackingRequest: { status: 'created' },
      containers: [{ number: 'MSCU1234566' }],
    });
  });

  it('rejects a container number whose ISO 6346 check digit is wrong', async () => {
    const result = await connection.client.callTool({
      name: 'track_container',
      arguments: { number: 'MSCU1234567' },
    });
    expect(result.isError).toBe(true);
    expect(textOf(result)).toContain('check digit');
    expect(await requestsFor('MSCU1234567')).toHaveLength(0);
  });

  it('never takes a leased box owner code for the carrier: it asks for the SCAC', async () => {
    const { outcome, result } = await track({ number: 'CAIU1234561' });
    expect(outcome).toMatchObject({
      outcome: 'carrier_needed',
      numberType: 'container',
      candidates: [],
    });
    expect(outcome).not.toHaveProperty('scac');
    expect(textOf(result)).toContain('call track_container again with scac');
    expect(await requestsFor('CAIU1234561')).toHaveLength(0);
    const withScac = await track({ number: 'CAIU1234561', scac: 'maeu' });
    expect(withScac.outcome).toMatchObject({ outcome: 'request_created', scac: 'MAEU' });
  });

  it('returns the candidates of an uncertain carrier to a client without elicitation', async () => {
    const { outcome } = await track({ number: '241038000' });
    expect(outcome).toMatchObject({ outcome: 'carrier_needed', numberType: 'booking_number' });
    expect(outcome.candidates.map((c) => c.scac)).toEqual(['MAEU', 'SEAU', 'SAFM']);
  });

  it("honours the caller's numberType", async () => {
    const { outcome } = await track({
      number: 'HLCUHAM250101',
      numberType: 'bill_of_lading',
      scac: 'HLCU',
    });
    expect(outcome).toMatchObject({
      outcome: 'request_created',
      numberType: 'bill_of_lading',
      scac: 'HLCU',
    });
    expect((await requestsFor('HLCUHAM250101'))[0]?.requestType).toBe('bill_of_lading');
  });
});

const ELICITING_REVISIONS: ProtocolRevision[] = ['2025-06-18', '2025-11-25', '2026-07-28'];

describe.each(ELICITING_REVISIONS)('track_container with elicitation on %s', (revision) => {
  let connection: Connection | undefined;
  afterEach(async () => {
    await connection?.close();
    connection = undefined;
  });

  /** A fresh Maersk-style nine-digit booking number (the service is unsure of its carrier). */
  const numberFor = (test: number) => `24103${test}${ELICITING_REVISIONS.indexOf(revision)}00`;

  async function withAnswer(answer: 'accept' | 'decline' | 'cancel', scac = 'SEAU') {
    return withAnswers([
      answer === 'accept' ? { action: 'accept', content: { scac } } : { action: answer },
    ]);
  }

  /** A client that gives `answers` in turn, the last one again once they run out. */
  async function withAnswers(answers: ElicitResult[]) {
    const asked: { message?: string }[] = [];
    connection = await connect(
      { client: service.client() },
      {
        revision,
        client: { capabilities: { elicitation: { form: {} } } },
        setup: (client: Client) =>
          client.setRequestHandler('elicitation/create', async (request) => {
            asked.push(request.params);
            return answers[Math.min(asked.length, answers.length) - 1] ?? { action: 'cancel' };
          }),
      },
    );
    return { client: connection.client, asked };
  }

  /** A leased box (its owner code names a lessor): the service names no carrier, the user types one. */
  const leasedBoxFor = (test: number) =>
    ['CAIU7000107', 'CAIU7000112', 'CAIU7000128', 'CAIU7000133', 'CAIU7000149', 'CAIU7000154'][
      test * ELICITING_REVISIONS.length + ELICITING_REVISIONS.indexOf(revision) - 3
    ] ?? '';

  it('asks again, saying why, when the SCAC typed names no shipping line', async () => {
    const number = leasedBoxFor(1);
    const { client, asked } = await withAnswers([
      { action: 'accept', content: { scac: 'ZZZZ' } },
      { action: 'accept', content: { scac: 'maeu' } },
    ]);
    const result = await client.callTool({ name: 'track_container', arguments: { number } });
    expect(asked.map((question) => question.message?.split('?')[0])).toEqual([
      `Which shipping line carries ${number}`,
      `ZZZZ is not a shipping line the service tracks. Which shipping line carries ${number}`,
    ]);
    expect(result.structuredContent).toMatchObject({ outcome: 'request_created', scac: 'MAEU' });
  });

  it('refuses a typed answer outside the schema that was sent (a number), and creates nothing', async () => {
    const number = leasedBoxFor(2);
    const { client } = await withAnswers([{ action: 'accept', content: { scac: 1234 } }]);
    const refusal = /scac must be a SCAC of 2 to 4 letters; got a number/;
    const call = client.callTool({ name: 'track_container', arguments: { number } });
    if (revision === '2026-07-28') {
      await expect(call).rejects.toMatchObject({
        code: -32602,
        message: expect.stringMatching(refusal),
      });
    } else {
      const result = await call;
      expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(refusal) }]);
    }
    expect(await requestsFor(number)).toHaveLength(0);
  });

  it('asks the user to choose among the candidates and tracks the chosen carrier', async () => {
    const number = numberFor(1);
    const { client, asked } = await withAnswer('accept');
    const result = await client.callTool({ name: 'track_container', arguments: { number } });
    expect(asked).toHaveLength(1);
    expect(asked[0]).toMatchObject({
      mode: 'form',
      requestedSchema: {
        properties: {
          scac: {
            oneOf: [
              { const: 'MAEU', title: 'Maersk (MAEU)' },
              { const: 'SEAU' },
              { const: 'SAFM' },
            ],
          },
        },
      },
    });
    expect(result.structuredContent).toMatchObject({ outcome: 'request_created', scac: 'SEAU' });
  });

  it('creates nothing when the user declines', async () => {
    const number = numberFor(2);
    const { client, asked } = await withAnswer('decline');
    const result = await client.callTool({ name: 'track_container', arguments: { number } });
    expect(asked).toHaveLength(1);
    expect(result.structuredContent).toMatchObject({
      outcome: 'carrier_declined',
      candidates: [{ scac: 'MAEU' }, { scac: 'SEAU' }, { scac: 'SAFM' }],
    });
    expect(await requestsFor(number)).toHaveLength(0);
  });

  // 2026-07-28 answers a malformed retry with a JSON-RPC error (SEP-2322); the 2025 revisions, where
  // the SDK asks over the connection, with the 2025 idiom for tools/call: an isError result.
  it.each([
    ['a made-up carrier', 'XXXX', 5],
    ['a real carrier that was not offered', 'MSCU', 6],
  ])(
    'refuses %s as the answer, naming those offered, and creates nothing',
    async (_what, scac, test) => {
      const number = numberFor(test);
      const { client } = await withAnswer('accept', scac);
      const refusal = new RegExp(
        `scac must be one of the carriers offered \\(MAEU, SEAU, SAFM\\); got the string "${scac}"`,
      );
      const call = client.callTool({ name: 'track_container', arguments: { number } });
      if (revision === '2026-07-28') {
        await expect(call).rejects.toMatchObject({
          code: -32602,
          message: expect.stringMatching(refusal),
        });
      } else {
        const result = await call;
        expect(result.isError).toBe(true);
        expect(result.content).toEqual([{ type: 'text', text: expect.stringMatching(refusal) }]);
      }
      expect(await requestsFor(number)).toHaveLength(0);
    },
  );

  it('answers with candidates when the client declares no elicitation', async () => {
    connection = await connect({ client: service.client() }, { revision });
    const number = numberFor(4);
    const result = await connection.client.callTool({
      name: 'track_container',
      arguments: { number },
    });
    expect(result.structuredContent).toMatchObject({ outcome: 'carrier_needed' });
  });
});
