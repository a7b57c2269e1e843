/**
 * The demo's steps over the SDK, each printing what it did through `log`:
 * infer and track a number with a webhook subscribed, read the container in
 * each format, move the mock's clock through the container's journey, and
 * summarize its transport events. Every step reads the service over real
 * HTTP; the webhook arrives signed at the local receiver.
 */
import {
  daysUntil,
  fetchTransportEventsSummary,
  lastFreeDay,
  type MappedContainer,
  type ShiptrackClient,
} from '@shiptrack/sdk';
import type { DemoClock } from './stack.js';
import type { WebhookReceiver } from './webhook-receiver.js';

/** What the tour needs. */
export interface TourContext {
  client: ShiptrackClient;
  clock: DemoClock;
  receiver: WebhookReceiver;
  log: (line: string) => void;
}

/** The number the demo tracks: an MSC container (valid ISO 6346 check digit). */
export const DEMO_NUMBER = 'MSCU1234566';

const DAY = 86_400;
/** Statuses at which the container waits at the terminal, with a last free day. */
const AT_TERMINAL_READY = 'available';

/** What tracking found. */
export interface TrackedNumber {
  numberType: string | null;
  scac: string;
  trackingRequestId: string;
  /** The shipment the signed `tracking_request.succeeded` delivery named. */
  shipmentId: string;
  containerId: string;
  containerNumber: string | null;
}

function day(clock: DemoClock): string {
  return clock.now().toISOString().slice(0, 10);
}

/** Infers the number, subscribes the receiver, tracks it, and waits for the signed webhook. */
export async function trackWithWebhook(
  { client, clock, receiver, log }: TourContext,
  number = DEMO_NUMBER,
): Promise<TrackedNumber> {
  const inference = await client.trackingRequests.inferNumber(number);
  const selected = inference.shippingLine?.selected;
  log(
    `Inferred ${number}: a ${inference.numberType ?? 'number of unknown kind'}, carrier ${selected?.scac ?? '?'} (${selected?.name ?? '?'}), decision ${inference.shippingLine?.decision ?? '?'}`,
  );

  const webhook = await client.webhooks.create({
    url: receiver.url,
    events: ['tracking_request.succeeded', 'container.pickup_lfd.changed'],
  });
  receiver.use(webhook.secret);
  log(`Subscribed ${receiver.url} to tracking_request.succeeded and container.pickup_lfd.changed`);

  const tracked = await client.trackingRequests.track(number);
  log(
    `Tracking request ${tracked.trackingRequest.id}: ${tracked.requestType} at ${tracked.scac}, ${tracked.trackingRequest.status}`,
  );

  // The carrier answers about a minute later; advancing the clock runs that and delivers the webhook.
  await clock.advance(120);
  // The subscription also brings other requests' news (the demo data has a pending one): pick ours.
  const succeeded = receiver.received.find(
    (event) =>
      event.name === 'tracking_request.succeeded' &&
      event.trackingRequestId === tracked.trackingRequest.id,
  );
  if (!succeeded?.shipmentId) throw new Error('No signed tracking_request.succeeded arrived.');
  log(
    `Webhook received and verified (HMAC-SHA256): ${succeeded.name}, notification ${succeeded.id}, shipment ${succeeded.shipmentId}`,
  );

  const shipment = await client.shipments.get(succeeded.shipmentId, { include: ['containers'] });
  const container = shipment.containers?.[0];
  if (!container) throw new Error(`Shipment ${shipment.id} has no container.`);
  log(
    `Shipment ${shipment.billOfLading ?? shipment.id}: container ${container.number} (${container.id})`,
  );
  return {
    numberType: inference.numberType,
    scac: tracked.scac,
    trackingRequestId: tracked.trackingRequest.id,
    shipmentId: shipment.id,
    containerId: container.id,
    containerNumber: container.number,
  };
}

/** What the three formats showed. */
export interface FormatsSeen {
  rawStatus: unknown;
  rawIncluded: number;
  mappedStatus: string | null;
  billOfLading: string | null;
  sameId: boolean;
  requestId: string | undefined;
}

