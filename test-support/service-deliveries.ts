/**
 * Hand-written webhook deliveries in the shapes the real service publishes
 * (the classes of the webhook issue): per-event reference objects
 * (`container_created_event`, `container_pod_terminal_changed_event`), last
 * free day and appointment changes carried by a `transport_event` whose
 * `value` holds the new date, deliveries without `included`, estimated
 * events that include only themselves, and `port` / `terminal` records
 * beside the container. The spec must accept each one, the SDK must read
 * each one, and the mirror must apply each one.
 */

/** One delivery of the corpus. */
export interface ServiceDelivery {
  /** What the delivery shows. */
  name: string;
  body: ServiceDeliveryBody;
}

/** A delivery body as the service sends it. */
export interface ServiceDeliveryBody {
  data: {
    id: string;
    type: 'webhook_notification';
    attributes: { event: string; delivery_status: string; created_at: string };
    relationships: {
      webhook: { data: { type: 'webhook'; id: string } };
      reference_object: { data: { type: string; id: string } };
    };
  };
  included?: Array<Record<string, unknown>>;
}

export const DELIVERY_CONTAINER_ID = '6c1d2e3f-4a5b-4c6d-8e7f-9a0b1c2d3e4f';
export const DELIVERY_SHIPMENT_ID = '7d2e3f4a-5b6c-4d7e-9f8a-0b1c2d3e4f5a';
export const DELIVERY_TERMINAL_ID = '8e3f4a5b-6c7d-4e8f-8a9b-1c2d3e4f5a6b';
export const DELIVERY_PORT_ID = '9f4a5b6c-7d8e-4f9a-9bac-2d3e4f5a6b7c';
const WEBHOOK_ID = 'a05b6c7d-8e9f-4a0b-8cbd-3e4f5a6b7c8d';

function notification(
  id: string,
  event: string,
  createdAt: string,
  reference: { type: string; id: string },
): ServiceDeliveryBody['data'] {
  return {
    id,
    type: 'webhook_notification',
    attributes: { event, delivery_status: 'pending', created_at: createdAt },
    relationships: {
      webhook: { data: { type: 'webhook', id: WEBHOOK_ID } },
      reference_object: { data: reference },
    },
  };
}

const to = (type: string, id: string) => ({ data: { type, id } });

/** The container of the deliveries, as the service includes it. */
export function deliveryContainer(attributes: Record<string, unknown> = {}) {
  return {
    id: DELIVERY_CONTAINER_ID,
    type: 'container',
    attributes: {
      number: 'TGHU7302614',
      ref_numbers: [],
      current_status: 'available',
      pickup_lfd: '2026-03-05T08:00:00Z',
      pickup_appointment_at: null,
      import_deadlines: {
        pickup_lfd_terminal: '2026-03-05T08:00:00Z',
        pickup_lfd_rail: null,
        pickup_lfd_line: null,
      },
      pod_timezone: 'America/Los_Angeles',
      ...attributes,
    },
    relationships: {
      shipment: to('shipment', DELIVERY_SHIPMENT_ID),
      pod_terminal: to('terminal', DELIVERY_TERMINAL_ID),
    },
  };
}

const shipment = {
  id: DELIVERY_SHIPMENT_ID,
  type: 'shipment',
  attributes: {
    bill_of_lading_number: 'ZIMUSHH30712345',
    ref_numbers: [],
    shipping_line_scac: 'ZIMU',
    port_of_discharge_locode: 'USLAX',
  },
  relationships: { containers: { data: [{ type: 'container', id: DELIVERY_CONTAINER_ID }] } },
  links: { self: `/v2/shipments/${DELIVERY_SHIPMENT_ID}` },
};
const terminal = {
  id: DELIVERY_TERMINAL_ID,
  type: 'terminal',
  attributes: { id: DELIVERY_TERMINAL_ID, name: 'Fenix Marine Services', firms_code: 'Y773' },
  relationships: { port: to('port', DELIVERY_PORT_ID) },
};
const port = {
  id: DELIVERY_PORT_ID,
  type: 'port',
  attributes: {
    id: DELIVERY_PORT_ID,
    name: 'Los Angeles',
    code: 'USLAX',
    country_code: 'US',
    time_zone: 'America/Los_Angeles',
    latitude: '33.7405',
    longitude: '-118.2775',
  },
};

/** A change carried by a transport event: `event` repeats the notification's name, `value` is the new date. */
function valueEvent(id: string, event: string, value: string, withContainer: boolean) {
  return {
    id,
    type: 'transport_event',
    attributes: {
      event,
      value,
      timestamp: '2026-03-02T16:00:00Z',
      timezone: 'America/Los_Angeles',
      location_locode: 'USLAX',
      created_at: '2026-03-02T16:00:03Z',
      data_source: 'terminal',
    },
    relationships: {
      container: withContainer ? to('container', DELIVERY_CONTAINER_ID) : { data: null },
      shipment: to('shipment', DELIVERY_SHIPMENT_ID),
      terminal: to('terminal', DELIVERY_TERMINAL_ID),
    },
  };
}

