import { defineConfig } from 'tsup';
import { esmCommand, library } from '../../scripts/build/tsup-base.js';

export default defineConfig([
  // The library and its commands (`./commands`); the SDK is a peer and the database drivers stay imports.
  library({ index: 'src/index.ts', commands: 'src/commands.ts' }),
  // The bin `shiptrack-mirror`.
  ...esmCommand('src/cli/main.ts'),
]);
