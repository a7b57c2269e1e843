/**
 * Generates everything that is derived from `spec/openapi.yaml`:
 *
 * - `packages/sdk/src/generated/openapi.ts`: openapi-typescript types;
 * - `packages/sdk/src/generated/operations.ts`: the operation table
 *   (`generate-operations.ts`: method, path, bucket and the facts of every
 *   parameter, which the SDK checks calls against) and the rate-limit
 *   buckets, read by the SDK's and the mock's limiters;
 * - `packages/sdk/src/generated/enums.ts`: the known values of every named
 *   enum schema, one list each, shared by the SDK's mapped schemas and the mock;
 * - the parameter surface (`parameters/`): the SDK's options and filter
 *   types (`generated/parameters.ts`), the CLI's options and their mapping
 *   onto SDK arguments (`packages/cli/src/generated/options.ts`) and the
 *   mock's typed query readers (`packages/mock-server/src/generated/queries.ts`);
 * - the mock's typed request body readers (`parameters/mock-bodies.ts`:
 *   `packages/mock-server/src/generated/bodies.ts`);
 * - the mapped models' members that are plain renames of spec attributes
 *   (`generate-mapped-members.ts`: `generated/mapped-members.ts` and
 *   `generated/mapped-shapes.ts`);
 * - the SDK's table of each operation's `include` values, body and success
 *   document as types (`generate-operation-types.ts`:
 *   `generated/operation-types.ts`);
 * - the SDK's named raw types of answered documents and resources
 *   (`generate-raw-documents.ts`: `generated/raw-documents.ts`);
 * - the SDK's pass-through resource methods (`generate-resources.ts`:
 *   `generated/resources/<group>.ts`), and its method lists in the SDK
 *   README's table and `client.ts`'s doc comments (`generate-method-lists.ts`);
 * - the CLI's commands that are one SDK call and the CLI README's command
 *   table (`generate-cli-operations.ts`: `packages/cli/src/generated/operations.ts`);
 * - the mock server's small tables (`generate-mock-tables.ts`);
 * - the MCP server's container view as one HTML document
 *   (`generate-container-view.ts`, built from `packages/mcp/src/app/view/`);
 * - the SDK's sample deliveries (`@shiptrack/sdk/testing`), the mock's
 *   `sampleDelivery` of every event (`generate-sample-deliveries.ts`:
 *   `generated/sample-deliveries.ts`).
 *
 * `--check` regenerates in memory and exits 1, naming each committed file that
 * differs (the generated parts of the READMEs and `client.ts` included), so
 * CI catches a spec change without `pnpm generate` (`test/generate-check.test.ts`).
 */
