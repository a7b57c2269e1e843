/**
 * Files that import each other in a loop (an import circle) are a design
 * smell: the two cannot be read, tested or moved apart. The circles left
 * are named, each with its reason, under "Import circles" in
 * `docs/architecture.md`; this test finds every circle among the source
 * files of `packages/*\/src` and `scripts/` (type-only imports count) and
 * holds the list against that section, both ways.
 */
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { dirname, join, normalize } from 'node:path';
import ts from 'typescript';
import { describe, expect, it } from 'vitest';
import { repoRoot } from './support/spawned-start.js';

/** The source files measured, as git tracks them (tests left out). */
function sourceFiles(): string[] {
  const listed = execFileSync('git', ['ls-files', '--', 'packages/*/src/*.ts', 'scripts/*.ts'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  return listed
    .split('\n')
    .filter(
      (file) => file.endsWith('.ts') && !file.endsWith('.test.ts') && !file.endsWith('.d.ts'),
    );
}

/** The files of `known` that `file` imports by a relative specifier (static, type-only, re-export or dynamic). */
function importsOf(file: string, source: string, known: ReadonlySet<string>): string[] {
  const { importedFiles } = ts.preProcessFile(source, true, true);
  const found: string[] = [];
  for (const { fileName } of importedFiles) {
    if (!fileName.startsWith('.')) continue;
    const base = normalize(join(dirname(file), fileName)).replace(/\.js$/, '');
    const target = [`${base}.ts`, `${base}/index.ts`].find((candidate) => known.has(candidate));
    if (target !== undefined) found.push(target);
  }
  return found;
}

/** The strongly connected groups of more than one file (Tarjan), each sorted, as `a ↔ b ↔ c`. */
function circlesOf(graph: ReadonlyMap<string, readonly string[]>): string[] {
  const index = new Map<string, number>();
  const low = new Map<string, number>();
  const stack: string[] = [];
  const onStack = new Set<string>();
  const circles: string[] = [];
  let next = 0;
  const visit = (file: string): void => {
    index.set(file, next);
    low.set(file, next);
    next += 1;
    stack.push(file);
    onStack.add(file);
    for (const target of graph.get(file) ?? []) {
      if (!index.has(target)) {
        visit(target);
        low.set(file, Math.min(low.get(file) ?? 0, low.get(target) ?? 0));
      } else if (onStack.has(target)) {
        low.set(file, Math.min(low.get(file) ?? 0, index.get(target) ?? 0));
      }
    }
    if (low.get(file) !== index.get(file)) return;
    const group: string[] = [];
    let member: string | undefined;
    do {
      member = stack.pop();
      if (member === undefined) break;
      onStack.delete(member);
      group.push(member);
    } while (member !== file);
    if (group.length > 1) circles.push(group.sort().join(' ↔ '));
  };
  for (const file of graph.keys()) if (!index.has(file)) visit(file);
  return circles.sort();
}

/** The circles `docs/architecture.md` names: the first code span of each bullet of its "Import circles" section. */
function documentedCircles(): string[] {
  const doc = readFileSync(join(repoRoot, 'docs/architecture.md'), 'utf8');
  const section = /\n## Import circles\n([\s\S]*?)(?:\n## |$)/.exec(doc)?.[1] ?? '';
  return [...section.matchAll(/^- `([^`]+)`/gm)].map((match) => match[1] ?? '').sort();
}

describe('import circles of files', () => {
  it('finds a circle of type-only imports, and none where imports run one way', () => {
    const graph = new Map([
      ['a.ts', importsOf('a.ts', "import type { B } from './b.js';", new Set(['b.ts']))],
      ['b.ts', importsOf('b.ts', "export { a } from './a.js';", new Set(['a.ts']))],
      [
        'c.ts',
        importsOf('c.ts', "const d = await import('./d/index.js');", new Set(['d/index.ts'])),
      ],
      ['d/index.ts', []],
    ]);
    expect(circlesOf(graph)).toEqual(['a.ts ↔ b.ts']);
  });

  it('are exactly the ones docs/architecture.md names, each with its reason', () => {
    const files = sourceFiles();
    expect(files.length).toBeGreaterThan(500);
    const known = new Set(files);
    const graph = new Map(
      files.map((file) => [
        file,
        importsOf(file, readFileSync(join(repoRoot, file), 'utf8'), known),
      ]),
    );
    expect(
      circlesOf(graph),
      'break a new circle (move what both files need into a module of its own), or name it with its reason under "Import circles" in docs/architecture.md; remove the line of a circle that is gone',
    ).toEqual(documentedCircles());
  });
});
