/**
 * The checklist of `docs/adding-an-operation.md`, run: copies the
 * workspace's tracked files to a temporary folder (sharing its
 * `node_modules`), adds a plain list operation (`GET /terminals`,
 * `listTerminals`) to the spec, runs `pnpm generate`, makes the hand edits
 * (the spec, one SDK method, one mock handler, one CLI entry with its
 * summary and example) and typechecks the copy. It prints the files it
 * edited by hand, and fails if the copy does not typecheck.
 *
 *   pnpm tsx scripts/example-add-operation.ts [--keep] [--no-typecheck]
 *
 * `exampleEdits` is exported for the test of its fast part (the spec edit
 * and the generator).
 */
import { execFileSync } from 'node:child_process';
import {
  cpSync,
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  realpathSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { tmpdir } from 'node:os';
import { dirname, join, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';

const repoRoot = resolve(dirname(fileURLToPath(import.meta.url)), '..');

/** One hand edit: the text inserted before (or after) an anchor of a file. */
interface HandEdit {
  file: string;
  anchor: string;
  text: string;
  where: 'before' | 'after';
}

const SPEC_PATH = `  /terminals:
    get:
      operationId: listTerminals
      x-sdk-call: terminals.list
      x-rate-limit-bucket: default
      tags: [Reference Data]
      summary: List terminals
      description: The ocean terminals the service knows, one page at a time.
      parameters:
        - $ref: '#/components/parameters/PageNumber'
        - $ref: '#/components/parameters/PageSize'
        - name: filter[port]
          in: query
          description: UN/LOCODE of the port the terminal is at.
          schema:
            $ref: '#/components/schemas/Locode'
      responses:
        '200':
          description: One page of terminals.
          content:
            application/vnd.api+json:
              schema:
                $ref: '#/components/schemas/TerminalListDocument'
        '400':
          $ref: '#/components/responses/BadRequest'
        '401':
          $ref: '#/components/responses/Unauthorized'
        '429':
          $ref: '#/components/responses/TooManyRequests'
        5XX:
          $ref: '#/components/responses/ServerError'
`;

const SPEC_SCHEMA = `    TerminalListDocument:
      type: object
      required: [data]
      properties:
        data:
          type: array
          items:
            $ref: '#/components/schemas/Terminal'
        links:
          $ref: '#/components/schemas/ListLinks'
        meta:
          $ref: '#/components/schemas/ListMeta'
`;

/** The four hand edits of a plain list operation, in checklist order. */
export const exampleEdits: readonly HandEdit[] = [
  { file: 'spec/openapi.yaml', anchor: '  /terminals/{id}:\n', text: SPEC_PATH, where: 'before' },
  {
    file: 'spec/openapi.yaml',
    anchor: '    ShippingLineListDocument:\n',
    text: SPEC_SCHEMA,
    where: 'before',
  },
  {
    file: 'packages/sdk/src/resources/reference.ts',
    anchor: 'export class Terminals<DF extends ResponseFormat> extends Resource<DF> {\n',
    where: 'after',
    text: `  /** Lists terminals (\`GET /terminals\`); await for a page, or \`for await\` over all. */
  list<F extends ResponseFormat = DF>(
    params: ListTerminalsParams<F> = {},
    ...extra: never[]
  ): PagePromise<Formatted<F, RawTerminal, MappedTerminal>, RawTerminalListDocument> {
    return this.core.list('listTerminals', { options: params, extra });
  }

`,
  },
  {
    file: 'packages/sdk/src/resources/reference.ts',
    anchor: '/** `client.terminals`',
    where: 'before',
    text: `/** A terminal resource as received. */
export interface RawTerminal extends SpecSchema<'Terminal'> {}
/** \`GET /terminals\` as received. */
export interface RawTerminalListDocument extends SpecSchema<'TerminalListDocument'> {}

`,
  },
  {
    file: 'packages/sdk/src/resources/reference.ts',
    anchor: "import type { CallOptions } from '../core/api-client.js';\n",
    where: 'after',
    text: `import type { PagePromise } from '../core/pagination.js';
import type { ListTerminalsParams } from '../generated/parameters.js';
`,
  },
  {
    file: 'packages/mock-server/src/http/routes/reference.ts',
    anchor: '  return app;\n}',
    where: 'before',
    text: `  app.get('/terminals', (c) => {
    const params = queryOf(c);
    const page = parsePage(params);
    const { port } = readListTerminalsQuery(params);
    const portId = port === undefined ? undefined : engine.store.portByCode(port)?.id;
    const ids = [...engine.store.terminals.values()]
      .filter((t) => t.type === 'terminal' && (port === undefined || t.portId === portId))
      .map((t) => t.id);
    const type = 'terminal';
    return jsonApi(listDocument(engine.serializer, { type, ids, page, includes: [], requestUrl: c.req.url }));
  });
`,
  },
  {
    file: 'packages/mock-server/src/http/routes/reference.ts',
    anchor: "import { Hono } from 'hono';\n",
    where: 'after',
    text: `import { readListTerminalsQuery } from '../../generated/queries.js';
import { listDocument } from '../documents.js';
import { parsePage, queryOf } from '../query.js';
`,
  },
  {
    file: 'packages/cli/src/commands/operations/reference.ts',
    anchor: "  one({\n    group: 'terminals',",
    where: 'before',
    text: `  list({
    group: 'terminals',
    verb: 'list',
    summary: 'List the ocean terminals the service knows',
    example: 'shiptrack terminals list --port NLRTM',
    args: [],
    options: LIST_TERMINALS_OPTIONS,
    run: (client, _args, o, call) => client.terminals.list({ ...call, ...listTerminalsArguments(o) }),
  }),
`,
  },
  {
    file: 'packages/cli/src/commands/operations/reference.ts',
    anchor: "import { usageError } from '../../errors/cli-error.js';\n",
    where: 'after',
    text: `import { LIST_TERMINALS_OPTIONS, listTerminalsArguments } from '../../generated/options.js';
`,
  },
];

/** Applies the hand edits to a copy of the workspace; returns the files edited. */
export function applyEdits(root: string, edits: readonly HandEdit[]): string[] {
  for (const edit of edits) {
    const path = join(root, edit.file);
    const text = readFileSync(path, 'utf8');
    if (!text.includes(edit.anchor)) {
      throw new Error(
        `${edit.file} no longer holds the anchor ${JSON.stringify(edit.anchor)}; update scripts/example-add-operation.ts.`,
      );
    }
    const replacement = edit.where === 'before' ? edit.text + edit.anchor : edit.anchor + edit.text;
    writeFileSync(path, text.replace(edit.anchor, replacement));
  }
  return [...new Set(edits.map((edit) => edit.file))];
}

/**
 * Links a package's dependencies into the copy: each to the installed one,
 * except the workspace's own packages (`@shiptrack/*`), which point at the
 * copy so that its packages see each other's edits.
 */
function linkModules(modules: string, root: string): void {
  if (!existsSync(modules)) return;
  const target = join(root, modules.slice(repoRoot.length));
  mkdirSync(target, { recursive: true });
  for (const entry of readdirSync(modules)) {
    if (entry === '@shiptrack') {
      mkdirSync(join(target, entry), { recursive: true });
      for (const name of readdirSync(join(modules, entry))) {
        const real = realpathSync(join(modules, entry, name));
        const inCopy = real.startsWith(repoRoot) ? join(root, real.slice(repoRoot.length)) : real;
        symlinkSync(inCopy, join(target, entry, name), 'dir');
      }
    } else if (!existsSync(join(target, entry))) {
      symlinkSync(realpathSync(join(modules, entry)), join(target, entry));
    }
  }
}

/** Copies the tracked files of the workspace to a new folder that shares its `node_modules`. */
export function copyWorkspace(): string {
  const root = mkdtempSync(join(tmpdir(), 'shiptrack-add-operation-'));
  const files = execFileSync('git', ['ls-files'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  for (const file of files) {
    if (existsSync(join(repoRoot, file))) cpSync(join(repoRoot, file), join(root, file));
  }
  const packages = execFileSync('pnpm', ['-r', 'exec', 'pwd'], { cwd: repoRoot, encoding: 'utf8' })
    .split('\n')
    .filter(Boolean);
  for (const dir of [repoRoot, ...packages]) linkModules(join(dir, 'node_modules'), root);
  return root;
}

function main(): void {
  const root = copyWorkspace();
  try {
    const edited = applyEdits(root, exampleEdits.slice(0, 2));
    execFileSync('npx', ['tsx', 'scripts/generate.ts'], { cwd: root, stdio: 'inherit' });
    edited.push(...applyEdits(root, exampleEdits.slice(2)));
    const files = [...new Set(edited)];
    process.stdout.write(
      `edited by hand (${files.length}):\n${files.map((f) => `  ${f}`).join('\n')}\n`,
    );
    if (!process.argv.includes('--no-typecheck')) {
      execFileSync('npx', ['tsc', '-p', 'tsconfig.json', '--noEmit'], {
        cwd: root,
        stdio: 'inherit',
      });
      process.stdout.write('the copy typechecks\n');
    }
  } finally {
    if (process.argv.includes('--keep')) process.stdout.write(`kept ${root}\n`);
    else rmSync(root, { recursive: true, force: true });
  }
}

if (process.argv[1] === fileURLToPath(import.meta.url)) main();
