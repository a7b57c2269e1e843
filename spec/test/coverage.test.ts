import { existsSync, readFileSync } from 'node:fs';
import { dirname, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { isSpecObject, loadSpec, type SpecObject } from '../../test-support/spec-document.js';
import { findMissingFromSpec } from './coverage.js';
import { codeSpans, parseTables, sectionBody } from './markdown.js';

const INTERFACE_SPEC = resolve(
  dirname(fileURLToPath(import.meta.url)),
  '../../../shared/spec-source/interface-spec.md',
);
const haveInterfaceSpec = existsSync(INTERFACE_SPEC);

/** Returns a deep copy of the spec with one change applied. */
function mutated(change: (document: SpecObject) => void): SpecObject {
  const copy = structuredClone(loadSpec());
  change(copy);
  return copy;
}

/** Walks object keys (and array indexes) from the given object, failing loudly when the spec's layout changed. */
function at(document: SpecObject, ...keys: string[]): SpecObject {
  let current: unknown = document;
  for (const key of keys) {
    if (Array.isArray(current)) current = current[Number(key)];
    else if (isSpecObject(current)) current = current[key];
    else throw new Error(`spec has no object at ${keys.join('.')}`);
  }
  if (!isSpecObject(current)) throw new Error(`spec has no object at ${keys.join('.')}`);
  return current;
}

function withoutEnumValue(schema: SpecObject, value: unknown): void {
  if (!Array.isArray(schema.enum)) throw new Error('schema has no enum');
  schema.enum = schema.enum.filter((v) => v !== value);
}

const schemas = (document: SpecObject) => at(document, 'components', 'schemas');
const props = (document: SpecObject, name: string) => at(schemas(document), name, 'properties');

describe('markdown reading used by the coverage check', () => {
  const markdown = [
    '## Things',
    'Allowed values: `a`, `b`.',
    '',
    '| Name | Kind |',
    '|---|---|',
    '| `x`, `y` | one |',
    '| `z` | two |',
    '',
    '## Other',
    'text',
  ].join('\n');

  it('reads tables with the heading of their section', () => {
    expect(parseTables(markdown)).toEqual([
      {
        heading: 'Things',
        headers: ['Name', 'Kind'],
        rows: [
          ['`x`, `y`', 'one'],
          ['`z`', 'two'],
        ],
      },
    ]);
  });

  it('reads code spans and section bodies', () => {
    expect(codeSpans(sectionBody(markdown, 'Thin') ?? '')).toEqual(['a', 'b', 'x', 'y', 'z']);
    expect(sectionBody(markdown, 'Missing')).toBeUndefined();
  });
});

const describeCoverage = haveInterfaceSpec ? describe : describe.skip;
// When skipped, the title is what the test report shows, so it says why.
const coverageTitle = haveInterfaceSpec
  ? 'spec/openapi.yaml covers interface-spec.md'
  : 'interface-spec.md not found beside the repo (../shared): coverage check skipped';

describeCoverage(coverageTitle, () => {
  const markdown = haveInterfaceSpec ? readFileSync(INTERFACE_SPEC, 'utf8') : '';
  const missingAfter = (change: (document: SpecObject) => void) =>
    findMissingFromSpec(markdown, mutated(change));

  it('misses nothing', () => {
    expect(findMissingFromSpec(markdown, loadSpec())).toEqual([]);
  });

  it('reports a removed shipment attribute, including those of the row that names three', () => {
    expect(missingAfter((d) => delete props(d, 'ShipmentAttributes').destination_timezone)).toEqual(
      ['Shipment attribute destination_timezone (/components/schemas/ShipmentAttributes)'],
    );
    expect(missingAfter((d) => delete props(d, 'ShipmentAttributes').pod_eta_at)).toContain(
      'Shipment attribute pod_eta_at (/components/schemas/ShipmentAttributes)',
    );
  });

  it('reports a removed container attribute', () => {
    expect(missingAfter((d) => delete props(d, 'ContainerAttributes').pickup_lfd)).toEqual([
      'Container attribute pickup_lfd (/components/schemas/ContainerAttributes)',
    ]);
  });

  it('reports removed enum values of every enumerated attribute', () => {
    const cases: [(d: SpecObject) => void, string][] = [
      [
        (d) => withoutEnumValue(at(schemas(d), 'LineTrackingStoppedReason'), 'booking_cancelled'),
        'enum value "booking_cancelled" of Shipment attribute line_tracking_stopped_reason',
      ],
      [
        (d) => withoutEnumValue(at(schemas(d), 'EquipmentType'), 'open top'),
        'enum value "open top" of Container attribute equipment_type',
      ],
      [
        (d) => withoutEnumValue(at(schemas(d), 'EquipmentLength'), 45),
        'enum value "45" of Container attribute equipment_length',
      ],
      [
        (d) => withoutEnumValue(at(schemas(d), 'EquipmentHeight'), 'high_cube'),
        'enum value "high_cube" of Container attribute equipment_height',
      ],
      [
        (d) => withoutEnumValue(at(schemas(d), 'ContainerStatus'), 'awaiting_inland_transfer'),
        'enum value "awaiting_inland_transfer" of container current_status',
      ],
      [
        (d) => withoutEnumValue(at(schemas(d), 'TerminalHoldStatus'), 'pending'),
        'enum value "pending" of terminal_hold attribute status',
      ],
      [
        (d) => withoutEnumValue(at(schemas(d), 'TerminalFeeType'), 'extended_dwell_time'),
        'enum value "extended_dwell_time" of terminal_fee attribute type',
      ],
      [
        (d) => withoutEnumValue(at(schemas(d), 'WebhookDeliveryStatus'), 'failed'),
        'enum value "failed" of webhook notification delivery_status',
      ],
    ];
    for (const [change, expected] of cases) {
      expect(missingAfter(change)).toContain(expected);
    }
  });

  it('reports relationships and their allowed types', () => {
    const destination = (d: SpecObject) =>
      at(
        props(d, 'ShipmentRelationships'),
        'destination',
        'properties',
        'data',
        'properties',
        'type',
      );
    expect(missingAfter((d) => withoutEnumValue(destination(d), 'metro_area'))).toEqual([
      'type "metro_area" of Shipment relationship destination',
    ]);
    expect(
      missingAfter(
        (d) => delete at(schemas(d), 'ContainerRelationships', 'properties').pickup_facility,
      ),
    ).toEqual(['Container relationship pickup_facility']);
  });

  it('reports attributes that the specification lists in sentences', () => {
    expect(missingAfter((d) => delete props(d, 'PortAttributes').latitude)).toEqual([
      'Port attribute latitude (/components/schemas/PortAttributes)',
    ]);
    expect(missingAfter((d) => delete props(d, 'TrackingRequestAttributes').is_retrying)).toEqual([
      'Tracking request attribute is_retrying (/components/schemas/TrackingRequestAttributes)',
    ]);
  });

  it('reports a removed path of the endpoint table and of the prose', () => {
    expect(missingAfter((d) => delete at(d, 'paths')['/containers/{id}/raw_events'])).toEqual([
      'endpoint GET /containers/{id}/raw_events',
      'operation listContainerRawEvents (GET /containers/{id}/raw_events)',
    ]);
    expect(missingAfter((d) => delete at(d, 'paths')['/webhooks/ips'])).toEqual([
      'operation listWebhookIps (GET /webhooks/ips)',
    ]);
  });

  it('reports a removed event name of the table and of the gap facts', () => {
    expect(
      missingAfter((d) => delete at(d, 'webhooks')['container.pickup_lfd_rail.changed']),
    ).toEqual([
      'webhooks entry for event container.pickup_lfd_rail.changed',
      'webhooks entry for event container.pickup_lfd_rail.changed',
    ]);
    expect(
      missingAfter((d) => delete at(d, 'webhooks')['container.transport.feeder_loaded']),
    ).toEqual(['webhooks entry for event container.transport.feeder_loaded']);
  });

  it('reports the duplicate code when no example shows it', () => {
    const missing = missingAfter((d) => {
      at(d, 'components', 'examples', 'DuplicateTrackingRequest', 'value', 'errors', '0').code =
        'invalid';
    });
    expect(missing).toEqual([
      'error code duplicate with source.pointer /data/attributes/request_number (no example shows it)',
    ]);
  });

  it('reports error statuses, limits, includes and request members', () => {
    expect(
      missingAfter((d) => delete at(d, 'components', 'responses', 'TooManyRequests').headers),
    ).toEqual(['Retry-After header on the 429 response (components.responses.TooManyRequests)']);
    expect(
      missingAfter((d) => {
        at(d, 'x-rate-limit-buckets', 'refresh_container').limit = 20;
      }),
    ).toEqual(['rate-limit bucket refresh_container of 10 per minute']);
    expect(
      missingAfter((d) => {
        const include = at(d, 'components', 'parameters', 'ContainerInclude', 'schema', 'items');
        withoutEnumValue(include, 'transport_events');
      }),
    ).toEqual([
      'include value transport_events of GET /containers',
      'include value transport_events of GET /containers/{id}',
    ]);
    expect(
      missingAfter((d) => {
        const attributes = at(
          schemas(d),
          'TrackingRequestCreateRequest',
          'properties',
          'data',
          'properties',
        );
        delete at(attributes, 'attributes', 'properties').scac;
      }),
    ).toEqual(['request body member data.attributes.scac of POST /tracking_requests']);
    expect(
      missingAfter((d) => delete at(d, 'paths', '/shipments/{id}', 'get', 'responses')['404']),
    ).toEqual(['status 404 of GET /shipments/{id}']);
  });
});
