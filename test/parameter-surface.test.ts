/**
 * One parameter surface: per operation that takes optional query
 * parameters, the names the spec documents, the names the SDK puts on the
 * wire, the names the CLI's command sends through the SDK, the names the
 * mock's typed reader returns and the names the mock accepts over real HTTP
 * must agree. Each layer is asked at runtime (the spec read here, the SDK
 * and the CLI called against the real mock, the mock's readers called), so
 * a filter added to one layer and not another fails here, naming it.
 */
import { DEMO_API_KEY, type RunningMockServer, startMockServer } from '@shiptrack/mock-server';
import { createClient, type ShiptrackClient } from '@shiptrack/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { Operation } from '../packages/cli/src/commands/operation.js';
import { OPERATIONS } from '../packages/cli/src/commands/operations/index.js';
import type { OptionSpec } from '../packages/cli/src/commands/option-specs.js';
import * as mockQueries from '../packages/mock-server/src/generated/queries.js';
import { CALL_NAMES } from '../packages/sdk/src/generated/operations.js';
import { isSpecObject, loadSpec, type SpecObject } from '../test-support/spec-document.js';

const SAMPLE_ID = '0b9f5f4e-2b8a-4c1e-9d3f-5a6b7c8d9e0f';
const PAGE = ['page[number]', 'page[size]'];

/** One operation as the spec describes it, read here without the generator. */
interface SpecOperation {
  operationId: string;
  method: string;
  path: string;
  /** Each query parameter's wire name and schema, `$ref`s followed. */
  query: Map<string, { schema: SpecObject; name?: string; required: boolean }>;
}

