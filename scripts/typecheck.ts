/**
 * `pnpm typecheck`: one TypeScript program for the project (`tsconfig.json`)
 * and every README's runnable ` ```ts ` blocks, so the READMEs' examples are
 * compiled with the same strict options and the same loaded sources, instead
 * of one program per README. A README block is a module of its own, placed
 * beside its README so its imports resolve as a user's would (the workspace
 * packages through their `shiptrack-source` condition); its errors are given
 * at the README's own line.
 *
 *   tsx scripts/typecheck.ts                      the project and every README
 *   tsx scripts/typecheck.ts --readme <file>...   only those READMEs' blocks
 */
import { existsSync, readdirSync } from 'node:fs';
import { dirname, join, relative, resolve } from 'node:path';
import ts from 'typescript';
import { readmeSnippets } from './readme/snippets.js';

/** A README block as a source file of the program. */
interface SnippetFile {
  /** The file name the program knows it by (beside its README; not on disk). */
  fileName: string;
  code: string;
  readme: string;
  /** The README line of the block's first line of code. */
  line: number;
}

const root = resolve(dirname(new URL(import.meta.url).pathname), '..');

/** The READMEs whose blocks are checked: the root's, each package's and each example's. */
function projectReadmes(): string[] {
  const inFolders = ['packages', 'examples'].flatMap((folder) =>
    readdirSync(join(root, folder), { withFileTypes: true })
      .filter((entry) => entry.isDirectory())
      .map((entry) => join(root, folder, entry.name, 'README.md')),
  );
  return [join(root, 'README.md'), ...inFolders].filter((file) => existsSync(file));
}

/** Every runnable block of `readmes`, as program files. */
function snippetFiles(readmes: readonly string[]): SnippetFile[] {
  return readmes.flatMap((readme) =>
    readmeSnippets(readme).map((snippet, index) => ({
      fileName: join(dirname(readme), `README.md.snippet-${index + 1}.ts`),
      code: snippet.code,
      readme,
      line: snippet.line,
    })),
  );
}

/** The project's compiler options and files, from `tsconfig.json`. */
function projectConfig(): ts.ParsedCommandLine {
  const parsed = ts.getParsedCommandLineOfConfigFile(join(root, 'tsconfig.json'), undefined, {
    ...ts.sys,
    onUnRecoverableConfigFileDiagnostic: (diagnostic) => {
      throw new Error(ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n'));
    },
  });
  if (parsed === undefined) throw new Error('tsconfig.json could not be read');
  return parsed;
}

/** A compiler host that also serves the README blocks from memory. */
function hostWith(options: ts.CompilerOptions, snippets: readonly SnippetFile[]): ts.CompilerHost {
  const host = ts.createCompilerHost(options);
  const byName = new Map(snippets.map((snippet) => [snippet.fileName, snippet.code]));
  const { fileExists, readFile, getSourceFile } = host;
  host.fileExists = (name) => byName.has(name) || fileExists.call(host, name);
  host.readFile = (name) => byName.get(name) ?? readFile.call(host, name);
  host.getSourceFile = (name, language, onError, shouldCreate) => {
    const code = byName.get(name);
    return code === undefined
      ? getSourceFile.call(host, name, language, onError, shouldCreate)
      : ts.createSourceFile(name, code, language);
  };
  return host;
}

/** One diagnostic as a line, at its README line for a block's. */
function describe(diagnostic: ts.Diagnostic, snippets: ReadonlyMap<string, SnippetFile>): string {
  const message = ts.flattenDiagnosticMessageText(diagnostic.messageText, '\n');
  const { file, start } = diagnostic;
  if (file === undefined || start === undefined) return `error TS${diagnostic.code}: ${message}`;
  const at = file.getLineAndCharacterOfPosition(start);
  const snippet = snippets.get(file.fileName);
  const where =
    snippet === undefined
      ? `${relative(root, file.fileName)}:${at.line + 1}:${at.character + 1}`
      : `${relative(root, snippet.readme)}:${snippet.line + at.line}:${at.character + 1}`;
  return `${where} - error TS${diagnostic.code}: ${message}`;
}

const args = process.argv.slice(2);
const only = args[0] === '--readme' ? args.slice(1).map((file) => resolve(file)) : undefined;
const config = projectConfig();
const snippets = snippetFiles(only ?? projectReadmes());
const program = ts.createProgram({
  rootNames: [...(only === undefined ? config.fileNames : []), ...snippets.map((s) => s.fileName)],
  options: config.options,
  host: hostWith(config.options, snippets),
});
const errors = ts
  .getPreEmitDiagnostics(program)
  .filter((diagnostic) => diagnostic.category === ts.DiagnosticCategory.Error);
const bySnippet = new Map(snippets.map((snippet) => [snippet.fileName, snippet]));
for (const error of errors) console.error(describe(error, bySnippet));
if (errors.length > 0) {
  console.error(`\n${errors.length} type error${errors.length === 1 ? '' : 's'}`);
  process.exit(1);
}
console.log(
  `typecheck: ${only === undefined ? `${config.fileNames.length} project files and ` : ''}${snippets.length} README blocks, no errors`,
);
