/** The built stdio bin, for the tests of what ships; they need `pnpm build` (test-support/built.ts). */
import { fileURLToPath } from 'node:url';
import { requireBuilt } from '../../../test-support/built.js';

/** The committed launcher of the bundled bin. */
export const BUILT_BIN = fileURLToPath(new URL('../bin/shiptrack-mcp.cjs', import.meta.url));

/** The bundle the launcher runs. */
export const BUNDLE = fileURLToPath(new URL('../dist/cli.cjs', import.meta.url));

const SOURCES = [
  'packages/mcp/src',
  'packages/sdk/src',
  'packages/mock-server/src',
  'packages/ops/src',
];

/** Throws, saying to run `pnpm build`, when `dist/<file>` (default the bin's bundle) is missing or stale. */
export function requireBuiltBin(file = 'cli.cjs'): void {
  requireBuilt({ output: `packages/mcp/dist/${file}`, sources: SOURCES });
}
