import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Io } from '../context.js';
import { loadMirrorCommands } from '../mirror/load.js';
import { withExample } from './register.js';
import { runAction } from './run.js';

/**
 * `shiptrack mirror serve|sync|status|migrate`: the commands of `shiptrack-mirror`
 * (@shiptrack/mirror), run by that package's own code. `sync` reads REST with
 * this CLI's client: its key (--api-key, SVC_API_TOKEN or `shiptrack login`),
 * --base-url, --mock and retry options.
 */
export function registerMirror(program: CommandUnknownOpts, io: Io): void {
  const mirror = program
    .command('mirror')
    .summary('the account in your own database (@shiptrack/mirror)')
    .description(
      'The account in a database fed by webhooks (@shiptrack/mirror): serve (a webhook receiver), sync (backfill and reconcile from REST), status, migrate (apply the migrations the database lacks; --dry-run prints their SQL). JSON lines out. See shiptrack mirror --help.',
    )
    .argument('[command-and-options...]', 'serve | sync | status | migrate, and their options')
    .helpOption(false)
    .allowUnknownOption()
    .allowExcessArguments();
  // Its --help is the mirror's own; the example is for `shiptrack commands`.
  withExample(mirror, 'shiptrack mirror status --database ./mirror-data');
  mirror.action((args: string[]) =>
    runAction(
      mirror,
      io,
      async ({ ctx }) => {
        const { runMirrorCommand } = await loadMirrorCommands();
        return runMirrorCommand(args, {
          out: io.out,
          err: io.err,
          env: io.env,
          name: 'shiptrack mirror',
          client: () => ctx.client(),
        });
      },
      { ownSignals: true },
    ),
  );
}
