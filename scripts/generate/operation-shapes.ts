/**
 * What an operation of the spec sends and answers, as the SDK's resource
 * generator (`generate-resources.ts`) reads it: the schema of its 2xx
 * answer, that document's primary data, and a request body that only
 * names the record of the path.
 */
import { follow, isJson, type Json } from './spec.js';

/** The schema name a 2xx response's content names, if any. */
export function answeredSchema(operation: Json): { code: string; schema?: string } | undefined {
  const responses = isJson(operation.responses) ? operation.responses : {};
  for (const [code, response] of Object.entries(responses)) {
    if (!code.startsWith('2')) continue;
    const content = isJson(response) && isJson(response.content) ? response.content : undefined;
    if (content === undefined) return { code };
    for (const media of Object.values(content)) {
      const ref = isJson(media) && isJson(media.schema) ? media.schema.$ref : undefined;
      if (typeof ref === 'string') return { code, schema: ref.split('/').pop() };
    }
    return { code };
  }
  return undefined;
}

/**
 * The type of a request body that only names the record of the path
 * (`{ data: { type, id } }`, no attributes or relationships), which the
 * generated method sends itself; `undefined` for any other body.
 */
export function identifierBodyOf(
  document: Json,
  operation: Json,
  pathArguments: number,
): string | undefined {
  const body = follow(document, operation.requestBody)?.schema;
  const content = body && isJson(body.content) ? Object.values(body.content)[0] : undefined;
  const schema = isJson(content) ? follow(document, content.schema)?.schema : undefined;
  const properties = schema && isJson(schema.properties) ? schema.properties : {};
  const data = follow(document, properties.data)?.schema;
  const members = data && isJson(data.properties) ? data.properties : {};
  const types = isJson(members.type) ? members.type.enum : undefined;
  const onlyNames = Object.keys(members).every((name) => name === 'type' || name === 'id');
  if (pathArguments !== 1 || !onlyNames || !Array.isArray(types) || types.length !== 1) {
    return undefined;
  }
  return typeof types[0] === 'string' ? types[0] : undefined;
}

/** A JSON:API document's primary data: the resource schema, its type, and whether it is a list. */
export function primaryOf(
  document: Json,
  schemaName: string,
): { item: string; type: string; list: boolean } | undefined {
  const doc = follow(document, { $ref: `#/components/schemas/${schemaName}` })?.schema;
  const properties = isJson(doc?.properties) ? doc.properties : {};
  const data = properties.data;
  if (!isJson(data)) return undefined;
  const list = data.type === 'array';
  // An unpaginated list is read whole and mapped as a whole: not one call of `core.list`.
  if (list && properties.meta === undefined) return undefined;
  const target = follow(document, list ? data.items : data);
  const typeSchema =
    target && isJson(target.schema.properties) ? target.schema.properties.type : undefined;
  const values = isJson(typeSchema) ? typeSchema.enum : undefined;
  if (target?.name === undefined || !Array.isArray(values) || typeof values[0] !== 'string') {
    return undefined;
  }
  return { item: target.name, type: values[0], list };
}
