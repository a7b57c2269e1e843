/**
 * `packages/mock-server/src/generated/bodies.ts`: per JSON:API request body
 * schema of the spec, the typed attributes the mock's routes read
 * (`TrackingRequestCreateAttributes`) and the function that reads and checks
 * them (`readTrackingRequestCreateRequest`): the envelope (`data.type`,
 * `data.id` against the URL, closed members), then each attribute with the
 * reader its schema calls for. Every problem is one 422; a required member
 * is typed as present. Rules the spec cannot say stay in the route.
 */
import {
  follow,
  isJson,
  type Json,
  oneLine,
  operationsOf,
  SpecConventionError,
  schemasOf,
} from '../generate/spec.js';
import { constant, docLine } from './surface.js';

/** Request bodies read by hand, with the reason. */
export const HAND_READ_BODIES: Readonly<Record<string, string>> = {
  InferNumberRequest: 'a plain JSON object, not a JSON:API document',
  DocumentRotateRequest: 'a plain JSON object, not a JSON:API document',
  WebhookTriggerRequest: 'a plain JSON object, read by the webhook subsystem',
  WebhookCreateRequest:
    'the webhook subsystem reads it (URL policy, events, headers), in its words',
  WebhookUpdateRequest:
    'the webhook subsystem reads it (URL policy, events, headers), in its words',
  DocumentUpdateRequest: "extracted_data_manual's members are the document schema's",
};

/** One attribute as the generated reader reads it. */
interface Member {
  key: string;
  name: string;
  call: string;
  type: string;
  required: boolean;
  description: string;
}

/** The enum values of a string schema as source: a `*_VALUES` list of the SDK, or inline. */
function enumOf(named: string | undefined, values: unknown[]): { source: string; type: string } {
  if (named !== undefined) {
    const list = `${constant(named)}_VALUES`;
    return { source: list, type: `(typeof ${list})[number]` };
  }
  return {
    source: `${JSON.stringify(values)} as const`,
    type: values.map((value) => JSON.stringify(value)).join(' | '),
  };
}

/** The reader call and type of one attribute; throws for a schema the mock has no reader for. */
function memberOf(
  document: Json,
  key: string,
  value: unknown,
  required: boolean,
  where: string,
): Member {
  const found = follow(document, value);
  const schema = found?.schema ?? {};
  const name = key.replace(/_([a-z])/g, (_, letter: string) => letter.toUpperCase());
  const description = oneLine(schema.description ?? (isJson(value) ? value.description : ''));
  const at = `a, ATTRIBUTES, '${key}'`;
  const member = (call: string, type: string): Member => ({
    key,
    name,
    call,
    type,
    required,
    description,
  });
  const types = Array.isArray(schema.type) ? schema.type : [schema.type];
  const nullable = types.includes('null');
  const [kind] = types.filter((type) => type !== 'null');
  if (Array.isArray(schema.anyOf) || Array.isArray(schema.oneOf)) {
    return required
      ? member(`requiredValue(check, a, '${key}')`, 'JsonValue')
      : member(`optionalValue(a, '${key}')`, 'JsonValue');
  }
  if (nullable && !required) {
    if (kind === 'string') return member(`nullableString(check, a, '${key}')`, 'string | null');
    if (kind === 'object')
      return member(`nullableObject(check, a, '${key}')`, 'Record<string, JsonValue> | null');
    if (kind === 'integer' && schema.minimum === 0)
      return member(`nullableWholeNumber(check, a, '${key}')`, 'number | null');
  }
  if (kind === 'array' && follow(document, schema.items)?.schema.type === 'string' && !nullable) {
    return member(`check.stringArray(${at}, { required: ${required} })`, 'string[]');
  }
  if (kind === 'string' && !nullable) {
    if (Array.isArray(schema.enum)) {
      const { source, type } = enumOf(found?.name, schema.enum);
      return member(`check.oneOf(${at}, { required: ${required}, values: ${source} })`, type);
    }
    const maxLength = schema.maxLength ?? schema['x-mock-max-length'];
    const limits = [
      typeof schema.minLength === 'number' && schema.minLength > 1
        ? `minLength: ${schema.minLength}`
        : '',
      // The spec's own limit, else the mock's (see the spec's introduction).
      typeof maxLength === 'number' ? `maxLength: ${maxLength}` : '',
    ].filter((limit) => limit !== '');
    return member(
      `check.string(${at}, { ${[`required: ${required}`, ...limits].join(', ')} })`,
      'string',
    );
  }
  throw new SpecConventionError(
    `${where}: the mock has no reader for attribute ${key} (${JSON.stringify(schema.type)}${nullable && required ? ', required and nullable' : ''}). Add one to packages/mock-server/src/http/body-members.ts and to scripts/parameters/mock-bodies.ts, or list the body in HAND_READ_BODIES.`,
  );
}

