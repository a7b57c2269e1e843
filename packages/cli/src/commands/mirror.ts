import { createRequire } from 'node:module';
import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import type { Io } from '../context.js';
import { CliError } from '../errors/cli-error.js';
import { withExample } from './register.js';
import { runAction } from './run.js';

/** What `@shiptrack/mirror/commands` gives; its type, without loading it. */
type MirrorCommands = typeof import('@shiptrack/mirror/commands');

const MIRROR_MISSING =
  '`shiptrack mirror` runs @shiptrack/mirror, which is not installed next to the CLI: install it where @shiptrack/cli is (npm install -g @shiptrack/mirror for a global CLI, or npm install @shiptrack/mirror in the project).';

/**
 * Loads the mirror's commands only when `shiptrack mirror` runs: the package
 * (with PGlite, PostgreSQL's driver and Kysely, tens of megabytes) is an
 * optional peer installed next to the CLI, never in its bundle, so no other
 * command and no `npx @shiptrack/cli` pays for it. The bundled bin (CommonJS,
 * run from V8's code cache) requires its CommonJS build; from source, its ESM.
 */
async function loadMirrorCommands(): Promise<MirrorCommands> {
  try {
    if (import.meta.url.endsWith('.cjs')) {
      // Safe: the package's `./commands` export, whose type this names.
      return createRequire(import.meta.url)('@shiptrack/mirror/commands') as MirrorCommands;
    }
    return await import('@shiptrack/mirror/commands');
  } catch (error) {
    const message = error instanceof Error ? error.message : '';
    if (/Cannot find (module|package) '@shiptrack\/mirror/.test(message)) {
      throw new CliError('failure', 'mirror_not_installed', MIRROR_MISSING);
    }
    throw error;
  }
}

/**
 * `shiptrack mirror serve|sync|status`: the commands of `shiptrack-mirror`
 * (@shiptrack/mirror), run by that package's own code. `sync` reads REST with
 * this CLI's client: its key (--api-key, SVC_API_TOKEN or `shiptrack login`),
 * --base-url, --mock and retry options.
 */
export function registerMirror(program: CommandUnknownOpts, io: Io): void {
  const mirror = program
    .command('mirror')
    .summary('the account in your own database (@shiptrack/mirror)')
    .description(
      'The account in a database fed by webhooks (@shiptrack/mirror): serve (a webhook receiver), sync (backfill and reconcile from REST), status. JSON lines out. See shiptrack mirror --help.',
    )
    .argument('[command-and-options...]', 'serve | sync | status, and their options')
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
