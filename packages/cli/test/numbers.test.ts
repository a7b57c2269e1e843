/**
 * Numbers work everywhere ids do, through the SDK's resolver that MCP uses
 * too, and `track` asks the SDK whether a number is already tracked before
 * creating anything (the demo data, with --mock, through the CLI's `main`).
 */
import { describe, expect, it } from 'vitest';
import { envelopeOf, errorOf, shiptrack } from './helpers.js';

async function data(args: string[]): Promise<Record<string, unknown>> {
  const run = await shiptrack(['--mock', ...args]);
  expect(run.code, run.stderr).toBe(0);
  return envelopeOf(run).data as Record<string, unknown>;
}

describe('get by number', () => {
  it('reads a container by its number written any way, and a shipment by a bill of lading or a container number', async () => {
    const byNumber = await data(['containers', 'get', 'maeu 400215-9']);
    expect(byNumber).toMatchObject({ number: 'MAEU4002159' });
    const shipmentId = byNumber.shipmentId;
    expect(await data(['shipments', 'get', 'MAEU4002159'])).toMatchObject({ id: shipmentId });
    expect(await data(['containers', 'get', String(byNumber.id)])).toMatchObject({
      number: 'MAEU4002159',
    });
  });

  it('lists the candidates of a bill of lading with several containers, and says what is unknown', async () => {
    const ambiguous = await shiptrack(['--mock', 'containers', 'get', '241038926']);
    expect(ambiguous.stdout).toBe('');
    const error = errorOf(ambiguous).error;
    expect(error.code).toBe('ambiguous_number');
    expect(error.message).toMatch(/241038926 names \d containers: \w{4}\d{7} \(id /);
    const unknown = await shiptrack(['--mock', 'containers', 'get', 'ZZZU0000000']);
    expect(errorOf(unknown).error).toMatchObject({ code: 'not_found' });
  });
});

describe('every command about a container, shipment or tracking request takes its number', () => {
  it('resolves the number of each container command as containers get does', async () => {
    const { id } = await data(['containers', 'get', 'MAEU4002159']);
    const events = (await data(['containers', 'events', 'MAEU4002159'])) as unknown as {
      containerId: string;
    }[];
    expect(events.length).toBeGreaterThan(0);
    for (const event of events) expect(event.containerId).toBe(id);
    expect(await data(['containers', 'timeline', 'maeu 400215-9'])).toMatchObject({
      totalEvents: events.length,
    });
    expect(await data(['containers', 'route', 'MAEU4002159'])).toMatchObject({ type: 'route' });
    expect(await data(['containers', 'refresh', 'MAEU4002159'])).toMatchObject({
      message: expect.stringContaining('MAEU4002159'),
    });
    expect(await data(['containers', 'raw-events', 'MAEU4002159'])).toEqual(expect.any(Array));
    expect(await data(['containers', 'custom-fields', 'list', 'MAEU4002159'])).toEqual([]);
    expect(
      await data(['containers', 'update', 'MAEU4002159', '--ref-numbers', 'PO-1']),
    ).toMatchObject({ id, refNumbers: ['PO-1'] });
  });

  it('resolves shipments by a bill of lading or a container number, requests by their number', async () => {
    const { shipmentId } = await data(['containers', 'get', 'MAEU4002159']);
    expect(await data(['shipments', 'stop-tracking', 'MAEU4002159'])).toMatchObject({
      id: shipmentId,
    });
    const [request] = (await data([
      'tracking-requests',
      'list',
      '--page-size',
      '1',
    ])) as unknown as {
      id: string;
      requestNumber: string;
    }[];
    expect(
      await data([
        'tracking-requests',
        'update',
        String(request?.requestNumber),
        '--ref-numbers',
        'A',
      ]),
    ).toMatchObject({ id: request?.id, refNumbers: ['A'] });
  });

  it('answers a number of several containers and an unknown one with the SDK’s errors', async () => {
    for (const verb of ['events', 'timeline', 'route']) {
      const ambiguous = await shiptrack(['--mock', 'containers', verb, '241038926']);
      expect(errorOf(ambiguous).error, verb).toMatchObject({
        code: 'ambiguous_number',
        exitCode: 5,
      });
      const unknown = await shiptrack(['--mock', 'containers', verb, 'ZZZU0000000']);
      expect(errorOf(unknown).error, verb).toMatchObject({ code: 'not_found', exitCode: 4 });
      expect(errorOf(unknown).error.message, verb).not.toContain('ids are UUIDs');
    }
  });
});

describe('track', () => {
  it('creates nothing for a container the account tracks through its bill of lading', async () => {
    const tracked = await data(['track', 'MAEU4002159']);
    expect(tracked).toMatchObject({
      alreadyTracking: true,
      trackedThrough: 'container',
      trackingRequest: null,
      container: { number: 'MAEU4002159' },
    });
    expect(String(tracked.next)).toMatch(/^shiptrack containers get /);
  });
});