/** `container.pickup_lfd_terminal.changed` as the service sends it. */
export const TERMINAL_LFD_BY_VALUE: ServiceDelivery = {
  name: 'a terminal LFD change carried by a transport event value',
  body: {
    data: notification(
      'b16c7d8e-9fa0-4b1c-9dce-4f5a6b7c8d9e',
      'container.pickup_lfd_terminal.changed',
      '2026-03-02T16:00:05Z',
      { type: 'transport_event', id: 'c27d8e9f-a0b1-4c2d-8edf-5a6b7c8d9eaf' },
    ),
    included: [
      valueEvent(
        'c27d8e9f-a0b1-4c2d-8edf-5a6b7c8d9eaf',
        'container.pickup_lfd_terminal.changed',
        '2026-03-07T08:00:00Z',
        true,
      ),
      deliveryContainer(),
      shipment,
      terminal,
    ],
  },
};

/** `container.pickup_lfd_rail.changed` whose transport event does not name the container. */
export const RAIL_LFD_WITHOUT_CONTAINER: ServiceDelivery = {
  name: 'a rail LFD change whose transport event names no container',
  body: {
    data: notification(
      'd38e9fa0-b1c2-4d3e-9fe0-6b7c8d9eafb0',
      'container.pickup_lfd_rail.changed',
      '2026-03-02T17:00:05Z',
      { type: 'transport_event', id: 'e49fa0b1-c2d3-4e4f-8af1-7c8d9eafb0c1' },
    ),
    included: [
      valueEvent(
        'e49fa0b1-c2d3-4e4f-8af1-7c8d9eafb0c1',
        'container.pickup_lfd_rail.changed',
        '2026-03-09T08:00:00Z',
        false,
      ),
      shipment,
    ],
  },
};

/** `container.pickup_appointment.changed` carried by a transport event. */
export const APPOINTMENT_BY_VALUE: ServiceDelivery = {
  name: 'an appointment change carried by a transport event value',
  body: {
    data: notification(
      'f5a0b1c2-d3e4-4f5a-9b02-8d9eafb0c1d2',
      'container.pickup_appointment.changed',
      '2026-03-02T18:00:05Z',
      { type: 'transport_event', id: '06b1c2d3-e4f5-4a6b-8c13-9eafb0c1d2e3' },
    ),
    included: [
      valueEvent(
        '06b1c2d3-e4f5-4a6b-8c13-9eafb0c1d2e3',
        'container.pickup_appointment.changed',
        '2026-03-04T09:30:00Z',
        true,
      ),
      deliveryContainer(),
      terminal,
    ],
  },
};

/** `container.created` with its per-event reference object. */
export const CONTAINER_CREATED: ServiceDelivery = {
  name: 'container.created referring to a container_created_event',
  body: {
    data: notification(
      '17c2d3e4-f5a6-4b7c-9d24-afb0c1d2e3f4',
      'container.created',
      '2026-02-20T10:00:05Z',
      { type: 'container_created_event', id: '28d3e4f5-a6b7-4c8d-8e35-b0c1d2e3f4a5' },
    ),
    included: [
      {
        id: '28d3e4f5-a6b7-4c8d-8e35-b0c1d2e3f4a5',
        type: 'container_created_event',
        attributes: { timestamp: '2026-02-20T10:00:00Z' },
        relationships: { container: to('container', DELIVERY_CONTAINER_ID) },
      },
      deliveryContainer(),
      shipment,
    ],
  },
};

/** `container.pod_terminal_changed` with its per-event reference object (no changeset). */
export const POD_TERMINAL_CHANGED: ServiceDelivery = {
  name: 'container.pod_terminal_changed referring to its own event type',
  body: {
    data: notification(
      '39e4f5a6-b7c8-4d9e-9f46-c1d2e3f4a5b6',
      'container.pod_terminal_changed',
      '2026-02-25T12:00:05Z',
      { type: 'container_pod_terminal_changed_event', id: '4af5a6b7-c8d9-4eaf-8a57-d2e3f4a5b6c7' },
    ),
    included: [
      {
        id: '4af5a6b7-c8d9-4eaf-8a57-d2e3f4a5b6c7',
        type: 'container_pod_terminal_changed_event',
        attributes: { timestamp: '2026-02-25T12:00:00Z', data_source: 'shipping_line' },
        relationships: {
          container: to('container', DELIVERY_CONTAINER_ID),
          terminal: to('terminal', DELIVERY_TERMINAL_ID),
          shipment: to('shipment', DELIVERY_SHIPMENT_ID),
        },
      },
      deliveryContainer(),
      shipment,
      terminal,
    ],
  },
};

