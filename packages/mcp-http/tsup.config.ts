import { defineConfig } from 'tsup';
import { esmCommand, library } from '../../scripts/build/tsup-base.js';

export default defineConfig([
  library({ index: 'src/index.ts' }),
  // The bin `shiptrack-mcp-http`, its dependencies left as imports.
  ...esmCommand('src/cli/main.ts'),
]);
