/** Reads one record type from REST and from a mirror, to compare them. */
import type { RunningMockServer } from '@shiptrack/mock-server';
import type { ShiptrackClient } from '@shiptrack/sdk';
import type { Mirror, MirroredType } from '../../src/index.js';

/** Moves the mock's manual clock forward, running what falls due (deliveries included). */
export async function advanceMockClock(server: RunningMockServer, seconds: number): Promise<void> {
  const response = await fetch(`${server.origin}/_mock/clock/advance`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ seconds }),
  });
  if (response.status !== 200) throw new Error(`clock advance answered ${response.status}`);
}

/** Every record of a type as REST reports it now: id -> attributes. */
export async function restState(
  client: ShiptrackClient<'raw'>,
  type: MirroredType,
): Promise<Map<string, unknown>> {
  const state = new Map<string, unknown>();
  const list =
    type === 'container'
      ? client.containers.list({ pageSize: 100 })
      : type === 'shipment'
        ? client.shipments.list({ pageSize: 100 })
        : client.trackingRequests.list({ pageSize: 100 });
  for await (const record of list) state.set(record.id, record.attributes);
  return state;
}

/** Every record of a type as the mirror holds it: id -> attributes. */
export async function mirrorState(
  mirror: Mirror,
  type: MirroredType,
): Promise<Map<string, unknown>> {
  return new Map((await mirror.list(type)).map((record) => [record.id, record.attributes]));
}
