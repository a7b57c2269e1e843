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
