import type { Client } from '@modelcontextprotocol/client';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { type Connection, connect, type ProtocolRevision, startMockService } from './harness.js';
import { outputValidators, textOf } from './schema-check.js';

const service = startMockService();
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
    const asked: unknown[] = [];
    connection = await connect(
      { client: service.client() },
      {
        revision,
        client: { capabilities: { elicitation: { form: {} } } },
        setup: (client: Client) =>
          client.setRequestHandler('elicitation/create', async (request) => {
            asked.push(request.params);
            return answer === 'accept'
              ? { action: 'accept', content: { scac } }
              : { action: answer };
          }),
      },
    );
    return { client: connection.client, asked };
  }

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

  it('does not accept a made-up carrier from the form', async () => {
    const number = numberFor(3);
    const { client } = await withAnswer('accept', 'XXXX');
    const result = await client.callTool({ name: 'track_container', arguments: { number } });
    expect(result.structuredContent).toMatchObject({ outcome: 'carrier_declined' });
    expect(await requestsFor(number)).toHaveLength(0);
  });

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
