import { normalizeContainerNumber } from '@shiptrack/sdk';
import type { HandlerContext } from './core/context.js';
import { listContainers } from './service/containers.js';

/** Completion values offered at most. */
const LIMIT = 20;

/**
 * Completes a carrier SCAC from the cached shipping-line list (no REST call
 * per keystroke): SCACs that start with what was typed, then lines whose
 * name contains it.
 */
export function completeCarrier(context: HandlerContext) {
  return async (value: string): Promise<string[]> => {
    const typed = value.trim().toUpperCase();
    try {
      const lines = await context.shippingLines();
      const byCode = lines.flatMap((line) => (line.scac?.startsWith(typed) ? [line.scac] : []));
      const byName = lines.flatMap((line) =>
        line.scac && typed.length >= 2 && line.name?.toUpperCase().includes(typed)
          ? [line.scac]
          : [],
      );
      return [...new Set([...byCode, ...byName])].slice(0, LIMIT);
    } catch {
      return [];
    }
  };
}

/**
 * Completes a container by its number, as a person types it (not a UUID):
 * after three characters, the account's containers whose number starts
 * with the text. The value offered is the number; prompts and the
 * container resource accept a number in place of the id.
 */
export function completeContainer(context: HandlerContext) {
  return async (value: string): Promise<string[]> => {
    const typed = normalizeContainerNumber(value.trim());
    if (typed.length < 3) return [];
    try {
      const page = await listContainers(context.client(), { page: 1, pageSize: LIMIT, q: typed });
      return page.rows.flatMap(({ number }) =>
        number && normalizeContainerNumber(number).startsWith(typed) ? [number] : [],
      );
    } catch {
      return [];
    }
  };
}
