import { defineConfig } from 'tsup';
import { library } from '../../scripts/build/tsup-base.js';

// pino and the OpenTelemetry packages stay imports; the SDK's are imported only when configured.
export default defineConfig(library({ index: 'src/index.ts' }));
