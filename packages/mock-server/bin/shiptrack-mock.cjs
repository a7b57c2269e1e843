#!/usr/bin/env node
// `shiptrack-mock`: starts the built command through dist/launch.cjs, the launcher every bin shares
// (source: scripts/build/bin-launcher.ts). A committed file, so the bin link exists before the
// first build; until then it says what to run instead of a stack trace.
const launcher = require('node:path').join(__dirname, '..', 'dist', 'launch.cjs');
if (!require('node:fs').existsSync(launcher)) {
  console.error('shiptrack-mock: not built yet: run `pnpm build` in the workspace first');
  process.exit(1);
}
require(launcher);
