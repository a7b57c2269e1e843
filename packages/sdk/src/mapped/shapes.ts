import { camelCaseKeys, isPlainObject } from '../jsonapi/case.js';
import type { ResolvedResource, ResourceShape } from '../jsonapi/resolve.js';
import { flag, numeric, objects, strings, text } from './coerce.js';

const shapedNodes = new WeakSet<object>();

/** Tells whether a resolved resource was built with the mapped shapes (it is then already mapped). */
export function isShaped(node: ResolvedResource): boolean {
  return shapedNodes.has(node);
}

type Head = (node: ResolvedResource, attributes: Record<string, unknown>) => void;

function shape(consumed: string[], head?: Head): ResourceShape {
  return {
    consumed: new Set(consumed),
    head: head
      ? (node, attributes) => {
          shapedNodes.add(node);
          head(node, attributes);
        }
      : (node) => {
          shapedNodes.add(node);
        },
  };
}

function camelObject(value: unknown): Record<string, unknown> {
  const converted = camelCaseKeys(value);
  return isPlainObject(converted) ? converted : {};
}

const container = shape(
  [
    'number',
    'current_status',
    'equipment_type',
    'equipment_length',
    'equipment_height',
    'location_at_pod_terminal',
    'available_for_pickup',
    'pod_arrived_at',
    'pod_discharged_at',
    'pickup_lfd',
    'holds_at_pod_terminal',
    'fees_at_pod_terminal',
  ],
  (node, attributes) => {
    node.number = text(attributes.number) ?? '';
    node.status = text(attributes.current_status);
    node.equipment = {
      type: text(attributes.equipment_type),
      length: numeric(attributes.equipment_length),
      height: text(attributes.equipment_height),
    };
    node.location = {
      currentLocation: text(attributes.location_at_pod_terminal),
      availableForPickup: flag(attributes.available_for_pickup),
      podArrivedAt: text(attributes.pod_arrived_at),
      podDischargedAt: text(attributes.pod_discharged_at),
    };
    node.demurrage = {
      pickupLfd: text(attributes.pickup_lfd),
      holds: objects(camelCaseKeys(attributes.holds_at_pod_terminal)).map((hold) => ({
        ...hold,
        name: text(hold.name) ?? '',
        status: text(hold.status) ?? 'hold',
      })),
      fees: objects(camelCaseKeys(attributes.fees_at_pod_terminal)).map((fee) => ({
        ...fee,
        type: text(fee.type) ?? 'other',
        amount: numeric(fee.amount) ?? 0,
      })),
    };
  },
);

/** Types whose members are all optional: the resolver's camelCased copy is the model. */
const plain = shape([]);

const coordinates = shape(['latitude', 'longitude'], (node, attributes) => {
  node.latitude = numeric(attributes.latitude);
  node.longitude = numeric(attributes.longitude);
});

/**
 * How each resource type becomes its mapped model while it is resolved:
 * grouped or renamed members first, required members coerced to their
 * types, everything else camelCased by the resolver.
 */
export const MAPPED_SHAPES: ReadonlyMap<string, ResourceShape> = new Map<string, ResourceShape>([
  ['container', container],
  [
    'shipment',
    shape(['bill_of_lading_number'], (node, attributes) => {
      node.billOfLading = text(attributes.bill_of_lading_number) ?? '';
    }),
  ],
  ['port', coordinates],
  ['metro_area', coordinates],
  [
    'terminal',
    shape(['name'], (node, attributes) => {
      node.name = text(attributes.name) ?? '';
    }),
  ],
  ['rail_terminal', plain],
  ['vessel', plain],
  ['user', plain],
  ['customer', plain],
  [
    'transport_event',
    shape(['event'], (node, attributes) => {
      node.event = text(attributes.event) ?? '';
    }),
  ],
  ['raw_event', plain],
  [
    'container_updated_event',
    shape(['changeset'], (node, attributes) => {
      const changeset: Record<string, unknown[]> = {};
      for (const [key, change] of Object.entries(camelObject(attributes.changeset))) {
        changeset[key] = Array.isArray(change) ? change : [change];
      }
      node.changeset = changeset;
    }),
  ],
  ['estimated_event', plain],
  [
    'tracking_request',
    shape(['request_number', 'request_type', 'scac', 'status'], (node, attributes) => {
      node.requestNumber = text(attributes.request_number) ?? '';
      node.requestType = text(attributes.request_type) ?? 'bill_of_lading';
      node.scac = text(attributes.scac) ?? '';
      node.status = text(attributes.status) ?? 'pending';
    }),
  ],
  [
    'infer_number_results',
    shape(['number_type', 'validation', 'shipping_line'], (node, attributes) => {
      const validation = camelObject(attributes.validation);
      const line = camelObject(attributes.shipping_line);
      node.numberType = text(attributes.number_type);
      node.validation = { ...validation, isValid: flag(validation.isValid) ?? false };
      node.shippingLine = { ...line, decision: text(line.decision) ?? 'no_prediction' };
    }),
  ],
  [
    'shipping_line',
    shape(['scac', 'name'], (node, attributes) => {
      node.scac = text(attributes.scac) ?? '';
      node.name = text(attributes.name) ?? '';
    }),
  ],
  ['route', plain],
  ['route_location', plain],
  [
    'webhook',
    shape(['url', 'active', 'events'], (node, attributes) => {
      node.url = text(attributes.url) ?? '';
      node.active = flag(attributes.active) ?? false;
      node.events = strings(attributes.events);
    }),
  ],
  [
    'webhook_notification',
    shape(['event', 'delivery_status', 'created_at'], (node, attributes) => {
      node.event = text(attributes.event) ?? '';
      node.deliveryStatus = text(attributes.delivery_status) ?? 'pending';
      node.createdAt = text(attributes.created_at) ?? '';
    }),
  ],
  [
    'webhook_event_category',
    shape(['name', 'events'], (node, attributes) => {
      node.name = text(attributes.name) ?? '';
      node.events = objects(camelCaseKeys(attributes.events)).map((event) => ({
        ...event,
        name: text(event.name) ?? '',
      }));
    }),
  ],
]);
