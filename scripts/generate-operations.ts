/**
 * The operation table `pnpm generate` writes for the SDK
 * (`packages/sdk/src/generated/operations.ts`): per operationId its method,
 * path template and rate-limit bucket, and what the spec says about its
 * arguments: the path parameters (with the spec's description, for the
 * SDK's messages) and every query parameter with its type, bounds, whether
 * it is required, and the values it accepts (an `include` list, or an
 * enumeration, closed or open). The SDK's one request helper checks every
 * call against this table before anything is sent.
 */

import { follow, type Json, oneLine, operationsOf, SpecConventionError } from './generate/spec.js';
import { constant, enumSource, valueLists } from './parameters/surface.js';

/** One query parameter as the table holds it (rendered as an object literal). */
export interface QueryRow {
  type: 'integer' | 'number' | 'string' | 'boolean' | 'date-time' | 'enum' | 'include';
  required?: true;
  /** Inline values, or the names of generated `*_VALUES` lists (their union). */
  values?: string[] | { lists: string[] };
  open?: boolean;
  minimum?: number;
  maximum?: number;
}

/** What the parameter surface (SDK types, CLI options, mock readers) needs beyond the table's facts. */
export interface QueryInfo {
  /** The spec's description, whitespace collapsed. */
  description: string;
  /** The component schema the parameter's schema names (`Locode`, `ContainerStatus`), if any. */
  schema?: string;
  /** An array sent comma separated (`filter[document_types]`); the table types it `string`. */
  list?: true;
}

/** One row of the operation table. */
export interface OperationRow {
  operationId: string;
  /** The SDK method that sends it (`x-sdk-call`: `containers.list`), as messages name it. */
  call: string;
  method: string;
  path: string;
  bucket: string;
  pathParameters: [name: string, description: string][];
  query: [name: string, row: QueryRow, info: QueryInfo][];
}

/** The `*_VALUES` list name of a named enum schema (`ContainerStatus` -> `CONTAINER_STATUS_VALUES`). */
export function listName(schemaName: string): string {
  return `${constant(schemaName)}_VALUES`;
}

/** The values of an enum schema: a reference to its generated list when it is named, else inline. */
function enumValues(found: { schema: Json; name?: string }): QueryRow['values'] | undefined {
  const values = found.schema.enum;
  if (!Array.isArray(values)) return undefined;
  if (found.name !== undefined) return { lists: [listName(found.name)] };
  return values.map(String);
}

/** The union of several enumerations' values. */
function union(parts: NonNullable<QueryRow['values']>[]): QueryRow['values'] {
  if (parts.length === 1) return parts[0];
  const lists = parts.flatMap((part) => (Array.isArray(part) ? [] : part.lists));
  const inline = parts.flatMap((part) => (Array.isArray(part) ? part : []));
  if (inline.length > 0 && lists.length > 0) {
    throw new SpecConventionError('An enumeration mixes named and inline enums; name them all.');
  }
  return inline.length > 0 ? inline : { lists };
}

/**
 * An enumeration parameter: a plain enum, or `anyOf` enums (their union),
 * both closed; or the spec's open form, `anyOf` known enums and a plain
 * string (the service accepts other values).
 */
function enumRow(document: Json, schema: unknown): QueryRow | undefined {
  const found = follow(document, schema);
  if (found === undefined) return undefined;
  const direct = enumValues(found);
  if (direct !== undefined) return { type: 'enum', values: direct, open: false };
  if (!Array.isArray(found.schema.anyOf)) return undefined;
  const parts: NonNullable<QueryRow['values']>[] = [];
  let open = false;
  for (const member of found.schema.anyOf) {
    const inner = enumRow(document, member);
    if (inner?.values !== undefined) {
      parts.push(inner.values);
      open ||= inner.open === true;
      continue;
    }
    const plain = follow(document, member)?.schema;
    if (plain?.type !== 'string' || plain.pattern !== undefined || plain.format !== undefined) {
      return undefined;
    }
    open = true;
  }
  return parts.length === 0 ? undefined : { type: 'enum', values: union(parts), open };
}

