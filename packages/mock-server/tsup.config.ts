import { defineConfig } from 'tsup';
import { esmCommand, library } from '../../scripts/build/tsup-base.js';

export default defineConfig([
  library(
    {
      index: 'src/index.ts',
      msw: 'src/adapters/msw.ts',
      embedded: 'src/adapters/embedded.ts',
      // The spec check, with ajv and the spec: loaded on first use by the package's own name.
      'spec-check': 'src/spec/spec-check.ts',
    },
    // import.meta.url in the CommonJS build too: src/spec/load.ts requires the spec check by it.
    { external: ['msw'], shims: true },
  ),
  // The bin `shiptrack-mock`.
  ...esmCommand('src/cli.ts'),
]);
