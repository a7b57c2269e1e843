/**
 * Reads facts out of the OpenAPI document for the coverage check: the
 * properties and enum values of a schema (through `$ref`, `allOf`, `anyOf`,
 * `oneOf` and array `items`), operations and their documented statuses.
 */
import {
  followRefs,
  isSpecObject,
  type SpecObject,
  valueAtPointer,
} from '../../test-support/spec-document.js';

function resolve(document: SpecObject, schema: unknown): SpecObject | undefined {
  if (!isSpecObject(schema)) return undefined;
  return followRefs(document, { pointer: '(inline)', value: schema }).value;
}

function branches(schema: SpecObject): unknown[] {
  return ['allOf', 'anyOf', 'oneOf'].flatMap((key) => {
    const list = schema[key];
    return Array.isArray(list) ? list : [];
  });
}

/** Returns the schema at a JSON Pointer, following a `$ref` there. */
export function schemaAt(document: SpecObject, pointer: string): SpecObject | undefined {
  return resolve(document, valueAtPointer(document, pointer));
}

/** Returns the properties a schema declares, merged over its composition branches. */
export function propertiesOf(document: SpecObject, schema: unknown): Record<string, unknown> {
  const resolved = resolve(document, schema);
  if (!resolved) return {};
  const own = isSpecObject(resolved.properties) ? resolved.properties : {};
  return Object.assign(
    {},
    ...branches(resolved).map((branch) => propertiesOf(document, branch)),
    own,
  );
}

/** Returns the property schema at a dotted path such as `data.attributes.scac`. */
export function propertyAt(document: SpecObject, schema: unknown, path: string[]): unknown {
  let current: unknown = schema;
  for (const name of path) {
    current = propertiesOf(document, current)[name];
    if (current === undefined) return undefined;
  }
  return current;
}

/** Returns every enum value a schema allows, as strings, or `[]` when it has no enum. */
export function enumValuesOf(document: SpecObject, schema: unknown): string[] {
  const resolved = resolve(document, schema);
  if (!resolved) return [];
  const own = Array.isArray(resolved.enum) ? resolved.enum.map(String) : [];
  const constValue = 'const' in resolved ? [String(resolved.const)] : [];
  const items = resolved.items === undefined ? [] : enumValuesOf(document, resolved.items);
  return [
    ...own,
    ...constValue,
    ...items,
    ...branches(resolved).flatMap((b) => enumValuesOf(document, b)),
  ];
}

/** Returns the type values a JSON:API relationship's `data` may carry. */
export function relationshipTypes(document: SpecObject, relationship: unknown): string[] {
  const data = propertiesOf(document, relationship).data;
  const resolved = resolve(document, data);
  if (!resolved) return [];
  const identifier = resolved.items ?? resolved;
  return enumValuesOf(document, propertiesOf(document, identifier).type);
}

/** Returns the operation object of `method path`, if the spec has it. */
export function operationOf(
  document: SpecObject,
  method: string,
  path: string,
): SpecObject | undefined {
  const paths = isSpecObject(document.paths) ? document.paths : {};
  const item = paths[path];
  const operation = isSpecObject(item) ? item[method.toLowerCase()] : undefined;
  return isSpecObject(operation) ? operation : undefined;
}

/** Returns the (resolved) parameter of an operation by name. */
export function parameterOf(
  document: SpecObject,
  operation: SpecObject | undefined,
  name: string,
): SpecObject | undefined {
  const parameters = Array.isArray(operation?.parameters) ? operation.parameters : [];
  return parameters.map((p) => resolve(document, p)).find((p) => p?.name === name);
}

/** Returns the resolved response objects of an operation, by status key. */
export function responsesOf(
  document: SpecObject,
  operation: SpecObject,
): Record<string, SpecObject> {
  const responses = isSpecObject(operation.responses) ? operation.responses : {};
  const resolved: Record<string, SpecObject> = {};
  for (const [status, response] of Object.entries(responses)) {
    const target = resolve(document, response);
    if (target) resolved[status] = target;
  }
  return resolved;
}

/** Returns every operation of `paths` with its method and path. */
export function allOperations(
  document: SpecObject,
): { method: string; path: string; operation: SpecObject }[] {
  const paths = isSpecObject(document.paths) ? document.paths : {};
  return Object.entries(paths).flatMap(([path, item]) =>
    isSpecObject(item)
      ? Object.entries(item).flatMap(([method, operation]) =>
          isSpecObject(operation) && typeof operation.operationId === 'string'
            ? [{ method, path, operation }]
            : [],
        )
      : [],
  );
}

/** Returns the schema of the first media type of an operation's request body. */
export function requestSchemaOf(document: SpecObject, operation: SpecObject): unknown {
  const body = resolve(document, operation.requestBody);
  const content = body && isSpecObject(body.content) ? body.content : {};
  const [first] = Object.values(content);
  return isSpecObject(first) ? first.schema : undefined;
}

/** Returns every example value of the document (media type `example`/`examples`, components.examples). */
export function allExampleValues(document: SpecObject): unknown[] {
  const found: unknown[] = [];
  const visit = (value: unknown): void => {
    if (Array.isArray(value)) {
      for (const item of value) visit(item);
      return;
    }
    if (!isSpecObject(value)) return;
    for (const [key, inner] of Object.entries(value)) {
      if (key === 'example') found.push(inner);
      else if (key === 'examples' && isSpecObject(inner)) {
        for (const example of Object.values(inner)) {
          const resolved = resolve(document, example);
          if (resolved && 'value' in resolved) found.push(resolved.value);
        }
      } else visit(inner);
    }
  };
  visit(document.paths);
  visit(document.webhooks);
  visit(document.components);
  return found;
}