function resolved(spec: SpecObject, value: unknown): { schema: SpecObject; name?: string } {
  if (!isSpecObject(value)) return { schema: {} };
  if (typeof value.$ref !== 'string') return { schema: value };
  let target: unknown = spec;
  for (const segment of value.$ref.replace(/^#\//, '').split('/')) {
    target = isSpecObject(target) ? target[segment] : undefined;
  }
  const name = value.$ref.startsWith('#/components/schemas/')
    ? value.$ref.split('/').pop()
    : undefined;
  return { ...resolved(spec, target), ...(name === undefined ? {} : { name }) };
}

function specOperations(): SpecOperation[] {
  const spec = loadSpec();
  const rows: SpecOperation[] = [];
  for (const [path, item] of Object.entries(isSpecObject(spec.paths) ? spec.paths : {})) {
    if (!isSpecObject(item)) continue;
    for (const method of ['get', 'post', 'put', 'patch', 'delete']) {
      const operation = item[method];
      if (!isSpecObject(operation) || typeof operation.operationId !== 'string') continue;
      const query: SpecOperation['query'] = new Map();
      for (const list of [item.parameters, operation.parameters]) {
        for (const entry of Array.isArray(list) ? list : []) {
          const parameter = resolved(spec, entry).schema;
          if (parameter.in !== 'query') continue;
          query.set(String(parameter.name), {
            ...resolved(spec, parameter.schema),
            required: parameter.required === true,
          });
        }
      }
      rows.push({ operationId: operation.operationId, method: method.toUpperCase(), path, query });
    }
  }
  return rows;
}

const SPEC_OPERATIONS = specOperations();
/** The operations a caller passes one options object of optional query parameters to. */
const SURFACE = SPEC_OPERATIONS.filter(
  (op) => op.query.size > 0 && [...op.query.values()].every((p) => !p.required),
);

/** The first value an enumeration (direct, `$ref`'d or `anyOf`) accepts. */
function firstEnum(schema: SpecObject): unknown {
  if (Array.isArray(schema.enum)) return schema.enum[0];
  for (const member of Array.isArray(schema.anyOf) ? schema.anyOf : []) {
    const found = firstEnum(resolved(loadSpec(), member).schema);
    if (found !== undefined) return found;
  }
  return undefined;
}

/** A value the spec accepts for a parameter, as the SDK takes it. */
function sample(wire: string, parameter: { schema: SpecObject; name?: string }): unknown {
  const { schema, name } = parameter;
  if (wire === 'include') return [firstEnum(resolved(loadSpec(), schema.items).schema)];
  if (schema.type === 'integer') return typeof schema.minimum === 'number' ? schema.minimum : 1;
  if (schema.type === 'boolean') return true;
  if (schema.format === 'date-time') return '2025-01-01T00:00:00Z';
  const known = firstEnum(schema);
  if (known !== undefined) return known;
  if (name === 'Locode') return 'NLRTM';
  if (name === 'ResourceId' || schema.format === 'uuid') return SAMPLE_ID;
  return 'X';
}

/** The SDK's argument path of a wire name, by its documented rule (`filter[created_at][start]` -> filter.createdAt.start). */
function argumentPath(wire: string): string[] {
  if (wire === 'page[number]') return ['page'];
  if (wire === 'page[size]') return ['pageSize'];
  return (wire.match(/[^[\]]+/g) ?? []).map((s) =>
    s.replace(/_([a-z])/g, (_, c: string) => c.toUpperCase()),
  );
}

function optionsFor(op: SpecOperation): Record<string, unknown> {
  const options: Record<string, unknown> = {};
  for (const [wire, parameter] of op.query) {
    const path = argumentPath(wire);
    let level = options;
    path.slice(0, -1).forEach((segment) => {
      const next = level[segment];
      level[segment] = isSpecObject(next) ? next : {};
      level = level[segment] as Record<string, unknown>; // just set to an object above
    });
    level[path[path.length - 1] ?? wire] = sample(wire, parameter);
  }
  return options;
}

/** Which operation a request is, by method and path template. */
function operationOf(method: string, url: URL): SpecOperation | undefined {
  const path = url.pathname.replace(/^\/v2/, '');
  return SPEC_OPERATIONS.find(
    (op) =>
      op.method === method && new RegExp(`^${op.path.replace(/\{[^}]+\}/g, '[^/]+')}$`).test(path),
  );
}

let server: RunningMockServer;
let sent: { method: string; url: URL; status: number }[] = [];
let client: ShiptrackClient;

beforeAll(async () => {
  server = await startMockServer({
    port: 0,
    rateLimits: false,
    logger: { info: () => {}, warn: () => {}, error: () => {} },
  });
  client = createClient({
    apiKey: DEMO_API_KEY,
    baseUrl: server.url,
    maxRetries: 0,
    fetch: async (input, init) => {
      const request = new Request(input, init);
      const response = await fetch(request);
      sent.push({ method: request.method, url: new URL(request.url), status: response.status });
      return response;
    },
  });
});
afterAll(() => server?.close());

/** Calls the SDK method that sends an operation (`containers.transportEvents`), ids first. */
async function callSdk(op: SpecOperation, options: Record<string, unknown>): Promise<void> {
  const names = CALL_NAMES[op.operationId as keyof typeof CALL_NAMES].split('.');
  let target: unknown = client;
  let owner: unknown;
  for (const name of names) {
    owner = target;
    target = (target as Record<string, unknown>)[name]; // walking the client's own members
  }
  const ids = [...op.path.matchAll(/\{[^}]+\}/g)].map(() => SAMPLE_ID);
  if (typeof target !== 'function') throw new Error(`${names.join('.')} is not an SDK method`);
  await Promise.resolve(target.call(owner, ...ids, options)).catch(() => undefined);
}

function queryNames(url: URL): string[] {
  return [...new Set(url.searchParams.keys())].sort();
}

