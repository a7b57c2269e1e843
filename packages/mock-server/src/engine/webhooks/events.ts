/**
 * The catalogue of webhook event names: every name a webhook may subscribe
 * to, grouped in the categories that `GET /webhooks/events` answers, with a
 * one-line description each. The names are the SDK's (generated from the
 * spec), so a name the spec does not have fails the build.
 */
import type { ContainerTransportEventName, WebhookEventName } from '@shiptrack/sdk/webhooks';

/** One event of the catalogue; what its delivery's `included` holds is the SDK's `webhookEventFamily`. */
export interface WebhookEventDefinition {
  readonly name: WebhookEventName;
  readonly description: string;
}

/** A named group of events, as listed by `GET /webhooks/events`. */
export interface WebhookEventCategory {
  /** Stable short key of the category; its resource id is derived from it. */
  readonly key: string;
  readonly name: string;
  readonly events: readonly WebhookEventDefinition[];
}

const event = (name: WebhookEventName, description: string): WebhookEventDefinition => ({
  name,
  description,
});

/** A milestone's name without its `container.transport.` prefix (`vessel_loaded`). */
type Milestone<N = ContainerTransportEventName> = N extends `container.transport.${infer M}`
  ? M
  : never;

const transport = (milestone: Milestone, description: string): WebhookEventDefinition =>
  event(`container.transport.${milestone}`, description);

/** Every category with its events, in the order the service lists them. */
export const WEBHOOK_EVENT_CATEGORIES: readonly WebhookEventCategory[] = [
  {
    key: 'tracking_request',
    name: 'Tracking request',
    events: [
      event(
        'tracking_request.succeeded',
        'The shipment was found and tracking records were created.',
      ),
      event('tracking_request.failed', 'Tracking could not be created for the submitted number.'),
      event(
        'tracking_request.awaiting_manifest',
        'The carrier knows the number but has not published its manifest yet.',
      ),
      event(
        'tracking_request.tracking_stopped',
        'The service stopped checking the carrier for this request.',
      ),
    ],
  },
  {
    key: 'shipment',
    name: 'Shipment',
    events: [
      event(
        'shipment.estimated.arrival',
        'The estimated arrival at the port of discharge changed.',
      ),
    ],
  },
  {
    key: 'container',
    name: 'Container',
    events: [
      event('container.created', 'A container was added to a tracked shipment.'),
      event('container.updated', 'One or more container attributes changed.'),
      event('container.pod_terminal_changed', 'The terminal at the port of discharge changed.'),
      event('container.pickup_lfd.changed', 'The last free day for pickup changed.'),
      event('container.pickup_lfd_line.changed', "The shipping line's last free day changed."),
      event('container.pickup_lfd_terminal.changed', "The terminal's last free day changed."),
      event('container.pickup_lfd_rail.changed', 'The rail last free day of a container changed.'),
      event('container.pickup_appointment.changed', 'The terminal pickup appointment changed.'),
    ],
  },
  {
    key: 'vessel',
    name: 'Vessel milestones',
    events: [
      transport('vessel_loaded', 'The container was loaded on the vessel at the port of lading.'),
      transport('vessel_departed', 'The vessel left the port of lading.'),
      transport('vessel_arrived', 'The vessel arrived at the port of discharge.'),
      transport('vessel_berthed', 'The vessel berthed at the port of discharge.'),
      transport('vessel_discharged', 'The container was discharged at the port of discharge.'),
    ],
  },
  {
    key: 'transshipment',
    name: 'Transshipment and feeder milestones',
    events: [
      transport('transshipment_arrived', 'The container arrived at a transshipment port.'),
      transport(
        'transshipment_discharged',
        'The container was discharged at a transshipment port.',
      ),
      transport('transshipment_loaded', 'The container was loaded at a transshipment port.'),
      transport('transshipment_departed', 'The container left a transshipment port.'),
      transport('feeder_arrived', 'The feeder vessel arrived.'),
      transport('feeder_discharged', 'The container was discharged from a feeder vessel.'),
      transport('feeder_loaded', 'The container was loaded on a feeder vessel.'),
      transport('feeder_departed', 'The feeder vessel departed.'),
    ],
  },
  {
    key: 'rail',
    name: 'Rail milestones',
    events: [
      transport('rail_loaded', 'The container was loaded on a train.'),
      transport('rail_departed', 'The train departed.'),
      transport('rail_arrived', 'The train arrived.'),
      transport('rail_unloaded', 'The container was unloaded from the train.'),
      transport(
        'arrived_at_inland_destination',
        'The container arrived at its inland destination.',
      ),
    ],
  },
  {
    key: 'terminal',
    name: 'Terminal and gate milestones',
    events: [
      transport('empty_out', 'The empty container left the depot for stuffing.'),
      transport('full_in', 'The full container entered the terminal of lading.'),
      transport('available', 'The container is available for pickup at the terminal.'),
      transport('not_available', 'The container is no longer available for pickup.'),
      transport('full_out', 'The full container left the terminal.'),
      transport('delivered', 'The container was delivered to the consignee.'),
      transport('empty_in', 'The empty container was returned.'),
    ],
  },
  {
    key: 'estimated',
    name: 'Estimates',
    events: [
      transport('estimated.vessel_departed', 'The estimated departure from the port of lading.'),
      transport('estimated.vessel_arrived', 'The estimated arrival at the port of discharge.'),
      transport(
        'estimated.arrived_at_inland_destination',
        'The estimated arrival at the inland destination.',
      ),
    ],
  },
];

/** Every event name a webhook may subscribe to, in catalogue order. */
export const WEBHOOK_EVENT_NAMES: readonly WebhookEventName[] = WEBHOOK_EVENT_CATEGORIES.flatMap(
  (category) => category.events.map((e) => e.name),
);

const KNOWN: ReadonlySet<string> = new Set(WEBHOOK_EVENT_NAMES);

/** True when `name` is an event name of the catalogue. */
export function isWebhookEventName(name: unknown): name is WebhookEventName {
  return typeof name === 'string' && KNOWN.has(name);
}
