/**
 * The two paths of `docs/adding-an-operation.md`, applied to a copy of the
 * workspace (`scripts/example-add-operation.ts`, whose own run also
 * typechecks the copy): an operation returning a type the spec already has
 * is the spec and the mock's route; one returning a new type adds the
 * type's serializer. The generator writes the rest, and the new commands
 * answer through the generated CLI command, the generated SDK method and
 * the hand-written mock route.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { applyExample, copyWorkspace } from '../scripts/example-add-operation.js';

let root = '';
beforeAll(() => {
  root = copyWorkspace();
}, 300_000);
afterAll(() => {
  if (root !== '') rmSync(root, { recursive: true, force: true });
});

const generated = (path: string) => readFileSync(join(root, path), 'utf8');

/** Runs `pnpm generate` in the copy. */
function generate(...args: string[]): void {
  execFileSync('npx', ['tsx', 'scripts/generate.ts', ...args], { cwd: root, stdio: 'pipe' });
}

/** Runs the copy's `shiptrack` against its embedded mock, at a fixed time; its JSON answer. */
function shiptrack(...args: string[]): { ok: boolean; data: Record<string, unknown>[] } {
  const out = execFileSync(
    process.execPath,
    ['--conditions=shiptrack-source', '--import', 'tsx', 'packages/cli/src/bin.ts', ...args],
    {
      cwd: root,
      encoding: 'utf8',
      env: { ...process.env, SHIPTRACK_MOCK_START: '2026-11-27T13:00:00Z' },
    },
  );
  return JSON.parse(out);
}

it('adds a list of an existing type with two files edited by hand', () => {
  const spec = applyExample(root, 'existing-type', 'spec');
  generate();
  expect(generated('packages/sdk/src/generated/resources/terminals.ts')).toContain(
    "return this.core.list('listTerminals', { options: params, extra });",
  );
  expect(generated('packages/cli/src/generated/operations.ts')).toContain(
    'run: (client, _args, o, call) => client.terminals.list({ ...call, ...listTerminalsArguments(o) }),',
  );
  expect(generated('packages/mock-server/src/generated/queries.ts')).toContain(
    'export function readListTerminalsQuery(',
  );
  expect(generated('packages/sdk/README.md')).toContain('| `client.terminals` | `list`, `get` |');
  expect(generated('packages/cli/README.md')).toContain('| `terminals list\\|get` |');
  const edited = applyExample(root, 'existing-type', 'hand-edits');
  expect([...new Set([...spec, ...edited])]).toEqual([
    'spec/openapi.yaml',
    'packages/mock-server/src/http/routes/reference.ts',
  ]);
  const answer = shiptrack('terminals', 'list', '--port', 'USLAX', '--mock', '--json');
  expect(answer.ok).toBe(true);
  expect(answer.data.length).toBeGreaterThan(0);
  for (const terminal of answer.data) expect(terminal.type).toBe('terminal');
}, 300_000);

it('adds a list of a new type with its serializer as the third file', () => {
  const spec = applyExample(root, 'new-type', 'spec');
  generate();
  expect(generated('packages/sdk/src/generated/raw-documents.ts')).toContain(
    "export interface RawContainerPhoto extends SpecSchema<'ContainerPhoto'> {}",
  );
  expect(generated('packages/sdk/src/generated/resources/containers.ts')).toContain(
    'photos<F extends ResponseFormat = DF>(id: string, params: ListContainerPhotosParams<F> = {}, ...extra: never[]): PagePromise<Formatted<F, raw.RawContainerPhoto, MappedResource>, raw.RawContainerPhotoListDocument> {',
  );
  expect(generated('packages/mock-server/src/generated/resource-types.ts')).toContain(
    "'container_photo'",
  );
  const edited = applyExample(root, 'new-type', 'hand-edits');
  expect([...new Set([...spec, ...edited])]).toEqual([
    'spec/openapi.yaml',
    'packages/mock-server/src/engine/serialize/photos.ts',
    'packages/mock-server/src/http/routes/containers.ts',
  ]);
  generate('--check');
  // CMAU9155939 of the demo data was discharged and has left the terminal full: two photos.
  const answer = shiptrack('containers', 'photos', 'CMAU9155939', '--mock', '--json');
  expect(answer.ok).toBe(true);
  expect(answer.data.map((photo) => [photo.type, photo.caption])).toEqual([
    ['container_photo', 'discharged from the vessel'],
    ['container_photo', 'out of the terminal, full'],
  ]);
  expect(answer.data[0]?.takenAt).toMatch(/^2026-11-\d\dT/);
}, 300_000);
