/**
 * The fast part of `scripts/example-add-operation.ts`: on a copy of the
 * workspace, adding a plain list operation to the spec and running the
 * generator yields its SDK parameters, CLI options and mock reader, and the
 * rest takes three more files (the script's `tsc` run proves they compile).
 */
import { execFileSync } from 'node:child_process';
import { readFileSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, expect, it } from 'vitest';
import { applyExample, copyWorkspace } from '../scripts/example-add-operation.js';

let root = '';
afterAll(() => {
  if (root !== '') rmSync(root, { recursive: true, force: true });
});

it('adds a list operation with the spec, the generator and four files edited by hand', () => {
  root = copyWorkspace();
  const spec = applyExample(root, 'spec');
  execFileSync('npx', ['tsx', 'scripts/generate.ts'], { cwd: root });
  const generated = (path: string) => readFileSync(join(root, path), 'utf8');
  expect(generated('packages/sdk/src/generated/operations.ts')).toContain(
    "listTerminals: 'terminals.list',",
  );
  expect(generated('packages/sdk/src/generated/parameters.ts')).toContain(
    'export interface ListTerminalsFilter {',
  );
  expect(generated('packages/cli/src/generated/options.ts')).toContain(
    'export const LIST_TERMINALS_OPTIONS = {',
  );
  expect(generated('packages/mock-server/src/generated/queries.ts')).toContain(
    'export function readListTerminalsQuery(',
  );
  const edited = applyExample(root, 'hand-edits');
  expect([...new Set([...spec, ...edited])]).toHaveLength(4);
}, 120_000);
