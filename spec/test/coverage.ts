/**
 * Checks that `spec/openapi.yaml` covers the interface specification: every
 * endpoint, attribute, relationship, enum value, event name, error and limit
 * named in its tables, plus the operations and event names that only the
 * prose and the gap facts name (as decided in the wire contract).
 */
import { isSpecObject, type SpecObject } from '../../test-support/spec-document.js';
import { codeSpans, column, type MarkdownTable, parseTables, sectionBody } from './markdown.js';
import {
  allExampleValues,
  allOperations,
  enumValuesOf,
  operationOf,
  parameterOf,
  propertiesOf,
  propertyAt,
  relationshipTypes,
  requestSchemaOf,
  responsesOf,
  schemaAt,
} from './spec-schemas.js';
import { WIRE_EVENT_NAMES, WIRE_OPERATIONS } from './wire-contract.js';

/** A sentence naming something the spec lacks. */
type Missing = string;

const SCHEMAS = '/components/schemas';

/** Returns one line per requirement of the interface specification that the OpenAPI document misses. */
export function findMissingFromSpec(markdown: string, document: SpecObject): Missing[] {
  const tables = parseTables(markdown);
  return [
    ...checkEndpoints(tables, document),
    ...checkAttributeTable(
      tables,
      document,
      'Shipment (',
      'Shipment',
      `${SCHEMAS}/ShipmentAttributes`,
    ),
    ...checkAttributeTable(
      tables,
      document,
      'Container (',
      'Container',
      `${SCHEMAS}/ContainerAttributes`,
    ),
    ...checkAttributeTable(
      tables,
      document,
      'terminal_hold',
      'terminal_hold',
      `${SCHEMAS}/TerminalHold`,
    ),
    ...checkAttributeTable(
      tables,
      document,
      'terminal_fee',
      'terminal_fee',
      `${SCHEMAS}/TerminalFee`,
    ),
    ...checkShipmentRelationships(tables, document),
    ...checkContainerRelationships(markdown, document),
    ...checkProseAttributes(markdown, document),
    ...checkListedValues(markdown, document),
    ...checkEventNames(tables, document),
    ...checkErrors(tables, document),
    ...checkLimits(tables, document),
    ...checkEndpointDetails(markdown, tables, document),
    ...checkWireContract(document),
  ];
}

function checkEndpoints(tables: MarkdownTable[], document: SpecObject): Missing[] {
  const summary = tables.find((t) => t.heading === 'Summary' && column(t, 'path'));
  if (!summary) return ['the endpoint summary table of interface-spec.md could not be read'];
  return summary.rows.flatMap((row) => {
    const [method = '', pathCell = ''] = row;
    const path = codeSpans(pathCell)[0] ?? pathCell;
    return operationOf(document, method, path) ? [] : [`endpoint ${method} ${path}`];
  });
}

function checkAttributeTable(
  tables: MarkdownTable[],
  document: SpecObject,
  headingPrefix: string,
  label: string,
  pointer: string,
): Missing[] {
  const table = tables.find(
    (t) => t.heading.startsWith(headingPrefix) && (column(t, 'attribute') ?? column(t, 'field')),
  );
  if (!table) return [`the ${label} table of interface-spec.md could not be read`];
  const names = column(table, 'attribute') ?? column(table, 'field') ?? [];
  const types = column(table, 'type') ?? [];
  const notes = column(table, 'meaning') ?? column(table, 'notes') ?? [];
  const properties = propertiesOf(document, schemaAt(document, pointer));
  return names.flatMap((cell, i) =>
    codeSpans(cell).flatMap((name) => {
      if (!(name in properties)) return [`${label} attribute ${name} (${pointer})`];
      if (!(types[i] ?? '').includes('enum')) return [];
      const allowed = enumValuesOf(document, properties[name]);
      return codeSpans(notes[i] ?? '')
        .filter((value) => !allowed.includes(value))
        .map((value) => `enum value "${value}" of ${label} attribute ${name}`);
    }),
  );
}

function checkRelationship(
  document: SpecObject,
  owner: string,
  relationships: Record<string, unknown>,
  name: string,
  types: string[],
): Missing[] {
  if (!(name in relationships)) return [`${owner} relationship ${name}`];
  const allowed = relationshipTypes(document, relationships[name]);
  return types
    .filter((type) => !allowed.includes(type))
    .map((type) => `type "${type}" of ${owner} relationship ${name}`);
}

function checkShipmentRelationships(tables: MarkdownTable[], document: SpecObject): Missing[] {
  const table = tables.find((t) => t.heading.startsWith('Shipment (') && column(t, 'relationship'));
  if (!table) return ['the shipment relationship table of interface-spec.md could not be read'];
  const relationships = propertiesOf(
    document,
    schemaAt(document, `${SCHEMAS}/ShipmentRelationships`),
  );
  const types = column(table, '`data` type') ?? column(table, 'data type') ?? [];
  return (column(table, 'relationship') ?? []).flatMap((cell, i) =>
    codeSpans(cell).flatMap((name) =>
      checkRelationship(document, 'Shipment', relationships, name, codeSpans(types[i] ?? '')),
    ),
  );
}

