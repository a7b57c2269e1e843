import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  APIUserAbortError,
  CarrierNotDeterminedError,
  containerCheckDigit,
  InvalidTrackingNumberError,
  UnprocessableEntityError,
  WaitTimeoutError,
} from '../src/index.js';
import { useMockService } from './mock-harness.js';

const harness = useMockService();

/** A valid container number with the given owner code and serial. */
function containerNumber(ownerAndSerial: string): string {
  return `${ownerAndSerial}${containerCheckDigit(ownerAndSerial)}`;
}

describe('trackingRequests.track', () => {
  it('infers the kind and carrier of a bill of lading, then treats a repeat as already tracking', async () => {
    harness.renew();
    const client = harness.client();
    const first = await client.trackingRequests.track('MAEU240511987', { refNumbers: ['PO-1'] });
    expect(first).toMatchObject({
      alreadyTracking: false,
      requestType: 'bill_of_lading',
      scac: 'MAEU',
      trackingRequest: { status: 'pending', requestNumber: 'MAEU240511987', refNumbers: ['PO-1'] },
    });
    const again = await client.trackingRequests.track(' MAEU240511987 ');
    expect(again.alreadyTracking).toBe(true);
    expect(again.trackingRequest.id).toBe(first.trackingRequest.id);
    // create() itself reports the duplicate: it is not a retry.
    await expect(
      client.trackingRequests.create({
        requestType: 'bill_of_lading',
        requestNumber: 'MAEU240511987',
        scac: 'MAEU',
      }),
    ).rejects.toMatchObject({ code: 'duplicate', pointer: '/data/attributes/request_number' });
  });

  it('detects container numbers by their check digit and uses a given SCAC without asking', async () => {
    harness.renew();
    const lines: string[] = [];
    const client = harness.client({
      logger: { debug: (line) => lines.push(line) },
      logLevel: 'debug',
    });
    const number = containerNumber('TGHU123456');
    const result = await client.trackingRequests.track(number.toLowerCase(), { scac: 'msCU' });
    expect(result).toMatchObject({ requestType: 'container', requestNumber: number, scac: 'MSCU' });
    expect(lines.some((line) => line.includes('infer_number'))).toBe(false);
  });

  it('never guesses the carrier of a leased container', async () => {
    harness.renew();
    const number = containerNumber('TGHU765432');
    const error = await harness
      .client()
      .trackingRequests.track(number)
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierNotDeterminedError);
    expect(error).toMatchObject({ decision: 'no_prediction', candidates: [] });
    expect(String(error)).toMatch(/pass its SCAC as `scac`/);
  });

  it('lists the candidates when the carrier needs confirmation', async () => {
    harness.renew();
    const error = await harness
      .client()
      .trackingRequests.track('240511987')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(CarrierNotDeterminedError);
    const { candidates } = error as CarrierNotDeterminedError;
    expect(candidates.map((c) => c.scac)).toEqual(['MAEU', 'SEAU', 'SAFM']);
    expect(String(error)).toContain('MAEU (Maersk');
  });

  it('says when a string is no tracking number at all', async () => {
    harness.renew();
    const error = await harness
      .client()
      .trackingRequests.track('??')
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(InvalidTrackingNumberError);
    // The service's reason is the advice, said once (no generic "check it for typos" after it).
    expect(String(error)).toContain('A tracking number has 6 to 30 letters and digits');
    expect(String(error)).not.toContain('typos');
  });

  it('rejects a container number with a wrong check digit as invalid, not as an unknown carrier', async () => {
    harness.renew();
    const client = harness.client();
    expect(containerCheckDigit('MSCU123456')).toBe(6);
    for (const options of [{}, { scac: 'MSCU' }]) {
      const error = await client.trackingRequests
        .track('MSCU1234567', options)
        .catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InvalidTrackingNumberError);
      expect(error).toMatchObject({
        name: 'InvalidTrackingNumberError',
        number: 'MSCU1234567',
        reason: expect.stringContaining('ISO 6346 check digit does not match'),
      });
      const message = (error as InvalidTrackingNumberError).message;
      expect(message).toContain('"MSCU1234567" is not a valid tracking number');
      expect(message).toMatch(/typos/);
      expect(message).not.toMatch(/scac/i);
    }
    const page = await client.trackingRequests.list({ filter: { requestNumber: 'MSCU1234567' } });
    expect(page.data).toEqual([]);
  });

  it('adds new reference numbers to a request that is already tracked', async () => {
    harness.renew();
    const lines: string[] = [];
    const client = harness.client({
      logger: { debug: (line) => lines.push(line) },
      logLevel: 'debug',
    });
    const first = await client.trackingRequests.track('MAEU240511987', { refNumbers: ['PO-1'] });
    const again = await client.trackingRequests.track('MAEU240511987', {
      refNumbers: ['PO-2', 'PO-1', 'PO-2'],
    });
    expect(again).toMatchObject({
      alreadyTracking: true,
      trackingRequest: { id: first.trackingRequest.id, refNumbers: ['PO-1', 'PO-2'] },
    });
    const stored = await client.trackingRequests.get(first.trackingRequest.id);
    expect(stored.refNumbers).toEqual(['PO-1', 'PO-2']);

    // Nothing new: the request is returned as it is, without an edit.
    lines.length = 0;
    const same = await client.trackingRequests.track('MAEU240511987', { refNumbers: ['PO-2'] });
    expect(same.trackingRequest.refNumbers).toEqual(['PO-1', 'PO-2']);
    expect(lines.filter((line) => line.includes('→ PATCH'))).toEqual([]);
  });

  it('passes other validation errors through', async () => {
    harness.renew();
    const error = await harness
      .client()
      .trackingRequests.track('MAEU240511987', { scac: 'NOPE', type: 'bill_of_lading' })
      .catch((e: unknown) => e);
    expect(error).toBeInstanceOf(UnprocessableEntityError);
    expect((error as UnprocessableEntityError).code).not.toBe('duplicate');
  });
});