/** `container.updated` whose `included` also holds a port and a terminal. */
export const UPDATED_WITH_PORT: ServiceDelivery = {
  name: 'container.updated including a port and a terminal',
  body: {
    data: notification(
      '5b06b7c8-d9ea-4fb0-9b68-e3f4a5b6c7d8',
      'container.updated',
      '2026-03-01T07:00:05Z',
      { type: 'container_updated_event', id: '6c17c8d9-eafb-40c1-8c79-f4a5b6c7d8e9' },
    ),
    included: [
      {
        id: '6c17c8d9-eafb-40c1-8c79-f4a5b6c7d8e9',
        type: 'container_updated_event',
        attributes: {
          changeset: { pickup_lfd: ['2026-03-04T08:00:00Z', '2026-03-05T08:00:00Z'] },
          timestamp: '2026-03-01T07:00:00Z',
          timezone: 'America/Los_Angeles',
          data_source: 'terminal',
        },
        relationships: {
          container: to('container', DELIVERY_CONTAINER_ID),
          terminal: to('terminal', DELIVERY_TERMINAL_ID),
        },
      },
      deliveryContainer(),
      shipment,
      port,
      terminal,
    ],
  },
};

/** `container.transport.delivered` without an `included` member. */
export const DELIVERED_WITHOUT_INCLUDED: ServiceDelivery = {
  name: 'container.transport.delivered without included',
  body: {
    data: notification(
      '7d28d9ea-fb0c-41d2-9d8a-a5b6c7d8e9fa',
      'container.transport.delivered',
      '2026-03-06T15:00:05Z',
      { type: 'transport_event', id: '8e39eafb-0c1d-42e3-8e9b-b6c7d8e9fa0b' },
    ),
  },
};

/** `tracking_request.succeeded` without an `included` member. */
export const TRACKING_SUCCEEDED_WITHOUT_INCLUDED: ServiceDelivery = {
  name: 'tracking_request.succeeded without included',
  body: {
    data: notification(
      '9f4afb0c-1d2e-43f4-9fac-c7d8e9fa0b1c',
      'tracking_request.succeeded',
      '2026-02-19T09:00:05Z',
      { type: 'tracking_request', id: 'a05b0c1d-2e3f-44a5-8abd-d8e9fa0b1c2d' },
    ),
  },
};

/** `shipment.estimated.arrival` whose `included` holds only the estimated event. */
export const ESTIMATE_ONLY: ServiceDelivery = {
  name: 'shipment.estimated.arrival including only the estimated event',
  body: {
    data: notification(
      'b16c1d2e-3f4a-45b6-9bce-e9fa0b1c2d3e',
      'shipment.estimated.arrival',
      '2026-02-22T06:00:05Z',
      { type: 'estimated_event', id: 'c27d2e3f-4a5b-46c7-8cdf-fa0b1c2d3e4f' },
    ),
    included: [
      {
        id: 'c27d2e3f-4a5b-46c7-8cdf-fa0b1c2d3e4f',
        type: 'estimated_event',
        attributes: {
          event: 'shipment.estimated.arrival',
          estimated_timestamp: '2026-03-01T04:00:00Z',
          location_locode: 'USLAX',
          created_at: '2026-02-22T06:00:02Z',
        },
        relationships: { shipment: to('shipment', DELIVERY_SHIPMENT_ID) },
      },
    ],
  },
};

/** The changes the service carries by a transport event's `value`. */
export type ValueChangeEvent =
  | 'container.pickup_lfd_terminal.changed'
  | 'container.pickup_lfd_rail.changed'
  | 'container.pickup_appointment.changed';

/** Options of {@link valueChangeDelivery}. */
export interface ValueChangeOptions {
  /** The notification id. */
  readonly id: string;
  readonly event: ValueChangeEvent;
  /** The new date the transport event's `value` holds. */
  readonly value: string;
  readonly createdAt: string;
  /** The container the change is about, as the service includes it. */
  readonly container: {
    readonly id: string;
    readonly attributes: Record<string, unknown>;
    readonly relationships?: Record<string, unknown>;
  };
}

/**
 * A change carried by a transport event about a container of your own (for
 * instance one a mirror holds), in the shape of {@link TERMINAL_LFD_BY_VALUE}.
 */
export function valueChangeDelivery(options: ValueChangeOptions): ServiceDeliveryBody {
  const eventId = crypto.randomUUID();
  const { container } = options;
  return {
    data: notification(options.id, options.event, options.createdAt, {
      type: 'transport_event',
      id: eventId,
    }),
    included: [
      {
        id: eventId,
        type: 'transport_event',
        attributes: {
          event: options.event,
          value: options.value,
          timestamp: options.createdAt,
          created_at: options.createdAt,
          data_source: 'terminal',
        },
        relationships: { container: to('container', container.id) },
      },
      { type: 'container', ...container },
    ],
  };
}

/** Every delivery of the corpus. */
export const SERVICE_DELIVERIES: readonly ServiceDelivery[] = [
  TERMINAL_LFD_BY_VALUE,
  RAIL_LFD_WITHOUT_CONTAINER,
  APPOINTMENT_BY_VALUE,
  CONTAINER_CREATED,
  POD_TERMINAL_CHANGED,
  UPDATED_WITH_PORT,
  DELIVERED_WITHOUT_INCLUDED,
  TRACKING_SUCCEEDED_WITHOUT_INCLUDED,
  ESTIMATE_ONLY,
];
