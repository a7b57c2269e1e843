/**
 * The catalogue of webhook event names: every name a webhook may subscribe
 * to, grouped in the categories that `GET /webhooks/events` answers, with a
 * one-line description each, and the family that decides what a delivery's
 * `included` holds.
 */

/** What a delivery of an event carries in `included` (see the wire contract). */
export type WebhookEventFamily =
  | 'tracking_request'
  | 'container_transport'
  | 'container_change'
  | 'shipment_estimate';

/** One event of the catalogue. */
export interface WebhookEventDefinition {
  readonly name: string;
  readonly description: string;
  readonly family: WebhookEventFamily;
}

/** A named group of events, as listed by `GET /webhooks/events`. */
export interface WebhookEventCategory {
  /** Stable short key of the category; its resource id is derived from it. */
  readonly key: string;
  readonly name: string;
  readonly events: readonly WebhookEventDefinition[];
}

const transport = (suffix: string, description: string): WebhookEventDefinition => ({
  name: `container.transport.${suffix}`,
  description,
  family: 'container_transport',
});

const change = (name: string, description: string): WebhookEventDefinition => ({
  name,
  description,
  family: 'container_change',
});

/** Every category with its events, in the order the service lists them. */
export const WEBHOOK_EVENT_CATEGORIES: readonly WebhookEventCategory[] = [
  {
    key: 'tracking_request',
    name: 'Tracking request',
    events: [
      {
        name: 'tracking_request.succeeded',
        description: 'The shipment was found and tracking records were created.',
        family: 'tracking_request',
      },
      {
        name: 'tracking_request.failed',
        description: 'Tracking could not be created for the submitted number.',
        family: 'tracking_request',
      },
      {
        name: 'tracking_request.awaiting_manifest',
        description: 'The carrier knows the number but has not published its manifest yet.',
        family: 'tracking_request',
      },
      {
        name: 'tracking_request.tracking_stopped',
        description: 'The service stopped checking the carrier for this request.',
        family: 'tracking_request',
      },
    ],
  },
  {
    key: 'shipment',
    name: 'Shipment',
    events: [
      {
        name: 'shipment.estimated.arrival',
        description: 'The estimated arrival at the port of discharge changed.',
        family: 'shipment_estimate',
      },
    ],
  },
  {
    key: 'container',
    name: 'Container',
    events: [
      change('container.created', 'A container was added to a tracked shipment.'),
      change('container.updated', 'One or more container attributes changed.'),
      change('container.pod_terminal_changed', 'The terminal at the port of discharge changed.'),
      change('container.pickup_lfd.changed', 'The last free day for pickup changed.'),
      change('container.pickup_lfd_line.changed', "The shipping line's last free day changed."),
      change('container.pickup_lfd_terminal.changed', "The terminal's last free day changed."),
      change('container.pickup_lfd_rail.changed', 'The rail last free day of a container changed.'),
      change('container.pickup_appointment.changed', 'The terminal pickup appointment changed.'),
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

const byName = new Map<string, WebhookEventDefinition>(
  WEBHOOK_EVENT_CATEGORIES.flatMap((category) => category.events.map((e) => [e.name, e])),
);

/** Every event name a webhook may subscribe to, in catalogue order. */
export const WEBHOOK_EVENT_NAMES: readonly string[] = [...byName.keys()];

/** True when `name` is an event name of the catalogue. */
export function isWebhookEventName(name: unknown): name is string {
  return typeof name === 'string' && byName.has(name);
}

/** The definition of an event, or `undefined` when the name is unknown. */
export function findWebhookEvent(name: string): WebhookEventDefinition | undefined {
  return byName.get(name);
}
