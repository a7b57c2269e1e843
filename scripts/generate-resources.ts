/**
 * The SDK's pass-through resource methods (`packages/sdk/src/generated/resources/`):
 * every operation whose method is one call of the core client (`one`,
 * `list`, `none`, or `plain` with the mapping `PLAIN_ANSWERS` names; no
 * body, or one that only names the record of the path) is written from the spec: its name from `x-sdk-call`, its path arguments, its parameters
 * (`generated/parameters.ts`), its raw and mapped result types, and its
 * doc comment from the operation's summary and description.
 *
 * A group with no hand-written method is generated whole under its public
 * name (`ShippingLines`); a group with some is generated as `<Name>Base`,
 * which the hand-written class in `resources/` extends. The methods written
 * by hand are listed in `parameters/sdk-overrides.ts` with the reason; the
 * generator refuses an operation it cannot write that is not listed there.
 * See docs/decisions/0023-generated-resource-methods.md.
 */
import { readdirSync, readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { answeredSchema, identifierBodyOf, primaryOf } from './generate/operation-shapes.js';
import {
  type GeneratedFile,
  type Json,
  oneLine,
  operationsOf,
  SpecConventionError,
} from './generate/spec.js';
import type { OperationRow } from './generate-operations.js';
import { rawTypeName } from './generate-raw-documents.js';
import {
  CLASS_NAMES,
  GROUP_DOCS,
  HAND_WRITTEN,
  PATH_ARGUMENTS,
  PLAIN_ANSWERS,
} from './parameters/sdk-overrides.js';
import { docText, pascal, surfaceOf } from './parameters/surface.js';

/** How a generated method calls the core client. */
type Kind = 'one' | 'list' | 'none' | 'plain';

/** One generated method. */
export interface GeneratedMethod {
  operationId: string;
  /** `containers.list`. */
  call: string;
  /** `containers`, `customFieldDefinitions.options`. */
  group: string;
  /** `list`. */
  name: string;
  kind: Kind;
  /** `GET /containers`. */
  where: string;
  summary: string;
  description: string;
  /** Argument names of the path parameters, in path order. */
  pathArguments: readonly string[];
  /** The generated parameters type (`ListContainersParams`), when the operation has query parameters. */
  params?: string;
  /** Raw type of the answered document (`RawContainerDocument`), and of a list's item. */
  rawDocument?: string;
  rawItem?: string;
  /** The JSON:API type of the primary data (`container`). */
  dataType?: string;
  /** How a plain-JSON answer is mapped (`PLAIN_ANSWERS`). */
  plain?: { map: string; type: string };
  /** The JSON:API type of a body that only names the record of the path (`{ data: { type, id } }`). */
  identifierBody?: string;
}

/** The SDK call's group: everything before the method name. */
function groupOf(call: string): string {
  return call.includes('.') ? call.slice(0, call.lastIndexOf('.')) : '';
}

/** Whether `call` is written by hand: listed, or a call through a method taking an argument. */
export function isHandWritten(call: string): boolean {
  return call in HAND_WRITTEN || call.includes('()') || !call.includes('.');
}

/** `customFieldDefinitions.options` -> `CustomFieldOptions`, `shippingLines` -> `ShippingLines`. */
export function classOf(group: string): string {
  return CLASS_NAMES[group] ?? pascal(group.split('.').pop() ?? group);
}

/** `ShippingLines` -> `shipping-lines`. */
export function kebab(name: string): string {
  return name.replace(/([a-z0-9])([A-Z])/g, '$1-$2').toLowerCase();
}

/** The camelCase argument of a path parameter (`definition_id` -> `definitionId`). */
function camel(name: string): string {
  return name.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase());
}

/**
 * Every generated method, in spec order. Throws when an operation is
 * neither written by hand nor a pass-through the generator can write.
 */
