/**
 * The members of the mapped models that are plain renames of the spec's
 * attributes and relationships: per model, a named interface
 * (`generated/mapped-members.ts`, which the public interface extends) and
 * the matching zod shape (`generated/mapped-shapes.ts`, which the
 * hand-written schema spreads). Names follow the resolver's own rules
 * (camelCase, `<name>Id`, `<name>Ids`, `<name>Attribute`).
 *
 * Left out, for the hand-written model to declare: the attributes its shape
 * in `mapped/shapes.ts` consumes (built, grouped or renamed), the related
 * records themselves (`shipment`, beside the generated `shipmentId`), and
 * the attributes listed in {@link MODELS}.
 */
import { camelCase } from '../packages/sdk/src/jsonapi/case.js';
import { planFor, relationshipNames } from '../packages/sdk/src/jsonapi/plan.js';
import { MAPPED } from '../packages/sdk/src/mapped/shapes.js';
import {
  type GeneratedFile,
  isJson,
  type Json,
  oneLine,
  SpecConventionError,
  schemasOf,
} from './generate/spec.js';
import { listName } from './generate-operations.js';
import { docLine } from './parameters/surface.js';

/** What a hand-written model declares itself (by wire name), besides what its shape builds. */
interface ModelRow {
  /** Attributes it types more closely than a rename can (objects, lists of objects, a description). */
  refined?: string[];
  /** Attributes and relationships it leaves to its index signature. */
  untyped?: string[];
}

/** The mapped models with generated members, by spec schema. */
const MODELS: Record<string, ModelRow> = {
  Shipment: {},
  Container: {
    refined: ['ind_facility_lfd_on', 'import_deadlines', 'ind_facility_holds', 'ind_facility_fees'],
  },
  Port: {},
  MetroArea: {},
  Terminal: {},
  RailTerminal: {},
  Vessel: {},
  User: {},
  Customer: {},
  TransportEvent: {},
  RawEvent: {},
  ContainerUpdatedEvent: {},
  EstimatedEvent: {},
  RouteLocation: {},
  Route: {},
  TrackingRequest: {},
  ShippingLine: {},
  Webhook: { refined: ['headers'] },
  WebhookNotification: {},
  SearchResult: {},
  Document: { untyped: ['id', 'account', 'user', 'last_document_representation'] },
  EmailSubmission: { untyped: ['in_reply_to', 'references', 'content_type', 'account', 'user'] },
  DocumentSchema: { untyped: ['description'] },
  CustomFieldDefinition: { refined: ['default_value'], untyped: ['description'] },
  CustomFieldOption: {},
  CustomField: {},
};

/** One generated member: its name, doc, TypeScript type (without `| null`) and zod schema. */
interface Member {
  name: string;
  doc: string;
  type: string;
  zod: string;
}

function refName(value: unknown): string | undefined {
  return isJson(value) && typeof value.$ref === 'string' ? value.$ref.split('/').pop() : undefined;
}

/** The non-null JSON types a schema allows (`type: [string, 'null']` is `['string']`). */
function types(schema: Json): unknown[] {
  return (Array.isArray(schema.type) ? schema.type : [schema.type]).filter((t) => t !== 'null');
}

const PLAIN: Record<string, [type: string, zod: string]> = {
  string: ['string', 'sentText()'],
  integer: ['number', 'sent(z.number())'],
  number: ['number', 'sent(z.number())'],
  boolean: ['boolean', 'sent(z.boolean())'],
};

/** The type and schema of an attribute: plain, an array of strings, a free object or an open enum. */
function typeOf(schema: Json, schemas: Json): [type: string, zod: string] | undefined {
  const [only, ...more] = types(schema);
  if (typeof only === 'string' && more.length === 0) {
    if (only === 'array' && isJson(schema.items) && schema.items.type === 'string') {
      return ['string[]', 'sent(z.array(z.string()))'];
    }
    if (only === 'object' && schema.properties === undefined) {
      return ['Record<string, unknown>', 'sent(z.record(z.string(), z.unknown()))'];
    }
    return PLAIN[only];
  }
  if (!Array.isArray(schema.anyOf)) return undefined;
  const members = schema.anyOf.filter((m) => !isJson(m) || m.type !== 'null');
  const plain = members.filter((m) => isJson(m) && m.type === 'string');
  const refs = members.flatMap((m) => refName(m) ?? []);
  const known = refs[0] === undefined ? undefined : schemas[refs[0]];
  if (plain.length === members.length) return PLAIN.string;
  if (refs.length === 1 && plain.length === 1 && isJson(known) && Array.isArray(known.enum)) {
    return [`OpenEnum<Schemas['${refs[0]}']>`, `sent(openEnum(${listName(refs[0] ?? '')}))`];
  }
  return undefined;
}