describe('trackingRequests.waitFor', () => {
  const fakeTime = () => {
    vi.useFakeTimers({ toFake: ['setTimeout', 'clearTimeout', 'Date'] });
    vi.setSystemTime(new Date('2026-03-01T12:00:00Z'));
  };
  // Restored here, not at the end of each test: a failing test must not leave fake timers behind.
  afterEach(() => {
    vi.useRealTimers();
  });

  it('polls with backoff until the request is created', async () => {
    fakeTime();
    const mock = harness.renew({ clock: { mode: 'real' } });
    const client = harness.client({ format: 'both' });
    const { trackingRequest } = await client.trackingRequests.track('MAEU240511987');
    const settled = client.trackingRequests.waitFor(trackingRequest.mapped.id, {
      intervalMs: 1000,
    });
    for (let i = 0; i < 60 && mock.clock.pendingJobs > 0; i++)
      await vi.advanceTimersByTimeAsync(10_000);
    await vi.advanceTimersByTimeAsync(60_000);
    const result = await settled;
    expect(result.mapped.status).toBe('created');
    expect(result.raw.data.attributes.status).toBe('created');
    // The tracked shipment comes with it (include defaults to tracked_object).
    expect(result.mapped.trackedObject?.billOfLading).toBe('MAEU240511987');
    expect(result.raw.included?.map((item) => item.type)).toContain('shipment');
  });

  it('returns a failed request too', async () => {
    fakeTime();
    harness.renew({ clock: { mode: 'real' } });
    const client = harness.client();
    const { trackingRequest } = await client.trackingRequests.track('MAEU240511404');
    const settled = client.trackingRequests.waitFor(trackingRequest.id, { intervalMs: 1000 });
    await vi.advanceTimersByTimeAsync(30 * 60_000);
    expect(await settled).toMatchObject({ status: 'failed', failedReason: 'not_found' });
  });

  it('gives up after timeoutMs, and stops when aborted', async () => {
    fakeTime();
    harness.renew({ clock: { mode: 'real' } });
    const client = harness.client();
    const { trackingRequest } = await client.trackingRequests.track('MAEU240511202');
    const timedOut = client.trackingRequests
      .waitFor(trackingRequest.id, { timeoutMs: 5000, intervalMs: 1000 })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(6000);
    expect(await timedOut).toBeInstanceOf(WaitTimeoutError);

    const controller = new AbortController();
    const aborted = client.trackingRequests
      .waitFor(trackingRequest.id, { signal: controller.signal, intervalMs: 1000 })
      .catch((e: unknown) => e);
    await vi.advanceTimersByTimeAsync(2500);
    controller.abort();
    expect(await aborted).toBeInstanceOf(APIUserAbortError);
  });

  it('ends at timeoutMs even when a poll hangs', async () => {
    fakeTime();
    const mock = harness.renew({ clock: { mode: 'real' } });
    const client = harness.client();
    const { trackingRequest } = await client.trackingRequests.track('MAEU240511202');
    mock.faults.add({
      id: 'slow-poll',
      method: 'GET',
      path: '/v2/tracking_requests/*',
      latencyMs: 8000,
      count: 1,
    });
    let settled = false;
    const waited = client.trackingRequests
      .waitFor(trackingRequest.id, { timeoutMs: 1000, intervalMs: 200 })
      .catch((e: unknown) => e)
      .finally(() => {
        settled = true;
      });
    await vi.advanceTimersByTimeAsync(999);
    expect(settled).toBe(false);
    await vi.advanceTimersByTimeAsync(1);
    expect(settled).toBe(true);
    const error = await waited;
    expect(error).toBeInstanceOf(WaitTimeoutError);
    expect(String(error)).toContain('after 1000 ms');
  });
});
