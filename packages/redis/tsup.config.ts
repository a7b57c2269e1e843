import { defineConfig } from 'tsup';
import { library } from '../../scripts/build/tsup-base.js';

// ioredis and the SDK are peers, so they stay imports.
// `sse-events` is the event-store logic `@shiptrack/mcp-http` loads without a Redis client.
export default defineConfig(library({ index: 'src/index.ts', 'sse-events': 'src/sse-events.ts' }));