function properties(schema: unknown, schemas: Json): Json {
  const target = schemas[refName(schema) ?? ''] ?? schema;
  return isJson(target) && isJson(target.properties) ? target.properties : {};
}

/** The generated members of one model, in spec order: attributes, then relationship ids. */
function membersOf(schemaName: string, row: ModelRow, schemas: Json): Member[] {
  const resource = schemas[schemaName];
  const fields = isJson(resource) ? properties(resource, schemas) : {};
  const type = isJson(fields.type) && Array.isArray(fields.type.enum) ? fields.type.enum[0] : '';
  const shape = MAPPED.shapes?.get(String(type));
  const head = { id: '', type: '' };
  shape?.head(head, {});
  const attributes = properties(fields.attributes, schemas);
  const relationships = properties(fields.relationships, schemas);
  const skipped = [...(row.refined ?? []), ...(row.untyped ?? [])];
  const stale = skipped.filter((name) => !(name in attributes || name in relationships));
  if (stale.length > 0) {
    throw new SpecConventionError(`${schemaName} has no ${stale.join(', ')}: update MODELS.`);
  }
  const members: Member[] = [];
  for (const [wire, value] of Object.entries(attributes)) {
    if (shape?.consumed.has(wire) || skipped.includes(wire) || !isJson(value)) continue;
    const camel = camelCase(wire);
    const found = typeOf(value, schemas);
    if (found === undefined) {
      throw new SpecConventionError(
        `${schemaName}.${wire} has no plain mapped type: type it in the hand-written model and list it as refined.`,
      );
    }
    const name = camel in head ? `${camel}Attribute` : camel;
    const doc = oneLine(value.description);
    members.push({ name, doc, type: found[0], zod: found[1] });
  }
  const plan = planFor(String(type), MAPPED.shapes);
  for (const [wire, value] of Object.entries(relationships)) {
    if (skipped.includes(wire) || !isJson(value)) continue;
    const names = relationshipNames(plan, wire);
    const data = properties(value, schemas).data;
    const many = isJson(data) && types(data).includes('array');
    const doc = oneLine(value.description);
    members.push(
      many
        ? { name: names.idsMember, doc, type: 'string[]', zod: 'relationIds()' }
        : { name: names.idMember, doc, type: 'string', zod: 'relationId()' },
    );
  }
  return members;
}

/** The first sentence of a one-line description, without the spec's provenance notes. */
function firstSentence(description: string): string {
  return description
    .replace(/ \(sent by the service[^)]*\)/, '')
    .replace(/^(.*?\.) .*$/, '$1')
    .trim();
}

function renderInterface(schemaName: string, members: Member[]): string {
  const lines = members.map(({ name, doc: text, type, zod }) => {
    const optional = zod === 'relationIds()' ? `${type}` : `${type} | null`;
    return `${docLine(firstSentence(text), '  ')}  ${name}?: ${optional};`;
  });
  return `/** Attributes and relationship ids of \`${schemaName}\`, camelCased, as its mapped model keeps them. */
export interface ${schemaName}SentMembers {
${lines.join('\n')}
}`;
}

function renderShape(schemaName: string, members: Member[]): string {
  const name = `${schemaName.charAt(0).toLowerCase()}${schemaName.slice(1)}SentShape`;
  return `/** The schemas of \`${schemaName}SentMembers\`, spread into its mapped model's schema. */
export const ${name} = /* @__PURE__ */ declareSchema(() => ({
${members.map((m) => `  ${m.name}: ${m.zod},`).join('\n')}
}));`;
}

/** `generated/mapped-members.ts` (interfaces) and `generated/mapped-shapes.ts` (zod shapes). */
export function mappedMemberFiles(document: Json, header: string): GeneratedFile[] {
  const schemas = schemasOf(document);
  const models = Object.entries(MODELS).map(
    ([name, row]) => [name, membersOf(name, row, schemas)] as const,
  );
  const shapes = models.map(([name, members]) => renderShape(name, members)).join('\n\n');
  const lists = [...new Set(shapes.match(/[A-Z_]+_VALUES/g))].sort();
  const used = ['declareSchema', 'openEnum', 'relationId', 'relationIds', 'sent', 'sentText'];
  return [
    {
      path: 'packages/sdk/src/generated/mapped-members.ts',
      contents: `${header}
import type { OpenEnum } from '../mapped/enums.js';
import type { components } from './openapi.js';

type Schemas = components['schemas'];

${models.map(([name, members]) => renderInterface(name, members)).join('\n\n')}
`,
    },
    {
      path: 'packages/sdk/src/generated/mapped-shapes.ts',
      contents: `${header}
import * as z from 'zod';
import { ${used.filter((name) => shapes.includes(`${name}(`)).join(', ')} } from '../mapped/schemas/common.js';
import { ${lists.join(', ')} } from './enums.js';

${shapes}
`,
    },
  ];
}
