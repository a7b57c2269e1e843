/**
 * The quick start as a function, so `main.ts` runs it against any service
 * and the test runs it against the mock: search carriers, track a number,
 * read containers with their shipment, summarize a timeline, handle errors.
 */
import { fetchTransportEventsSummary, NotFoundError, type ShiptrackClient } from '@shiptrack/sdk';

/** What the quick start found, for the caller (and the test) to check. */
export interface QuickstartReport {
  carriers: string[];
  tracked: { id: string; status: string | null; alreadyTracking: boolean };
  containerCount: number;
  firstContainer?: {
    number: string | null;
    status: string | null;
    billOfLading: string | null | undefined;
    pickupLfd: string | null;
    holds: number;
    totalEvents: number;
  };
  notFoundHandled: boolean;
}

/** Runs the quick start with a client; `log` receives one line per step. */
export async function runQuickstart(
  client: ShiptrackClient,
  log: (line: string) => void,
  number = 'MAEU240511987',
): Promise<QuickstartReport> {
  // 1. Carriers: one page, mapped (camelCase) by default.
  const lines = await client.shippingLines.list({ q: 'maersk' });
  // Members the SDK builds are `null` when the service did not send them.
  const carriers = lines.data.flatMap((line) => line.scac ?? []);
  log(`Carriers matching "maersk": ${carriers.join(', ')}`);

  // 2. Track a number: the kind of number and the carrier are inferred when they are
  //    certain, and a number that is already tracked is not an error.
  const { trackingRequest, alreadyTracking, scac } = await client.trackingRequests.track(number);
  log(
    `Tracking ${trackingRequest.requestNumber} at ${scac}: ${trackingRequest.status}${alreadyTracking ? ' (already tracked)' : ''}`,
  );

  // 3. Every container, all pages, with its shipment resolved from `included`.
  let containerCount = 0;
  let first: QuickstartReport['firstContainer'];
  for await (const container of client.containers.list({ include: ['shipment'], pageSize: 50 })) {
    containerCount++;
    if (first) continue;
    // 4. The timeline of the first container, summarized.
    const summary = await fetchTransportEventsSummary(client, container.id);
    const found = {
      number: container.number,
      status: container.status,
      billOfLading: container.shipment?.billOfLading,
      pickupLfd: container.demurrage.pickupLfd,
      holds: container.demurrage.holds?.length ?? 0,
      totalEvents: summary.totalEvents,
    };
    first = found;
    log(
      `${found.number} (B/L ${found.billOfLading ?? '?'}): ${found.status}, last free day ${found.pickupLfd ?? 'unknown'}, ${found.holds} hold(s), ${found.totalEvents} events`,
    );
  }
  log(`Containers in the account: ${containerCount}`);

  // 5. Errors are typed: a missing record is a NotFoundError with the request id.
  let notFoundHandled = false;
  try {
    await client.containers.get('00000000-0000-4000-8000-000000000000');
  } catch (error) {
    if (!(error instanceof NotFoundError)) throw error;
    notFoundHandled = true;
    const requestId = error.requestId ? `, request id ${error.requestId}` : '';
    log(`Not found, as expected (status ${error.status}${requestId}): ${error.message}`);
  }

  return {
    carriers,
    tracked: { id: trackingRequest.id, status: trackingRequest.status, alreadyTracking },
    containerCount,
    ...(first ? { firstContainer: first } : {}),
    notFoundHandled,
  };
}