function queryRow(document: Json, parameter: Json, where: string): QueryRow {
  const schema = follow(document, parameter.schema)?.schema ?? {};
  const required = parameter.required === true ? ({ required: true } as const) : {};
  if (parameter.name === 'include') {
    const items = follow(document, schema.items);
    const values = items && enumValues(items);
    if (values === undefined) {
      throw new SpecConventionError(
        `${where}: include needs an array schema whose items are an enum.`,
      );
    }
    return { type: 'include', values, ...required };
  }
  const enumeration = enumRow(document, parameter.schema);
  if (enumeration !== undefined) return { ...enumeration, ...required };
  if (schema.type === 'integer' || schema.type === 'number') {
    const bounds: Pick<QueryRow, 'minimum' | 'maximum'> = {};
    if (typeof schema.minimum === 'number') bounds.minimum = schema.minimum;
    if (typeof schema.maximum === 'number') bounds.maximum = schema.maximum;
    return { type: schema.type, ...bounds, ...required };
  }
  if (schema.type === 'boolean') return { type: 'boolean', ...required };
  if (schema.format === 'date-time') return { type: 'date-time', ...required };
  return { type: 'string', ...required };
}

function queryInfo(document: Json, parameter: Json): QueryInfo {
  const found = follow(document, parameter.schema);
  return {
    description: oneLine(parameter.description),
    ...(found?.name === undefined ? {} : { schema: found.name }),
    ...(found?.schema.type === 'array' ? { list: true as const } : {}),
  };
}

/**
 * The SDK writes a query in one style (`packages/sdk/src/core/operation-url.ts`):
 * a list comma-joined (`style: form`, `explode: false`) and no object. A
 * parameter the spec serializes otherwise would go out wrong, so it is refused.
 */
function checkQueryStyle(document: Json, parameter: Json, where: string): void {
  const type = follow(document, parameter.schema)?.schema.type;
  if (type === 'object') {
    throw new SpecConventionError(
      `${where}: the SDK sends no object in a query; describe each member as a parameter of its own (filter[name]).`,
    );
  }
  if (type === 'array' && ((parameter.style ?? 'form') !== 'form' || parameter.explode !== false)) {
    throw new SpecConventionError(
      `${where}: a list in a query must be \`style: form\` with \`explode: false\` (comma-joined), the one style the SDK sends.`,
    );
  }
}

/** `The container's identifier (not its ISO 6346 number).` -> `the container's identifier (not its ISO 6346 number)`. */
function phrase(description: unknown, name: string): string {
  const text = oneLine(description).replace(/\.$/, '');
  if (text === '') return `the \`${name}\``;
  return text.charAt(0).toLowerCase() + text.slice(1);
}

/** Every operation of the spec with its bucket and parameter facts, in spec order. */
export function readOperations(document: Json, bucketNames: Set<string>): OperationRow[] {
  return operationsOf(document).map(({ path, method, operation, parameters, where }) => {
    const { operationId } = operation;
    const bucket = operation['x-rate-limit-bucket'];
    const call = operation['x-sdk-call'];
    if (typeof operationId !== 'string') {
      throw new SpecConventionError(`${where} has no operationId; add one in spec/openapi.yaml.`);
    }
    if (typeof call !== 'string' || !/^[a-z][\w().]*$/i.test(call)) {
      throw new SpecConventionError(
        `${where} must name the SDK method that sends it in x-sdk-call (such as containers.list).`,
      );
    }
    if (typeof bucket !== 'string' || !bucketNames.has(bucket)) {
      throw new SpecConventionError(
        `${where} must name one of x-rate-limit-buckets in x-rate-limit-bucket (got ${String(bucket)}).`,
      );
    }
    const inPath = [...path.matchAll(/\{([^}]+)\}/g)].map((match) => match[1] ?? '');
    const pathParameters = inPath.map((name): [string, string] => {
      const parameter = parameters.find((p) => p.in === 'path' && p.name === name);
      if (!parameter)
        throw new SpecConventionError(`${where} does not describe path parameter {${name}}.`);
      return [name, phrase(parameter.description, name)];
    });
    const query = parameters
      .filter((parameter) => parameter.in === 'query')
      .map((parameter): [string, QueryRow, QueryInfo] => {
        const named = `${where} ${String(parameter.name)}`;
        checkQueryStyle(document, parameter, named);
        return [
          String(parameter.name),
          queryRow(document, parameter, named),
          queryInfo(document, parameter),
        ];
      });
    return { operationId, call, method: method.toUpperCase(), path, bucket, pathParameters, query };
  });
}

