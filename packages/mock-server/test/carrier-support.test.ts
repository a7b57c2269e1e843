/**
 * The `*_tracking_support` flags of `GET /shipping_lines` decide which
 * request types a carrier accepts: an unsupported one is a 422 at creation.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { type Harness, inProcessHarness, type JsonBody, trackingRequestBody } from './harness.js';

const NUMBERS = {
  bill_of_lading: 'ABCD12345601',
  booking_number: 'BK1234567601',
  container: 'MSCU1234566',
} as const;
const FLAGS = {
  bill_of_lading: 'bill_of_lading_tracking_support',
  booking_number: 'booking_number_tracking_support',
  container: 'container_number_tracking_support',
} as const;
type RequestType = keyof typeof NUMBERS;
const TYPES = Object.keys(NUMBERS) as RequestType[];

describe('carrier support flags', () => {
  let h: Harness;
  beforeEach(() => {
    h = inProcessHarness({ dataset: 'empty', rateLimits: false });
  });
  afterEach(() => h.close());

  const create = (scac: string, type: RequestType) =>
    h.api('POST', '/tracking_requests', {
      body: trackingRequestBody(NUMBERS[type], scac, type),
    });

  it('refuses a request type the carrier does not track, naming what it supports', async () => {
    const hmm = await create('HDMU', 'container');
    expect(hmm.status).toBe(422);
    const [error] = hmm.body.errors;
    expect(error).toMatchObject({
      code: 'unsupported_request_type',
      source: { pointer: '/data/attributes/scac' },
    });
    expect(error.detail).toBe(
      'scac names a carrier that does not track container numbers: HMM (HDMU) supports only bill_of_lading, booking_number. Send one of those request types, or pick another carrier.',
    );
    expect((await create('HDMU', 'bill_of_lading')).status).toBe(201);

    const nyk = await create('NYKS', 'bill_of_lading');
    expect(nyk.status).toBe(422);
    expect(nyk.body.errors[0].detail).toContain('supports no request type');
    const total = (await h.api('GET', '/tracking_requests')).body.meta.total;
    expect(total).toBe(1);
  });

  it('follows every flag of every shipping line', async () => {
    const lines: JsonBody[] = [];
    for (let page = 1; ; page++) {
      const response = await h.api('GET', `/shipping_lines?page[size]=100&page[number]=${page}`);
      lines.push(...response.body.data);
      if (response.body.links.next === undefined) break;
    }
    expect(lines.some((line) => !line.attributes.container_number_tracking_support)).toBe(true);
    for (const line of lines) {
      for (const type of TYPES) {
        const response = await create(line.attributes.scac, type);
        const supported: boolean = line.attributes[FLAGS[type]];
        expect(response.status, `${line.attributes.scac} ${type}`).toBe(supported ? 201 : 422);
      }
    }
  });
});
