/**
 * Writes a package's CommonJS declarations (`.d.cts`) from its ES module
 * declarations (`.d.ts`), which tsup's declaration build made once: the
 * same text, each relative import pointed at the `.cjs` twin. One
 * declaration build instead of two (the SDK's costs about 25 CPU-s).
 *
 *   tsx ../../scripts/build/cjs-declarations.ts <esm dir> <cjs dir>
 */
import { readdirSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

const [esmDir, cjsDir] = process.argv.slice(2);
if (esmDir === undefined || cjsDir === undefined) {
  console.error('usage: cjs-declarations <esm dir> <cjs dir>');
  process.exit(2);
}

let written = 0;
for (const name of readdirSync(esmDir)) {
  if (!name.endsWith('.d.ts')) continue;
  // Every import or export statement's relative module (`from './x.js'`, `import './x.js'`).
  const text = readFileSync(join(esmDir, name), 'utf8').replace(
    /^((?:import|export)\b[^\n]*?')(\.{1,2}\/[^']+)\.js'/gm,
    "$1$2.cjs'",
  );
  writeFileSync(join(cjsDir, name.replace(/\.d\.ts$/, '.d.cts')), text);
  written += 1;
}
if (written === 0) {
  console.error(`no declarations in ${esmDir}: run tsup first`);
  process.exit(1);
}