function checkContainerRelationships(markdown: string, document: SpecObject): Missing[] {
  const body = sectionBody(markdown, 'Container (') ?? '';
  const line = body.split('\n').find((l) => l.startsWith('Container relationships:'));
  if (!line) return ['the container relationships of interface-spec.md could not be read'];
  const relationships = propertiesOf(
    document,
    schemaAt(document, `${SCHEMAS}/ContainerRelationships`),
  );
  return [...line.matchAll(/`(\w+)` \((?:one|many) `(\w+)`/g)].flatMap(([, name = '', type = '']) =>
    checkRelationship(document, 'Container', relationships, name, [type]),
  );
}

/** Resources whose attributes the specification lists in a sentence ("Attributes: `a` string; ..."). */
const PROSE_ATTRIBUTES: { heading: string; pointer: string }[] = [
  { heading: 'Port (', pointer: `${SCHEMAS}/PortAttributes` },
  { heading: 'Terminal (', pointer: `${SCHEMAS}/TerminalAttributes` },
  { heading: 'Tracking request (', pointer: `${SCHEMAS}/TrackingRequestAttributes` },
  { heading: 'Webhook (', pointer: `${SCHEMAS}/Webhook/properties/attributes` },
  {
    heading: 'Webhook notification (',
    pointer: `${SCHEMAS}/WebhookNotification/properties/attributes`,
  },
];

function checkProseAttributes(markdown: string, document: SpecObject): Missing[] {
  return PROSE_ATTRIBUTES.flatMap(({ heading, pointer }) => {
    const body = sectionBody(markdown, heading) ?? '';
    const clause = /[Aa]ttributes: (.*?)(?:\.\s|\.$)/m.exec(body.replace(/\([^)]*\)/g, ''))?.[1];
    if (!clause)
      return [`the attributes of ${heading.slice(0, -2)} in interface-spec.md could not be read`];
    const properties = propertiesOf(document, schemaAt(document, pointer));
    return codeSpans(clause)
      .filter((name) => !(name in properties))
      .map((name) => `${heading.slice(0, -2)} attribute ${name} (${pointer})`);
  });
}

function checkListedValues(markdown: string, document: SpecObject): Missing[] {
  const lists = [
    {
      section: 'Container `current_status`',
      prefix: 'Allowed values:',
      label: 'container current_status',
      schema: propertiesOf(document, schemaAt(document, `${SCHEMAS}/ContainerAttributes`))
        .current_status,
    },
    {
      section: 'Webhook notification `delivery_status`',
      prefix: 'Values shown:',
      label: 'webhook notification delivery_status',
      schema: propertiesOf(
        document,
        schemaAt(document, `${SCHEMAS}/WebhookNotification/properties/attributes`),
      ).delivery_status,
    },
  ];
  return lists.flatMap(({ section, prefix, label, schema }) => {
    const line = (sectionBody(markdown, section) ?? '')
      .split('\n')
      .find((l) => l.startsWith(prefix));
    if (!line) return [`the ${label} values of interface-spec.md could not be read`];
    const allowed = enumValuesOf(document, schema);
    return codeSpans(line)
      .filter((value) => !allowed.includes(value))
      .map((value) => `enum value "${value}" of ${label}`);
  });
}

function checkEventNames(tables: MarkdownTable[], document: SpecObject): Missing[] {
  const table = tables.find((t) => t.heading === 'Event names given');
  if (!table) return ['the event name table of interface-spec.md could not be read'];
  const webhooks = isSpecObject(document.webhooks) ? document.webhooks : {};
  return (column(table, 'event') ?? [])
    .flatMap((cell) => codeSpans(cell))
    .filter((name) => !(name in webhooks))
    .map((name) => `webhooks entry for event ${name}`);
}

function documentedStatuses(document: SpecObject): Set<string> {
  return new Set(
    allOperations(document).flatMap(({ operation }) =>
      Object.keys(responsesOf(document, operation)),
    ),
  );
}

function hasErrorExample(document: SpecObject, code: string, pointer: string | undefined): boolean {
  return allExampleValues(document).some((value) => {
    const errors = isSpecObject(value) && Array.isArray(value.errors) ? value.errors : [];
    return errors.some(
      (error) =>
        isSpecObject(error) &&
        error.code === code &&
        (pointer === undefined || (isSpecObject(error.source) && error.source.pointer === pointer)),
    );
  });
}