export function generatedMethods(document: Json, rows: readonly OperationRow[]): GeneratedMethod[] {
  const byId = new Map(rows.map((row) => [row.operationId, row]));
  const stale = Object.keys(HAND_WRITTEN).filter((call) => !rows.some((row) => row.call === call));
  if (stale.length > 0) {
    throw new SpecConventionError(
      `HAND_WRITTEN (scripts/parameters/sdk-overrides.ts) names ${stale.join(', ')}, which no operation's x-sdk-call sends; remove it.`,
    );
  }
  const methods: GeneratedMethod[] = [];
  const plainUsed = new Set<string>();
  for (const { operation, where } of operationsOf(document)) {
    const row = byId.get(String(operation.operationId));
    if (row === undefined || isHandWritten(row.call)) continue;
    const refuse = (why: string): never => {
      throw new SpecConventionError(
        `${where} (${row.call}) ${why}: the generator writes only a method that is one call of the core client. Write it by hand in packages/sdk/src/resources/ and list it in HAND_WRITTEN (scripts/parameters/sdk-overrides.ts).`,
      );
    };
    const names =
      PATH_ARGUMENTS[row.operationId] ?? row.pathParameters.map(([name]) => camel(name));
    const identifierBody =
      operation.requestBody === undefined
        ? undefined
        : (identifierBodyOf(document, operation, names.length) ??
          refuse('takes a body with more than the identifier of its record'));
    if (row.query.some(([, query]) => query.required)) refuse('has a required query parameter');
    const answer = answeredSchema(operation);
    const base = {
      operationId: row.operationId,
      call: row.call,
      group: groupOf(row.call),
      name: row.call.slice(row.call.lastIndexOf('.') + 1),
      where,
      summary: oneLine(operation.summary),
      description: oneLine(operation.description),
      pathArguments: names,
      params: surfaceOf(row) === undefined ? undefined : `${pascal(row.operationId)}Params`,
      ...(identifierBody === undefined ? {} : { identifierBody }),
    };
    if (identifierBody !== undefined && primaryOf(document, answer?.schema ?? '')?.list !== false) {
      refuse('sends its record identifier but does not answer that one record');
    }
    if (answer?.schema === undefined) {
      if (row.method !== 'DELETE') refuse('answers no document');
      methods.push({ ...base, kind: 'none' });
      continue;
    }
    const plain = PLAIN_ANSWERS[answer.schema];
    if (plain !== undefined) {
      plainUsed.add(answer.schema);
      methods.push({ ...base, kind: 'plain', rawDocument: rawTypeName(answer.schema), plain });
      continue;
    }
    const found =
      primaryOf(document, answer.schema) ??
      refuse('answers plain JSON, not a JSON:API document, and PLAIN_ANSWERS does not map it');
    methods.push({
      ...base,
      kind: found.list ? 'list' : 'one',
      rawDocument: rawTypeName(answer.schema),
      rawItem: found.list ? rawTypeName(found.item) : undefined,
      dataType: found.type,
    });
  }
  const unused = Object.keys(PLAIN_ANSWERS).filter((schema) => !plainUsed.has(schema));
  if (unused.length > 0) {
    throw new SpecConventionError(
      `PLAIN_ANSWERS (scripts/parameters/sdk-overrides.ts) maps ${unused.join(', ')}, which no generated method answers; remove it.`,
    );
  }
  return methods;
}

/** The mapped model of each JSON:API type and the module it lives in, read from `mapped/models.ts`. */
function mappedModels(repoRoot: string): Map<string, { name: string; module: string }> {
  const source = readFileSync(resolve(repoRoot, 'packages/sdk/src/mapped/models.ts'), 'utf8');
  const moduleOf = new Map<string, string>();
  for (const match of source.matchAll(/import type \{([^}]*)\} from '\.\/([\w-]+)\.js';/g)) {
    for (const name of (match[1] ?? '').split(',')) moduleOf.set(name.trim(), match[2] ?? '');
  }
  const models = new Map<string, { name: string; module: string }>();
  for (const match of source.matchAll(/^ {2}(\w+): (Mapped\w+);$/gm)) {
    const [, type = '', name = ''] = match;
    const module = moduleOf.get(name);
    if (module !== undefined) models.set(type, { name, module });
  }
  return models;
}

/** The module of `packages/sdk/src/mapped/` that declares each exported function and type. */
function mappedExports(repoRoot: string): Map<string, string> {
  const dir = resolve(repoRoot, 'packages/sdk/src/mapped');
  const modules = new Map<string, string>();
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts'))) {
    const source = readFileSync(resolve(dir, file), 'utf8');
    for (const match of source.matchAll(/^export (?:function|interface|type) (\w+)/gm)) {
      modules.set(match[1] ?? '', file.replace(/\.ts$/, ''));
    }
  }
  return modules;
}

