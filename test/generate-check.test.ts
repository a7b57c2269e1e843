/**
 * `pnpm generate:check` (run by `pnpm test`) fails when a file written from
 * the spec differs from it, including the parts of hand-written files it
 * writes: the SDK README's method table and `client.ts`'s method lists.
 * and the CLI's generated commands and README table, and the SDK's sample
 * deliveries, written from the mock's. Checked on a copy of
 * the workspace whose spec is changed; and the generator refuses an
 * operation it cannot write that is not listed as hand-written, and a
 * request body the mock's readers cannot read that is not listed as read
 * by hand.
 */
import { spawnSync } from 'node:child_process';
import { readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { copyWorkspace } from '../scripts/example-add-operation.js';

let root = '';
beforeAll(() => {
  root = copyWorkspace();
}, 300_000);
afterAll(() => {
  if (root !== '') rmSync(root, { recursive: true, force: true });
});

/** Runs the generator in the copy; its exit status and what it printed. */
function generate(...args: string[]) {
  const run = spawnSync('npx', ['tsx', 'scripts/generate.ts', ...args], {
    cwd: root,
    encoding: 'utf8',
  });
  return { status: run.status, output: `${run.stdout}${run.stderr}` };
}

/** Replaces `from` (which must occur once) in a file of the copy; returns the undo. */
function edit(file: string, from: string, to: string): () => void {
  const path = join(root, file);
  const text = readFileSync(path, 'utf8');
  expect(text.split(from)).toHaveLength(2);
  writeFileSync(path, text.replace(from, to));
  return () => writeFileSync(path, text);
}

it('passes on the workspace as committed, and names every file a renamed method changes', () => {
  expect(generate('--check')).toMatchObject({ status: 0 });
  edit('spec/openapi.yaml', 'x-sdk-call: webhooks.list\n', 'x-sdk-call: webhooks.all\n');
  const { status, output } = generate('--check');
  expect(status).toBe(1);
  for (const file of [
    'packages/sdk/src/generated/operations.ts',
    'packages/sdk/src/generated/resources/webhooks.ts',
    'packages/sdk/README.md',
    'packages/sdk/src/client.ts',
    'packages/cli/src/generated/operations.ts',
    'packages/cli/README.md',
  ]) {
    expect(output).toContain(`  ${file}\n`);
  }
  generate();
  const readme = readFileSync(join(root, 'packages/sdk/README.md'), 'utf8');
  expect(readme).toContain('| `client.webhooks` | `all`, `create`, `get`,');
  expect(readFileSync(join(root, 'packages/sdk/src/client.ts'), 'utf8')).toContain(
    '/** Webhooks: all, create, get,',
  );
  expect(readFileSync(join(root, 'packages/cli/README.md'), 'utf8')).toContain(
    '| `webhooks all\\|create\\|get\\|',
  );
  expect(readFileSync(join(root, 'packages/cli/src/generated/operations.ts'), 'utf8')).toContain(
    'run: (client, _args, _o, call) => client.webhooks.all(call),',
  );
  expect(generate('--check')).toMatchObject({ status: 0 });
}, 300_000);

it('fails when a summary changes: the generated doc comment follows the spec', () => {
  edit('spec/openapi.yaml', 'summary: Get a terminal\n', 'summary: Fetch one terminal\n');
  const { status, output } = generate('--check');
  expect(status).toBe(1);
  expect(output).toContain('  packages/sdk/src/generated/resources/terminals.ts\n');
  generate();
  expect(
    readFileSync(join(root, 'packages/sdk/src/generated/resources/terminals.ts'), 'utf8'),
  ).toContain('Fetch one terminal (`GET /terminals/{id}`).');
}, 300_000);

it("fails when the mock's samples change: the SDK's samples are the mock's", () => {
  edit(
    'packages/mock-server/src/engine/webhooks/samples.ts',
    "failedReason: failed ? 'not_found' : null,",
    "failedReason: failed ? 'retries_exhausted' : null,",
  );
  const { status, output } = generate('--check');
  expect(status).toBe(1);
  expect(output).toContain('  packages/sdk/src/generated/sample-deliveries.ts\n');
  generate();
  expect(
    readFileSync(join(root, 'packages/sdk/src/generated/sample-deliveries.ts'), 'utf8'),
  ).toContain('"failed_reason":"retries_exhausted"');
  expect(generate('--check')).toMatchObject({ status: 0 });
}, 300_000);

/**
 * Runs `generate --check` with `from` replaced by `to` in `file`, expects it
 * to refuse, and undoes the edit; returns what it printed.
 */
function refusal(file: string, from: string, to: string): string {
  const undo = edit(file, from, to);
  const { status, output } = generate('--check');
  expect(status).not.toBe(0);
  undo();
  return output;
}

it('refuses an operation it cannot write that is not listed as written by hand, and a stale listing', () => {
  const overrides = 'scripts/parameters/sdk-overrides.ts';
  const unmappedPlain = refusal(
    overrides,
    "  ContainerMapFeatureCollection: { map: 'mapContainerMap', type: 'ContainerMap' },\n",
    '',
  );
  expect(unmappedPlain).toContain(
    'GET /containers/{id}/map_geojson (containers.map) answers plain JSON, not a JSON:API document, and PLAIN_ANSWERS does not map it',
  );
  expect(unmappedPlain).toContain('HAND_WRITTEN (scripts/parameters/sdk-overrides.ts)');
  expect(
    refusal(
      'spec/openapi.yaml',
      'x-sdk-call: webhooks.events\n',
      'x-sdk-call: webhooks.eventNames\n',
    ),
  ).toContain(
    "HAND_WRITTEN (scripts/parameters/sdk-overrides.ts) names webhooks.events, which no operation's x-sdk-call sends; remove it.",
  );
  expect(
    refusal(
      overrides,
      "  WebhookIps: { map: 'mapWebhookIps', type: 'MappedWebhookIps' },\n",
      "  WebhookIps: { map: 'mapWebhookIps', type: 'MappedWebhookIps' },\n  Nowhere: { map: 'mapNowhere', type: 'MappedNowhere' },\n",
    ),
  ).toContain(
    'PLAIN_ANSWERS (scripts/parameters/sdk-overrides.ts) maps Nowhere, which no generated method answers; remove it.',
  );
  expect(
    refusal(overrides, "type: 'MappedWebhookIps' }", "type: 'MappedWebhookAddresses' }"),
  ).toContain(
    'PLAIN_ANSWERS names MappedWebhookAddresses, which no module of packages/sdk/src/mapped/ exports.',
  );
  expect(refusal(overrides, "  'shipments.update': 'builds and checks the body',\n", '')).toContain(
    'PATCH /shipments/{id} (shipments.update) takes a body with more than the identifier of its record',
  );
  expect(generate('--check')).toMatchObject({ status: 0 });
}, 300_000);

it("refuses a request body the mock's generated readers cannot read that is not listed as read by hand", () => {
  const unlisted = edit(
    'scripts/parameters/mock-bodies.ts',
    "  InferNumberRequest: 'a plain JSON object, not a JSON:API document',\n",
    '',
  );
  const plain = generate('--check');
  expect(plain.status).not.toBe(0);
  expect(plain.output).toContain(
    '#/components/schemas/InferNumberRequest: a JSON:API body needs data.type',
  );
  unlisted();
  const unreadable = edit(
    'spec/openapi.yaml',
    '                  minimum: 0\n    CustomFieldOptionUpdateRequest:',
    '    CustomFieldOptionUpdateRequest:',
  );
  const { status, output } = generate('--check');
  expect(status).not.toBe(0);
  expect(output).toContain(
    '#/components/schemas/CustomFieldOptionCreateRequest: the mock has no reader for attribute position',
  );
  unreadable();
  expect(generate('--check')).toMatchObject({ status: 0 });
}, 300_000);

it('refuses a CLI command it cannot write that is not listed as written by hand', () => {
  edit(
    'scripts/parameters/cli-overrides.ts',
    "  'customFieldDefinitions.options.get': 'two positional arguments',\n",
    '',
  );
  const { status, output } = generate('--check');
  expect(status).not.toBe(0);
  expect(output).toContain(
    'customFieldDefinitions.options.get takes path parameters definition_id, option_id',
  );
  expect(output).toContain('list it in CLI_HAND_WRITTEN');
}, 300_000);
