import type { AnyToolDefinition } from '../core/define-tool.js';
import { getContainer } from './get-container.js';
import { listContainers } from './list-containers.js';
import { getSupportedShippingLines } from './shipping-lines.js';

/** Every tool of the server, in the order `tools/list` shows them. */
export const TOOLS: readonly AnyToolDefinition[] = [
  getContainer,
  getSupportedShippingLines,
  listContainers,
];