/** Reads the container with its shipment as raw JSON:API, mapped, and both. */
export async function readFormats(
  { client, log }: TourContext,
  containerId: string,
): Promise<FormatsSeen> {
  const include: ['shipment'] = ['shipment'];
  const raw = await client.containers.get(containerId, { include, format: 'raw' });
  log(
    `raw:    data.attributes.current_status = ${JSON.stringify(raw.data.attributes.current_status)}, ${raw.included?.length ?? 0} included record(s)`,
  );
  const { data: mapped, requestId } = await client.containers
    .get(containerId, { include, format: 'mapped' })
    .withResponse();
  log(
    `mapped: status ${mapped.status}, shipment.billOfLading ${mapped.shipment?.billOfLading ?? 'null'} (request id ${requestId ?? 'none'})`,
  );
  const both = await client.containers.get(containerId, { include, format: 'both' });
  const sameId = both.raw.data.id === both.mapped.id;
  log(`both:   { raw, mapped } of one response, same id: ${sameId}`);
  return {
    rawStatus: raw.data.attributes.current_status,
    rawIncluded: raw.included?.length ?? 0,
    mappedStatus: mapped.status,
    billOfLading: mapped.shipment?.billOfLading ?? null,
    sameId,
    requestId,
  };
}

/** A status the container reached, and when (mock time). */
export interface StatusChange {
  day: string;
  status: string | null;
}

/** What following the container showed. */
export interface Journey {
  changes: StatusChange[];
  /** The service's coalesced last free day, UTC as sent. */
  lastFreeDay: string | null;
  /** The first last free day that applies, as a day at the terminal (the SDK's `lastFreeDay`). */
  lastFreeDayLocal: string | null;
  /** The last free day as the `container.pickup_lfd.changed` webhook announced it. */
  lastFreeDayByWebhook: string | null;
}

/** The first last free day that applies, as a person reads it: the day at its place, whose, days left. */
function localLastFreeDay(container: MappedContainer, now: Date): string | null {
  const lfd = lastFreeDay(container, { now });
  if (lfd === null) return null;
  const left = lfd.applies ? `in ${lfd.daysLeft} day(s)` : 'no longer applies';
  return `${lfd.date} (${lfd.source}, ${lfd.timeZone}, ${left})`;
}

/**
 * Moves the mock's clock a day at a time (at most `maxDays`) until the
 * container is available for pickup, noting each status change and the
 * last free day.
 */
export async function followJourney(
  { client, clock, receiver, log }: TourContext,
  containerId: string,
  maxDays = 45,
): Promise<Journey> {
  let container = await client.containers.get(containerId);
  const changes: StatusChange[] = [{ day: day(clock), status: container.status }];
  log(`${changes[0]?.day}: ${container.status}`);
  for (let days = 0; days < maxDays && container.status !== AT_TERMINAL_READY; days++) {
    await clock.advance(DAY);
    container = await client.containers.get(containerId);
    if (container.status !== changes.at(-1)?.status) {
      changes.push({ day: day(clock), status: container.status });
      const lfd = localLastFreeDay(container, clock.now());
      log(`${day(clock)}: ${container.status}${lfd ? `, last free day ${lfd}` : ''}`);
    }
  }
  const byWebhook = receiver.received
    .filter(
      (event) => event.name === 'container.pickup_lfd.changed' && event.containerId === containerId,
    )
    .at(-1);
  if (byWebhook) {
    const said = byWebhook.lastFreeDay;
    const local = said ? daysUntil(said, clock.now(), container.podTimezone ?? null) : null;
    log(
      `Webhook container.pickup_lfd.changed: ${local ? `${local.day} in ${local.timeZone} (UTC ${said})` : 'cleared'}`,
    );
  }
  return {
    changes,
    lastFreeDay: container.demurrage.pickupLfd,
    lastFreeDayLocal: localLastFreeDay(container, clock.now()),
    lastFreeDayByWebhook: byWebhook?.lastFreeDay ?? null,
  };
}

/** What the transport events said. */
export interface EventsSeen {
  total: number;
  departedAt: string | null;
  dischargedAt: string | null;
}

/** Lists the container's transport events (every page), summarized. */
export async function listEvents(
  { client, log }: TourContext,
  containerId: string,
): Promise<EventsSeen> {
  const summary = await fetchTransportEventsSummary(client, containerId);
  log(
    `${summary.totalEvents} transport events: ${summary.eventCategories.vesselEvents} vessel, ${summary.eventCategories.terminalEvents} terminal`,
  );
  for (const entry of summary.timeline.slice(-4)) {
    log(`  ${entry.timestamp ?? '?'} ${entry.event ?? '?'} at ${entry.location.name ?? '?'}`);
  }
  return {
    total: summary.totalEvents,
    departedAt: summary.milestones.vesselDepartedAt,
    dischargedAt: summary.milestones.dischargedAt,
  };
}