describe('every layer accepts the parameters the spec documents', () => {
  it('the CLI sends, through the SDK, every parameter of the operation its command calls', async () => {
    // Helpers (`containers timeline`, `tracking-requests find-existing`) reach an operation
    // too; the operation's own command is the one that sends the most of its parameters.
    const best = new Map<string, { name: string; missing: string[] }>();
    // The surface's operations are lists and gets; the last assertion catches one reached otherwise.
    for (const command of OPERATIONS.filter((c) => c.list || c.verb === 'get')) {
      const name = `${command.group} ${command.verb ?? ''}`.trim();
      const op = await operationOfCommand(command);
      if (op === undefined || !SURFACE.includes(op)) continue;
      sent = [];
      await runCommand(command, everyOption(command, op));
      const request = sent.find((r) => operationOf(r.method, r.url) === op);
      const got = request ? queryNames(request.url) : [];
      const missing = [...op.query.keys()].filter((wire) => !got.includes(wire));
      const known = best.get(op.operationId);
      if (known === undefined || missing.length < known.missing.length) {
        best.set(op.operationId, { name, missing });
      }
    }
    const gaps = [...best]
      .filter(([, { missing }]) => missing.length > 0)
      .map(([id, { name, missing }]) => `${name} (${id}) lacks ${missing.join(', ')}`);
    expect(gaps).toEqual([]);
    // Every operation of the surface has a command (the CLI's coverage test names a missing one).
    expect([...best.keys()].sort()).toEqual(SURFACE.map((op) => op.operationId).sort());
  }, 60_000);

  it.each(SURFACE.map((op) => [op.operationId, op] as const))(
    '%s: the SDK sends each of them, and the mock accepts them over HTTP',
    async (_id, op) => {
      sent = [];
      await callSdk(op, optionsFor(op));
      const [request] = sent;
      expect(request && queryNames(request.url)).toEqual([...op.query.keys()].sort());
      expect(request?.status).not.toBe(400);
    },
  );

  it.each(SURFACE.map((op) => [op.operationId, op] as const))(
    '%s: the mock reads each filter with its typed reader',
    (_id, op) => {
      const name = `read${op.operationId.charAt(0).toUpperCase()}${op.operationId.slice(1)}Query`;
      const reader = (mockQueries as Record<string, unknown>)[name];
      const filters = [...op.query.keys()].filter((w) => w !== 'include' && !PAGE.includes(w));
      if (filters.length === 0) return expect(reader).toBeUndefined();
      if (typeof reader !== 'function') throw new Error(`the mock has no ${name}`);
      const params = new URLSearchParams();
      for (const wire of filters) {
        const value = sample(wire, op.query.get(wire) ?? { schema: {} });
        params.set(wire, String(value));
      }
      const read: unknown = reader(params);
      const defined = Object.entries(isSpecObject(read) ? read : {}).filter(
        ([, v]) => v !== undefined,
      );
      expect(defined).toHaveLength(filters.length);
    },
  );
});

/** The options a command's required options, or all of them, parse to. */
function everyOption(command: Operation, op: SpecOperation): Record<string, unknown> {
  const values: Record<string, unknown> = {};
  for (const [key, spec] of Object.entries(command.options)) {
    const value = optionSample(spec, op);
    if (value !== undefined) values[key] = value;
  }
  return values;
}

/** A value an option spec parses: a choice, a value of the operation's enumerations, else "1". */
function optionSample(spec: OptionSpec<unknown>, op: SpecOperation | undefined): unknown {
  if (spec.takes === 'flag') return spec.parse(true);
  const candidates = [
    ...(spec.choices ?? []),
    ...[...(op?.query ?? [])].flatMap(([wire, p]) => [sample(wire, p)].flat().map(String)),
    '1',
  ];
  for (const candidate of candidates) {
    try {
      return spec.parse(spec.takes === 'list' ? [candidate] : candidate);
    } catch {
      // not this one
    }
  }
  return undefined;
}

async function runCommand(command: Operation, options: Record<string, unknown>): Promise<void> {
  const args = command.args.map((arg) => (arg.name === 'event' ? 'container.updated' : SAMPLE_ID));
  const call = { format: 'raw' as const, signal: new AbortController().signal };
  await Promise.resolve()
    .then(() =>
      command.list
        ? command.run(client, args, options, { ...call, page: 1, pageSize: 1 })
        : command.run(client, args, options, call),
    )
    .catch(() => undefined);
}

/** The operation a command's SDK call sends, from the requests it makes with its required options. */
async function operationOfCommand(command: Operation): Promise<SpecOperation | undefined> {
  const required = Object.fromEntries(
    Object.entries(command.options).flatMap(([key, spec]) =>
      spec.mandatory ? [[key, optionSample(spec, undefined)]] : [],
    ),
  );
  sent = [];
  await runCommand(command, required);
  const last = sent[sent.length - 1];
  return last === undefined ? undefined : operationOf(last.method, last.url);
}
