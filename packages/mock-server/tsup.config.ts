import { defineConfig } from 'tsup';
import { esmCommand, library } from '../../scripts/build/tsup-base.js';

export default defineConfig([
  library(
    { index: 'src/index.ts', msw: 'src/adapters/msw.ts', embedded: 'src/adapters/embedded.ts' },
    { external: ['msw'] },
  ),
  // The bin `shiptrack-mock`.
  ...esmCommand('src/cli.ts'),
]);
