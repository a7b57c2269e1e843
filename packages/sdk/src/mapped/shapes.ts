/**
 * How each resource type becomes its mapped model while it is resolved (see
 * `ResourceShape`): the members the model builds (grouped, renamed or
 * converted) are written first, from the attributes as sent, and are `null`
 * when the service did not send them; every other attribute is copied,
 * camelCased, by the resolver. Nothing is invented and nothing is coerced
 * into a known value: an unknown enum value is kept as sent.
 */
import { camelCaseKeys } from '../jsonapi/case.js';
import type { ResolveOptions } from '../jsonapi/resolve.js';
import type { ResolvedResource, ResourceShape } from '../jsonapi/resolved.js';
import { flag, numeric, objectOrNull, objectsOrNull, stringsOrNull, text } from './coerce.js';

type Head = (node: ResolvedResource, attributes: Record<string, unknown>) => void;

function shape(consumed: string[], head: Head): ResourceShape {
  return { consumed: new Set(consumed), head };
}

/** Holds and fees: each one's members camelCased, its key members always present. */
function holds(value: unknown): Record<string, unknown>[] | null {
  return (
    objectsOrNull(value)?.map((hold) => ({
      ...objectOrNull(camelCaseKeys(hold)),
      name: text(hold.name),
      status: text(hold.status),
    })) ?? null
  );
}

function fees(value: unknown): Record<string, unknown>[] | null {
  return (
    objectsOrNull(value)?.map((fee) => ({
      ...objectOrNull(camelCaseKeys(fee)),
      type: text(fee.type),
      amount: numeric(fee.amount),
    })) ?? null
  );
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
  (node, a) => {
    node.number = text(a.number);
    node.status = text(a.current_status);
    node.equipment = {
      type: text(a.equipment_type),
      length: numeric(a.equipment_length),
      height: text(a.equipment_height),
    };
    node.location = {
      currentLocation: text(a.location_at_pod_terminal),
      availableForPickup: flag(a.available_for_pickup),
      podArrivedAt: text(a.pod_arrived_at),
      podDischargedAt: text(a.pod_discharged_at),
    };
    node.demurrage = {
      pickupLfd: text(a.pickup_lfd),
      holds: holds(a.holds_at_pod_terminal),
      fees: fees(a.fees_at_pod_terminal),
    };
  },
);

/** Members converted to numbers (decimal strings included), `null` when absent or not numeric. */
function numbers(names: string[], camel: string[] = names): ResourceShape {
  return shape(names, (node, a) => {
    names.forEach((name, i) => {
      node[camel[i] ?? name] = numeric(a[name]);
    });
  });
}

/** Members copied as text, `null` when absent or not a string. */
function texts(names: Record<string, string>): ResourceShape {
  const wire = Object.keys(names);
  return shape(wire, (node, a) => {
    for (const name of wire) node[names[name] ?? name] = text(a[name]);
  });
}

const coordinates = numbers(['latitude', 'longitude']);

/** The shape of every mapped type, by JSON:API type. */
const MAPPED_SHAPES: ReadonlyMap<string, ResourceShape> = new Map<string, ResourceShape>([
  ['container', container],
  ['shipment', texts({ bill_of_lading_number: 'billOfLading' })],
  ['port', coordinates],
  ['metro_area', coordinates],
  [
    'vessel',
    numbers(
      ['latitude', 'longitude', 'nautical_speed_knots', 'navigational_heading_degrees'],
      ['latitude', 'longitude', 'nauticalSpeedKnots', 'navigationalHeadingDegrees'],
    ),
  ],
  ['terminal', texts({ name: 'name' })],
  ['transport_event', texts({ event: 'event' })],
  [
    'container_updated_event',
    shape(['changeset'], (node, a) => {
      const changes = objectOrNull(camelCaseKeys(a.changeset));
      if (changes === null) {
        node.changeset = null;
        return;
      }
      const changeset: Record<string, unknown[]> = {};
      for (const key in changes) {
        const change = changes[key];
        changeset[key] = Array.isArray(change) ? change : [change];
      }
      node.changeset = changeset;
    }),
  ],
  [
    'tracking_request',
    texts({
      request_number: 'requestNumber',
      request_type: 'requestType',
      scac: 'scac',
      status: 'status',
    }),
  ],
  [
    'infer_number_results',
    shape(['number_type', 'validation', 'shipping_line'], (node, a) => {
      const validation = objectOrNull(camelCaseKeys(a.validation));
      const line = objectOrNull(camelCaseKeys(a.shipping_line));
      node.numberType = text(a.number_type);
      node.validation = validation && { ...validation, isValid: flag(validation.isValid) };
      node.shippingLine = line && { ...line, decision: text(line.decision) };
    }),
  ],
  ['shipping_line', texts({ scac: 'scac', name: 'name' })],
  [
    'webhook',
    shape(['url', 'active', 'events'], (node, a) => {
      node.url = text(a.url);
      node.active = flag(a.active);
      node.events = stringsOrNull(a.events);
    }),
  ],
  [
    'webhook_notification',
    texts({ event: 'event', delivery_status: 'deliveryStatus', created_at: 'createdAt' }),
  ],
  [
    'webhook_event_category',
    shape(['name', 'events'], (node, a) => {
      node.name = text(a.name);
      node.events =
        objectsOrNull(a.events)?.map((event) => ({
          ...objectOrNull(camelCaseKeys(event)),
          name: text(event.name),
        })) ?? null;
    }),
  ],
  ['search_result', texts({ entity_type: 'entityType' })],
  [
    'document',
    texts({
      name: 'name',
      document_type: 'documentType',
      source: 'source',
      file_name: 'fileName',
      classification_status: 'classificationStatus',
      extraction_status: 'extractionStatus',
    }),
  ],
  [
    'email_submission',
    shape(['subject', 'from', 'to', 'sent_at'], (node, a) => {
      node.subject = text(a.subject);
      node.from = stringsOrNull(a.from);
      node.to = stringsOrNull(a.to);
      node.sentAt = text(a.sent_at);
    }),
  ],
  [
    'document_schema',
    shape(['document_type', 'label', 'schema_format', 'schema_payload'], (node, a) => {
      node.documentType = text(a.document_type);
      node.label = text(a.label);
      node.schemaFormat = text(a.schema_format);
      // The payload is a JSON Schema: its keys are kept as sent, not camelCased.
      node.schemaPayload = objectOrNull(a.schema_payload);
    }),
  ],
  [
    'custom_field_definition',
    texts({
      entity_type: 'entityType',
      api_slug: 'apiSlug',
      display_name: 'displayName',
      data_type: 'dataType',
    }),
  ],
  [
    'custom_field_option',
    shape(['label', 'value'], (node, a) => {
      node.label = text(a.label);
      node.value = text(a.value);
    }),
  ],
  [
    'custom_field',
    shape(['api_slug', 'value', 'display_value'], (node, a) => {
      node.apiSlug = text(a.api_slug);
      // A value is as sent (its type follows the definition); only its absence becomes null.
      node.value = a.value === undefined ? null : a.value;
      node.displayValue = text(a.display_value);
    }),
  ],
  ['party', texts({ company_name: 'companyName' })],
]);

/** Resolution that builds the mapped models (the resolved nodes are the models). */
export const MAPPED: ResolveOptions = { shapes: MAPPED_SHAPES };