/** What a body's envelope says: `data.type`, and how `resourceBody` checks `data`. */
function envelopeOf(document: Json, name: string, schema: Json) {
  const where = `#/components/schemas/${name}`;
  const properties = isJson(schema.properties) ? schema.properties : {};
  const data = follow(document, properties.data)?.schema;
  const members = data && isJson(data.properties) ? data.properties : {};
  const typeValues = isJson(members.type) ? members.type.enum : undefined;
  const [type] = Array.isArray(typeValues) && typeValues.length === 1 ? typeValues : [];
  if (data === undefined || typeof type !== 'string') {
    throw new SpecConventionError(
      `${where}: a JSON:API body needs data.type, an enum of one value; list a body of another form in HAND_READ_BODIES (scripts/parameters/mock-bodies.ts).`,
    );
  }
  const required = Array.isArray(data.required) ? data.required : [];
  const more = Object.keys(members).filter((key) => !['type', 'id', 'attributes'].includes(key));
  const options = [
    `attributesRequired: ${required.includes('attributes')}`,
    ...(required.includes('type') ? [] : ['typeOptional: true']),
    ...(more.length > 0 ? [`more: ${JSON.stringify(more)}`] : []),
  ];
  return { where, type, options, attributes: follow(document, members.attributes)?.schema ?? {} };
}

/** One body's interface and reader. */
function renderBody(document: Json, name: string, schema: Json, operations: string[]): string {
  const { where, type, options, attributes } = envelopeOf(document, name, schema);
  const properties = isJson(attributes.properties) ? attributes.properties : {};
  const required = Array.isArray(attributes.required) ? attributes.required : [];
  const members = Object.entries(properties).map(([key, value]) =>
    memberOf(document, key, value, required.includes(key), where),
  );
  const used = operations.map((id) => `\`${id}\``).join(', ');
  const attributesType = `${name.replace(/Request(Body)?$/, '')}Attributes`;
  const fields = members.map(
    (m) =>
      `${docLine(m.description, '  ')}  ${m.name}: ${m.type}${m.required ? '' : ' | undefined'};`,
  );
  const returned = members.map((m) => (m.required ? `${m.name}: present(${m.name})` : m.name));
  const interfaceBlock = `/** The attributes of the \`${name}\` body (${used}), as read. */
export interface ${attributesType} {
${fields.join('\n')}
}

`;
  return `${members.length > 0 ? interfaceBlock : ''}/** Reads the \`${name}\` body (${used}); every problem, with those already in \`options.check\`, is one 422. */
export function read${name}(body: unknown, options: BodyOptions = {}): ${members.length > 0 ? attributesType : 'void'} {
  const { attributes: a, check } = resourceBody(body, '${type}', { ...options, ${options.join(', ')} });
  check.closed(a, ATTRIBUTES, ${JSON.stringify(members.map((m) => m.key))});
${members.map((m) => `  const ${m.name} = ${m.call};\n`).join('')}  check.finish();${members.length > 0 ? `\n  return { ${returned.join(', ')} };` : ''}
}`;
}

/** The text of the mock's `generated/bodies.ts`. */
export function renderMockBodies(document: Json, header: string): string {
  const bodies = new Map<string, string[]>();
  for (const { operation, where } of operationsOf(document)) {
    const requestBody = follow(document, operation.requestBody)?.schema;
    if (requestBody === undefined) continue;
    const content = isJson(requestBody.content) ? Object.values(requestBody.content) : [];
    for (const media of content) {
      const name = isJson(media) ? follow(document, media.schema)?.name : undefined;
      if (name === undefined)
        throw new SpecConventionError(`${where}: a request body needs a named schema.`);
      if (name in HAND_READ_BODIES) continue;
      const id = String(operation.operationId);
      bodies.set(name, [...(bodies.get(name) ?? []), id]);
    }
  }
  const schemas = schemasOf(document);
  const blocks = [...bodies].map(([name, operations]) => {
    const schema = schemas[name];
    if (!isJson(schema)) throw new SpecConventionError(`#/components/schemas/${name} is missing.`);
    return renderBody(document, name, schema, operations);
  });
  const text = blocks.join('\n\n');
  const lists = [...new Set(text.match(/\b[A-Z][A-Z_]*_VALUES\b/g) ?? [])].sort();
  const members = [
    'nullableObject',
    'nullableString',
    'nullableWholeNumber',
    'optionalValue',
    'requiredValue',
  ].filter((f) => text.includes(`${f}(`));
  return `${header}
${lists.length > 0 ? `import { ${lists.join(', ')} } from '@shiptrack/sdk/spec';\n` : ''}${text.includes('JsonValue') ? "import type { JsonValue } from '../engine/records.js';\n" : ''}${members.length > 0 ? `import { ${members.join(', ')} } from '../http/body-members.js';\n` : ''}import { type BodyOptions, present, resourceBody } from '../http/validation.js';

const ATTRIBUTES = '/data/attributes';

${text}
`;
}
