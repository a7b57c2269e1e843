import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { cachePath, MOST, readCached, writeCached } from '../completion/record-values.js';
import type { Io } from '../context.js';
import { runAction } from './run.js';

/** The name of the command completion scripts call; hidden from help and from completion itself. */
export const COMPLETE_COMMAND = '__complete';

/** The longest a TAB waits for the service, cache or not: completion must answer. */
const DEADLINE_MS = 3_000;

/**
 * `shiptrack __complete containers`: the account's container numbers and
 * ids, one a line, for the completion scripts. From the cache while it is
 * fresh; else from the service within {@link DEADLINE_MS} (the stale cache,
 * or nothing, when it does not answer). Always exits 0: a failed TAB says
 * nothing.
 */
export function registerCompleteValues(program: CommandUnknownOpts, io: Io): void {
  const complete = program
    .command(COMPLETE_COMMAND, { hidden: true })
    .description('values for the completion scripts (containers)')
    .argument('<kind>', 'containers');
  complete.action((kind: string) =>
    runAction(complete, io, async ({ ctx, signal }) => {
      if (kind !== 'containers') return 0;
      const now = Date.now();
      let values: string[] = [];
      try {
        const settings = ctx.options.mock ? undefined : await ctx.settings();
        const account = settings
          ? `${settings.baseUrl.value ?? ''}\n${settings.apiKey.value ?? ''}`
          : 'mock';
        const path = cachePath(io.env, account);
        const cached = await readCached(path, now);
        values = cached?.values ?? [];
        if (!cached?.fresh) {
          const client = await ctx.client();
          const fetched: string[] = [];
          const containers = client.containers.list({
            format: 'mapped',
            pageSize: 100,
            maxItems: MOST,
            signal: AbortSignal.any([signal, AbortSignal.timeout(DEADLINE_MS)]),
            maxRetries: 0,
          });
          for await (const container of containers) {
            if (container.number) fetched.push(container.number);
            fetched.push(container.id);
          }
          values = fetched;
          await writeCached(path, values, now).catch(() => undefined);
        }
      } catch {
        // No key, no network, too slow, a broken config file: the stale values, or none.
      }
      if (values.length > 0) ctx.printer.text(`${values.join('\n')}\n`);
      return 0;
    }),
  );
}