/** The doc comment of a method: summary, route and the spec's description. */
function docComment(method: GeneratedMethod): string {
  // The route is one code span: its space must not break a line.
  const lines = [`${method.summary} (\`${method.where.replace(' ', '\u00a0')}\`).`];
  if (method.description !== '') lines.push(docText(method.description));
  if (method.kind === 'list')
    lines.push('Await it for the first page, or `for await` over every item.');
  const text = lines.join(' ');
  const words = text.split(' ');
  const out: string[] = [];
  let line = '';
  for (const word of words) {
    if (line !== '' && line.length + word.length + 1 > 90) {
      out.push(line);
      line = word;
    } else line = line === '' ? word : `${line} ${word}`;
  }
  out.push(line);
  return `  /**\n${out.map((l) => `   * ${l.replace('\u00a0', ' ')}`).join('\n')}\n   */`;
}

function renderMethod(method: GeneratedMethod, mapped: string | undefined): string {
  const args = method.pathArguments.map((name) => `${name}: string`);
  const path =
    method.pathArguments.length > 0 ? `path: { ${method.pathArguments.join(', ')} }, ` : '';
  if (method.kind === 'none') {
    return `${docComment(method)}
  ${method.name}(${[...args, 'options: RequestOptions = {}', '...extra: never[]'].join(', ')}): APIPromise<void> {
    return this.core.none('${method.operationId}', { ${path}options, extra });
  }`;
  }
  if (method.kind === 'plain') {
    return `${docComment(method)}
  ${method.name}<F extends ResponseFormat = DF>(${[...args, `options: ${method.params ?? 'CallOptions'}<F> = {}`, '...extra: never[]'].join(', ')}): APIPromise<Formatted<F, raw.${method.rawDocument}, ${mapped}>> {
    return this.core.plain('${method.operationId}', { ${path}options, extra }, ${method.plain?.map});
  }`;
  }
  const optionsName = method.kind === 'list' && method.params !== undefined ? 'params' : 'options';
  const optionsType = method.params ?? 'CallOptions';
  const result =
    method.kind === 'list'
      ? `PagePromise<Formatted<F, raw.${method.rawItem}, ${mapped}>, raw.${method.rawDocument}>`
      : `APIPromise<Formatted<F, raw.${method.rawDocument}, ${mapped}>>`;
  const options = optionsName === 'params' ? 'options: params' : 'options';
  const [record] = method.pathArguments;
  const body =
    method.identifierBody === undefined
      ? ''
      : `, body: () => ({ data: { type: '${method.identifierBody}', id: ${record}.trim() } })`;
  return `${docComment(method)}
  ${method.name}<F extends ResponseFormat = DF>(${[...args, `${optionsName}: ${optionsType}<F> = {}`, '...extra: never[]'].join(', ')}): ${result} {
    return this.core.${method.kind}('${method.operationId}', { ${path}${options}, extra${body} });
  }`;
}

/** Whether a group has a method written by hand (then its generated class is `<Name>Base`). */
export function hasHandWritten(group: string, calls: readonly string[]): boolean {
  return calls.some(
    (call) =>
      isHandWritten(call) &&
      (groupOf(call) === group || call.startsWith(`${group}.customFields()`)),
  );
}

/** The generated class of a group: its public name, or `<Name>Base` when a hand-written class extends it. */
export function generatedClassOf(group: string, calls: readonly string[]): string {
  return `${classOf(group)}${hasHandWritten(group, calls) ? 'Base' : ''}`;
}

