import { defineConfig } from 'tsup';
import { library } from '../../scripts/build/tsup-base.js';

// ioredis and the SDK are peers, so they stay imports.
export default defineConfig(library({ index: 'src/index.ts' }));