function renderQueryRow(row: QueryRow): string {
  const members = [`type: '${row.type}'`];
  if (row.required) members.push('required: true');
  if (row.values !== undefined) members.push(`values: ${enumSource(row)}`);
  if (row.open !== undefined) members.push(`open: ${row.open}`);
  if (row.minimum !== undefined) members.push(`minimum: ${row.minimum}`);
  if (row.maximum !== undefined) members.push(`maximum: ${row.maximum}`);
  return `{ ${members.join(', ')} }`;
}

function renderRow(op: OperationRow): string {
  const pathParameters = op.pathParameters
    .map(([name, description]) => `${name}: ${JSON.stringify(description)}`)
    .join(', ');
  const query = op.query.map(
    ([name, row]) =>
      `      ${JSON.stringify(name).replace(/^"([a-z_]+)"$/, '$1')}: ${renderQueryRow(row)},`,
  );
  return [
    `  ${op.operationId}: {`,
    `    method: '${op.method}',`,
    `    path: '${op.path}',`,
    `    bucket: '${op.bucket}',`,
    `    pathParameters: {${pathParameters ? ` ${pathParameters} ` : ''}},`,
    query.length > 0 ? `    query: {\n${query.join('\n')}\n    },` : '    query: {},',
    '  },',
  ].join('\n');
}

/** One rate-limit bucket as the generated table holds it. */
export interface BucketRow {
  name: string;
  limit: number;
  windowMs: number;
}

/** The text of `generated/operations.ts`. */
export function renderOperations(
  header: string,
  operations: OperationRow[],
  buckets: BucketRow[],
): string {
  const lists = valueLists(operations.flatMap((op) => op.query.map(([, row]) => row)));
  const imports = lists.length > 0 ? `import { ${lists.join(', ')} } from './enums.js';\n\n` : '';
  const bucketLines = buckets.map(
    (b) => `  ${b.name}: { limit: ${b.limit}, windowMs: ${b.windowMs} },`,
  );
  return `${header}
${imports}/** What the spec says about one query parameter of an operation. */
export interface QueryParameterFacts {
  /** \`integer\`, \`number\`, \`string\`, \`boolean\`, \`date-time\`, \`enum\`, or \`include\` (a list of the values in \`values\`). */
  readonly type: 'integer' | 'number' | 'string' | 'boolean' | 'date-time' | 'enum' | 'include';
  /** Whether the operation needs it. */
  readonly required?: boolean;
  /** The known values of an enumeration, or the values \`include\` accepts. */
  readonly values?: readonly string[];
  /** Whether the service accepts values beyond \`values\` (the spec's open enumerations, \`anyOf\` the known values and a string). */
  readonly open?: boolean;
  /** The smallest number accepted. */
  readonly minimum?: number;
  /** The largest number accepted. */
  readonly maximum?: number;
}

/** One REST operation: method, path template, rate-limit bucket and the facts of its parameters. */
export interface OperationFacts {
  readonly method: string;
  /** Relative to the \`/v2\` base. */
  readonly path: string;
  readonly bucket: string;
  /** Each \`{name}\` of the path, in order, with what it is (the spec's description). */
  readonly pathParameters: Readonly<Record<string, string>>;
  /** Each query parameter by its wire name (\`filter[status]\`, \`page[size]\`). */
  readonly query: Readonly<Record<string, QueryParameterFacts>>;
}

/** Every REST operation of the spec, by operationId. */
export const operations = {
${operations.map(renderRow).join('\n')}
} as const satisfies Record<string, OperationFacts>;

/** The operationId of a REST operation. */
export type OperationId = keyof typeof operations;

/** The SDK method (\`group.method\`) that sends each operation, as messages name it (the spec's \`x-sdk-call\`). */
export const CALL_NAMES = {
${operations.map((op) => `  ${op.operationId}: '${op.call}',`).join('\n')}
} as const satisfies Record<OperationId, string>;

/** Rate-limit buckets (per API key, rolling window): requests allowed per \`windowMs\`. */
export const rateLimitBuckets = {
${bucketLines.join('\n')}
} as const;

/** The name of a rate-limit bucket. */
export type RateLimitBucketName = keyof typeof rateLimitBuckets;
`;
}