function renderGroup(
  group: string,
  methods: readonly GeneratedMethod[],
  calls: readonly string[],
  models: Map<string, { name: string; module: string }>,
  exports: Map<string, string>,
  header: string,
): string {
  const className = generatedClassOf(group, calls);
  const mappedOf = (method: GeneratedMethod): string | undefined => {
    if (method.plain !== undefined) return method.plain.type;
    if (method.dataType === undefined) return undefined;
    // A type without a mapped model of its own keeps its camelCased members (`MappedModelOf`).
    return models.get(method.dataType)?.name ?? 'MappedResource';
  };
  const kinds = new Set(methods.map((m) => m.kind));
  const typed = methods.some((m) => m.kind !== 'none');
  const imports: string[] = [];
  if (methods.some((m) => m.kind !== 'none' && m.params === undefined)) {
    imports.push("import type { CallOptions } from '../../core/api-client.js';");
  }
  if (kinds.has('one') || kinds.has('none') || kinds.has('plain')) {
    imports.push("import type { APIPromise } from '../../core/api-promise.js';");
  }
  if (typed) imports.push("import type { Formatted, ResponseFormat } from '../../core/format.js';");
  else imports.push("import type { ResponseFormat } from '../../core/format.js';");
  if (kinds.has('list'))
    imports.push("import type { PagePromise } from '../../core/pagination.js';");
  if (kinds.has('none'))
    imports.push("import type { RequestOptions } from '../../core/transport.js';");
  const params = [
    ...new Set(methods.flatMap((m) => (m.params === undefined ? [] : [m.params]))),
  ].sort();
  if (params.length > 0)
    imports.push(`import type { ${params.join(', ')} } from '../parameters.js';`);
  if (typed) imports.push("import type * as raw from '../raw-documents.js';");
  const byModule = new Map<string, Set<string>>();
  const mappers = new Map<string, Set<string>>();
  const moduleOf = (name: string): string => {
    const module = exports.get(name);
    if (module === undefined) {
      throw new SpecConventionError(
        `PLAIN_ANSWERS names ${name}, which no module of packages/sdk/src/mapped/ exports.`,
      );
    }
    return module;
  };
  for (const { plain } of methods) {
    if (plain === undefined) continue;
    const type = plain.type.replace(/\[\]$/, '');
    byModule.set(moduleOf(type), (byModule.get(moduleOf(type)) ?? new Set()).add(type));
    mappers.set(
      moduleOf(plain.map),
      (mappers.get(moduleOf(plain.map)) ?? new Set()).add(plain.map),
    );
  }
  for (const method of methods) {
    const name = mappedOf(method);
    const model = method.dataType === undefined ? undefined : models.get(method.dataType);
    if (name === undefined || model === undefined) continue;
    byModule.set(model.module, (byModule.get(model.module) ?? new Set()).add(name));
  }
  if (methods.some((m) => m.dataType !== undefined && !models.has(m.dataType))) {
    byModule.set('common', (byModule.get('common') ?? new Set()).add('MappedResource'));
  }
  for (const [module, names] of [...byModule].sort(([a], [b]) => a.localeCompare(b))) {
    imports.push(
      `import type { ${[...names].sort().join(', ')} } from '../../mapped/${module}.js';`,
    );
  }
  for (const [module, names] of [...mappers].sort(([a], [b]) => a.localeCompare(b))) {
    imports.push(`import { ${[...names].sort().join(', ')} } from '../../mapped/${module}.js';`);
  }
  imports.push("import { Resource } from '../../resources/shared.js';");
  const role = className.endsWith('Base')
    ? `the generated methods of \`${classOf(group)}\` (\`resources/\`), which adds those written by hand`
    : `${GROUP_DOCS[group] ?? 'its operations'} (every method generated from the spec)`;
  // Plain-JSON methods last, where the hand-written classes had them: the bundles keep their
  // order, which brotli rewards (in spec order the CLI bin grew by 31 bytes).
  const ordered = [
    ...methods.filter((m) => m.kind !== 'plain'),
    ...methods.filter((m) => m.kind === 'plain'),
  ];
  return `${header}
${imports.join('\n')}

/** \`client.${group}\`: ${role}. */
export class ${className}<DF extends ResponseFormat> extends Resource<DF> {
${ordered.map((m) => renderMethod(m, mappedOf(m))).join('\n\n')}
}
`;
}

/** The generated resource classes, one file per group. */
export function resourceFiles(
  document: Json,
  rows: readonly OperationRow[],
  header: string,
  repoRoot: string,
): GeneratedFile[] {
  const methods = generatedMethods(document, rows);
  const calls = rows.map((row) => row.call);
  const models = mappedModels(repoRoot);
  const exports = mappedExports(repoRoot);
  const groups = [...new Set(methods.map((m) => m.group))];
  return groups.map((group) => ({
    path: `packages/sdk/src/generated/resources/${kebab(classOf(group))}.ts`,
    contents: renderGroup(
      group,
      methods.filter((m) => m.group === group),
      calls,
      models,
      exports,
      header,
    ),
  }));
}
