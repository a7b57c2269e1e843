/**
 * The SDK's named raw types (`RawShipmentDocument`, `RawShipment`, ...):
 * one interface per spec schema that an operation answers with (2xx), plus
 * the resource schemas in {@link RESOURCES} and those the answered lists
 * hold (a list's item), each named `Raw<Schema>` unless
 * {@link RENAMED} says otherwise (a schema named `Raw...` keeps its name).
 * Named interfaces, rather than the spec's `components['schemas'][...]`,
 * keep the public type names stable and short. A stale name in either
 * table fails to compile (`SpecSchema<'Gone'>`).
 */
import {
  entriesOf,
  type GeneratedFile,
  isJson,
  type Json,
  oneLine,
  operationsOf,
  schemasOf,
} from './generate/spec.js';
import { docText } from './parameters/surface.js';

/** Resource schemas with a public raw type of their own (the documents are found from the operations). */
const RESOURCES = `Container CustomField CustomFieldDefinition CustomFieldOption Document EmailSubmission
  Party RawEvent Shipment ShippingLine TrackingRequest TransportEvent Webhook WebhookNotification`;

/** Public names that are not `Raw<Schema>` (kept as released). */
const RENAMED: Record<string, string> = {
  ContainerMapFeatureCollection: 'RawContainerMap',
  RawEvent: 'RawEventResource',
  RefreshContainerResult: 'RawRefreshResult',
  WebhookNotification: 'RawWebhookNotificationResource',
};

/** The public raw type of a spec schema: `Raw<Schema>`, unless {@link RENAMED} names it (a `Raw...` schema keeps its name). */
export function rawTypeName(schema: string): string {
  return RENAMED[schema] ?? (schema.startsWith('Raw') ? schema : `Raw${schema}`);
}

/** Per answered schema, the operations (`GET /path`) that answer with it, in spec order. */
function answeredSchemas(document: Json): Map<string, string[]> {
  const answered = new Map<string, string[]>();
  for (const { operation, where } of operationsOf(document)) {
    const responses = entriesOf(operation.responses).filter(([code]) => code.startsWith('2'));
    for (const [, response] of responses) {
      const content = isJson(response) ? entriesOf(response.content) : [];
      for (const [, media] of content) {
        const ref = isJson(media) && isJson(media.schema) ? media.schema.$ref : undefined;
        if (typeof ref !== 'string') continue;
        const schema = ref.split('/').pop() ?? ref;
        answered.set(schema, [...(answered.get(schema) ?? []), where]);
      }
    }
  }
  return answered;
}

/** The resource schemas that answered paged lists hold (`data: [Container]`, with `meta`): each has a raw type, the type of a list's item. */
function listItems(document: Json): string[] {
  const schemas = schemasOf(document);
  return [...answeredSchemas(document).keys()].flatMap((name) => {
    const schema = schemas[name];
    const properties = isJson(schema) && isJson(schema.properties) ? schema.properties : {};
    const data = properties.data;
    if (!isJson(data) || data.type !== 'array' || !isJson(data.items)) return [];
    if (properties.meta === undefined) return []; // not paged: read whole, never item by item
    const ref = data.items.$ref;
    return typeof ref === 'string' ? [ref.split('/').pop() ?? ref] : [];
  });
}

/** `generated/raw-documents.ts`: the named raw types, documents first (in spec order), then resources. */
export function rawDocumentFiles(document: Json, header: string): GeneratedFile[] {
  const schemas = schemasOf(document);
  const entries: [string, string][] = [
    ...[...answeredSchemas(document)].map(([schema, calls]): [string, string] => [
      schema,
      `${calls.map((call) => `\`${call}\``).join(', ')} as received`,
    ]),
    ...[...new Set([...RESOURCES.split(/\s+/), ...listItems(document)])].map(
      (schema): [string, string] => [schema, `A \`${schema}\` resource as the service sends it`],
    ),
  ];
  const blocks = entries.map(([schema, doc]) => {
    const name = rawTypeName(schema);
    const about = schemas[schema];
    const text = oneLine(isJson(about) ? about.description : undefined);
    const tail = text === '' ? '.' : `: ${docText(text)}`;
    return `/** ${doc}${tail} */\nexport interface ${name} extends SpecSchema<'${schema}'> {}`;
  });
  const contents = `${header}\nimport type { SpecSchema } from '../core/operation.js';\n\n${blocks.join('\n')}\n`;
  return [{ path: 'packages/sdk/src/generated/raw-documents.ts', contents }];
}
