import { type RunningStack, startStack } from '../../scripts/start/stack.js';

/** The stack of `pnpm start` on free loopback ports, logging nothing: what example tests run against. */
export function startQuietStack(): Promise<RunningStack> {
  return startStack({
    ports: { mcp: 0, mock: 0, auth: 0 },
    mockLogger: { info: () => {}, warn: () => {}, error: () => {} },
    requestLog: false,
    onError: () => {},
  });
}
