import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { loadCompletion } from '../completion/load.js';
import type { Io } from '../context.js';
import { runAction } from './run.js';

/** The name of the command completion scripts call; hidden from help and from completion itself. */
export const COMPLETE_COMMAND = '__complete';

/**
 * `shiptrack __complete containers`: the account's container numbers and
 * ids, one a line, for the completion scripts (cached, with a time-out;
 * see `completion/record-values.ts`). Always exits 0: a failed TAB says
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
      const { containerValues } = await loadCompletion();
      const values = await containerValues({
        env: io.env,
        signal,
        client: () => ctx.client(),
        account: async () => {
          if (ctx.options.mock) return 'mock';
          const { baseUrl, apiKey } = await ctx.settings();
          return `${baseUrl.value ?? ''}\n${apiKey.value ?? ''}`;
        },
      });
      if (values.length > 0) ctx.printer.text(`${values.join('\n')}\n`);
      return 0;
    }),
  );
}