function checkErrors(tables: MarkdownTable[], document: SpecObject): Missing[] {
  const errorTables = tables.filter((t) => t.heading === 'Errors');
  const fields = errorTables.find((t) => column(t, 'field'));
  const statuses = errorTables.find((t) => column(t, 'status') && column(t, 'condition'));
  if (!fields || !statuses) return ['the error tables of interface-spec.md could not be read'];
  const errorProperties = propertiesOf(document, schemaAt(document, `${SCHEMAS}/ErrorObject`));
  const missing = (column(fields, 'field') ?? [])
    .flatMap((cell) => codeSpans(cell))
    .filter((name) => !(name in errorProperties))
    .map((name) => `error object field ${name}`);
  const documented = documentedStatuses(document);
  const conditions = column(statuses, 'condition') ?? [];
  for (const [i, status] of (column(statuses, 'status') ?? []).entries()) {
    if (!documented.has(status)) missing.push(`error status ${status} (no operation documents it)`);
    const spans = codeSpans(conditions[i] ?? '');
    const codeIndex = spans.indexOf('code');
    const code = codeIndex >= 0 ? spans[codeIndex + 1] : undefined;
    const pointer = spans.find((span) => span.startsWith('/'));
    if (code && !hasErrorExample(document, code, pointer)) {
      missing.push(
        `error code ${code}${pointer ? ` with source.pointer ${pointer}` : ''} (no example shows it)`,
      );
    }
  }
  const tooMany = schemaAt(document, '/components/responses/TooManyRequests');
  if (!(isSpecObject(tooMany?.headers) && 'Retry-After' in tooMany.headers)) {
    missing.push('Retry-After header on the 429 response (components.responses.TooManyRequests)');
  }
  return missing;
}

function checkLimits(tables: MarkdownTable[], document: SpecObject): Missing[] {
  const table = tables.find((t) => t.heading === 'Limits' && column(t, 'bucket'));
  if (!table) return ['the limits table of interface-spec.md could not be read'];
  const buckets = isSpecObject(document['x-rate-limit-buckets'])
    ? document['x-rate-limit-buckets']
    : {};
  const operationsCells = column(table, 'operation') ?? [];
  const limits = column(table, 'limit') ?? [];
  return (column(table, 'bucket') ?? []).flatMap((label, i) => {
    const name = label.toLowerCase().replaceAll(' ', '_');
    const limit = Number(/\d+/.exec(limits[i] ?? '')?.[0]);
    const bucket = buckets[name];
    if (!isSpecObject(bucket) || bucket.limit !== limit)
      return [`rate-limit bucket ${name} of ${limit} per minute`];
    const [method, path] = (codeSpans(operationsCells[i] ?? '')[0] ?? '').split(' ');
    if (!method || !path) return [];
    const operation = operationOf(document, method, path);
    return operation?.['x-rate-limit-bucket'] === name
      ? []
      : [`x-rate-limit-bucket ${name} on ${method} ${path}`];
  });
}

function checkEndpointDetails(
  markdown: string,
  tables: MarkdownTable[],
  document: SpecObject,
): Missing[] {
  const missing: Missing[] = [];
  for (const table of tables.filter((t) => /^(GET|POST|PATCH|DELETE) \//.test(t.heading))) {
    const [method = '', path = ''] = table.heading.split(' ');
    const operation = operationOf(document, method, path);
    if (!operation) continue;
    const statuses = Object.keys(responsesOf(document, operation));
    for (const item of column(table, 'item') ?? []) {
      const status = /^(\d{3}) body$/.exec(item)?.[1];
      if (status && !statuses.includes(status))
        missing.push(`status ${status} of ${method} ${path}`);
    }
    for (const cell of column(table, 'path') ?? []) {
      const [field] = codeSpans(cell);
      if (
        field &&
        propertyAt(document, requestSchemaOf(document, operation), field.split('.')) === undefined
      ) {
        missing.push(`request body member ${field} of ${method} ${path}`);
      }
    }
  }
  const containers = sectionBody(markdown, 'GET /containers and') ?? '';
  const accepted = codeSpans(/accepts (.*?);/.exec(containers)?.[1] ?? '');
  for (const path of ['/containers', '/containers/{id}']) {
    const operation = operationOf(document, 'GET', path);
    const allowed = enumValuesOf(document, parameterOf(document, operation, 'include')?.schema);
    for (const value of accepted.filter((v) => !allowed.includes(v))) {
      missing.push(`include value ${value} of GET ${path}`);
    }
  }
  return missing;
}

function checkWireContract(document: SpecObject): Missing[] {
  const missing = WIRE_OPERATIONS.flatMap(({ operationId, method, path, bucket }) => {
    const operation = operationOf(document, method, path);
    if (!operation) return [`operation ${operationId} (${method} ${path})`];
    const problems: Missing[] = [];
    if (operation.operationId !== operationId)
      problems.push(`operationId ${operationId} on ${method} ${path}`);
    if (operation['x-rate-limit-bucket'] !== bucket)
      problems.push(`x-rate-limit-bucket ${bucket} on ${method} ${path}`);
    return problems;
  });
  const webhooks = isSpecObject(document.webhooks) ? document.webhooks : {};
  for (const name of WIRE_EVENT_NAMES.filter((event) => !(event in webhooks))) {
    missing.push(`webhooks entry for event ${name}`);
  }
  return missing;
}