import { mkdir, readFile, writeFile } from 'node:fs/promises';
import { dirname, relative, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import openapiTS, { astToString, NULL, NUMBER, oapiRef, STRING } from 'openapi-typescript';
import ts from 'typescript';
import { parse } from 'yaml';
import {
  type GeneratedFile,
  HEADER,
  isJson,
  type Json,
  oneLine,
  SpecConventionError,
  schemasOf,
} from './generate/spec.js';
import { cliOperationFiles } from './generate-cli-operations.js';
import { containerViewFiles } from './generate-container-view.js';
import { mappedMemberFiles } from './generate-mapped-members.js';
import { methodListFiles } from './generate-method-lists.js';
import { mockServerFiles } from './generate-mock-tables.js';
import { operationTypeFiles } from './generate-operation-types.js';
import {
  type BucketRow,
  listName,
  readOperations,
  renderOperations,
} from './generate-operations.js';
import { rawDocumentFiles } from './generate-raw-documents.js';
import { resourceFiles } from './generate-resources.js';
import { sampleDeliveryFiles } from './generate-sample-deliveries.js';
import { renderCliOptions } from './parameters/cli-options.js';
import { renderMockBodies } from './parameters/mock-bodies.js';
import { renderMockQueries } from './parameters/mock-readers.js';
import { renderSdkParameters } from './parameters/sdk-types.js';
import { type OperationSurface, surfaceOf } from './parameters/surface.js';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');
const specPath = resolve(repoRoot, 'spec/openapi.yaml');

function readBuckets(document: Json): BucketRow[] {
  const buckets = document['x-rate-limit-buckets'];
  if (!isJson(buckets)) {
    throw new SpecConventionError('#.x-rate-limit-buckets must be an object in spec/openapi.yaml.');
  }
  return Object.entries(buckets).map(([name, value]) => {
    if (
      !isJson(value) ||
      typeof value.limit !== 'number' ||
      typeof value.window_seconds !== 'number'
    ) {
      throw new SpecConventionError(
        `x-rate-limit-buckets.${name} needs a numeric limit and window_seconds in spec/openapi.yaml.`,
      );
    }
    return { name, limit: value.limit, windowMs: value.window_seconds * 1000 };
  });
}

/** A schema that only names a type (`{ type: string }`), with at most a description. */
function plainType(value: unknown): string | undefined {
  if (!isJson(value) || typeof value.type !== 'string') return undefined;
  return Object.keys(value).every((key) => key === 'type' || key === 'description')
    ? value.type
    : undefined;
}

/**
 * The type of an open enum: `anyOf` of named enums (`$ref`), one plain
 * `string` (or `integer`), and maybe `null`. openapi-typescript would write
 * `Known | string`, which TypeScript collapses to `string`; this writes
 * `Known | (string & {})`, which accepts any value and still autocompletes
 * the known ones.
 */
function openEnumType(schema: unknown): ts.TypeNode | undefined {
  if (!isJson(schema) || !Array.isArray(schema.anyOf)) return undefined;
  const refs: string[] = [];
  let open: ts.TypeNode | undefined;
  let nullable = false;
  for (const member of schema.anyOf) {
    const type = plainType(member);
    if (isJson(member) && typeof member.$ref === 'string') refs.push(member.$ref);
    else if (type === 'null') nullable = true;
    else if (open === undefined && (type === 'string' || type === 'integer' || type === 'number')) {
      const base = type === 'string' ? STRING : NUMBER;
      const empty = ts.factory.createTypeLiteralNode([]);
      open = ts.factory.createParenthesizedType(
        ts.factory.createIntersectionTypeNode([base, empty]),
      );
    } else return undefined;
  }
  if (refs.length === 0 || open === undefined) return undefined;
  const members = [...refs.map((ref) => oapiRef(ref)), open];
  if (nullable) members.push(NULL);
  return ts.factory.createUnionTypeNode(members);
}

/** One named enum schema of the spec: its name and its values in spec order. */
interface EnumRow {
  name: string;
  description: string;
  values: (string | number)[];
}

function readEnums(document: Json): EnumRow[] {
  const rows: EnumRow[] = [];
  for (const [name, schema] of Object.entries(schemasOf(document))) {
    if (!isJson(schema) || !Array.isArray(schema.enum)) continue;
    const values = schema.enum.filter(
      (value): value is string | number => typeof value === 'string' || typeof value === 'number',
    );
    if (values.length !== schema.enum.length) {
      throw new SpecConventionError(
        `components.schemas.${name} lists null or a non-scalar in its enum; named enums hold the known values only (make the usage nullable instead).`,
      );
    }
    rows.push({ name, description: oneLine(schema.description ?? name), values });
  }
  return rows;
}

function renderEnums(rows: EnumRow[]): string {
  const blocks = rows.map(
    (row) => `/** Known values of \`${row.name}\`: ${row.description.replaceAll('*/', '* /')} */
export const ${listName(row.name)} = ${JSON.stringify(row.values).replaceAll(',', ', ')} as const satisfies readonly Schemas['${row.name}'][];`,
  );
  return `${HEADER}
import type { components } from './openapi.js';

type Schemas = components['schemas'];

${blocks.join('\n\n')}
`;
}

async function renderTypes(document: Json): Promise<string> {
  // openapi-typescript accepts the parsed document; its OpenAPI3 type is structural.
  const ast = await openapiTS(document as unknown as Parameters<typeof openapiTS>[0], {
    transform: (schema) => openEnumType(schema),
  });
  return `${HEADER}${astToString(ast)}`;
}

async function buildOutputs(): Promise<GeneratedFile[]> {
  const source = await readFile(specPath, 'utf8');
  const parsed: unknown = parse(source);
  if (!isJson(parsed)) {
    throw new SpecConventionError('spec/openapi.yaml must hold one OpenAPI document (a mapping).');
  }
  const buckets = readBuckets(parsed);
  const operations = readOperations(parsed, new Set(buckets.map((b) => b.name)));
  const surfaces = operations.flatMap((op): OperationSurface[] => {
    const surface = surfaceOf(op);
    return surface === undefined ? [] : [surface];
  });
  return [
    { path: 'packages/sdk/src/generated/openapi.ts', contents: await renderTypes(parsed) },
    {
      path: 'packages/sdk/src/generated/operations.ts',
      contents: renderOperations(HEADER, operations, buckets),
    },
    { path: 'packages/sdk/src/generated/enums.ts', contents: renderEnums(readEnums(parsed)) },
    {
      path: 'packages/sdk/src/generated/parameters.ts',
      contents: renderSdkParameters(HEADER, surfaces),
    },
    {
      path: 'packages/cli/src/generated/options.ts',
      contents: renderCliOptions(HEADER, surfaces),
    },
    {
      path: 'packages/mock-server/src/generated/queries.ts',
      contents: renderMockQueries(HEADER, surfaces),
    },
    {
      path: 'packages/mock-server/src/generated/bodies.ts',
      contents: renderMockBodies(parsed, HEADER),
    },
    ...mappedMemberFiles(parsed, HEADER),
    ...operationTypeFiles(parsed, HEADER),
    ...rawDocumentFiles(parsed, HEADER),
    ...resourceFiles(parsed, operations, HEADER, repoRoot),
    ...methodListFiles(operations, repoRoot),
    ...cliOperationFiles(parsed, operations, HEADER, repoRoot),
    ...mockServerFiles(parsed, HEADER),
    ...(await containerViewFiles(repoRoot)),
    ...sampleDeliveryFiles(repoRoot),
  ];
}

async function readIfPresent(path: string): Promise<string | undefined> {
  try {
    return await readFile(path, 'utf8');
  } catch {
    return undefined;
  }
}

async function main(): Promise<void> {
  const check = process.argv.includes('--check');
  const outputs = await buildOutputs();
  const stale: string[] = [];
  for (const output of outputs) {
    const target = resolve(repoRoot, output.path);
    const current = await readIfPresent(target);
    if (current === output.contents) continue;
    if (check) {
      stale.push(relative(repoRoot, target));
      continue;
    }
    await mkdir(dirname(target), { recursive: true });
    await writeFile(target, output.contents);
    process.stdout.write(`wrote ${output.path}\n`);
  }
  if (stale.length > 0) {
    process.stderr.write(
      `Generated files differ from their sources (spec/openapi.yaml, packages/mcp/src/app/view, the mock's samples):\n${stale.map((p) => `  ${p}`).join('\n')}\nRun \`pnpm generate\` and commit the result.\n`,
    );
    process.exitCode = 1;
  } else if (check) {
    process.stdout.write('generated files are up to date\n');
  }
}

await main();
