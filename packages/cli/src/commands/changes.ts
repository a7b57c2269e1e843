import type { CommandUnknownOpts } from '@commander-js/extra-typings';
import { changesFromRest, type RestChanges } from '@shiptrack/sdk';
import type { Io } from '../context.js';
import { usageError } from '../errors/cli-error.js';
import { EXIT_CODES } from '../errors/exit-codes.js';
import { mirrorChanges } from '../mirror/read.js';
import { changesMarkdown, renderChanges } from '../output/changes-list.js';
import type { Printer } from '../output/printer.js';
import { withExample } from './register.js';
import { runAction } from './run.js';
import { parseInstant, parseSince } from './since.js';

/** The changes as JSON, as Markdown, or as text (ranked records), with what REST cannot tell. */
function printChanges(printer: Printer, result: RestChanges, markdown: boolean): void {
  if (markdown) {
    printer.text(changesMarkdown(result));
    return;
  }
  if (printer.settings.mode === 'json') {
    printer.record(result);
    return;
  }
  if (result.groups.length === 0) printer.note(`Nothing changed since ${result.since}.`);
  else
    printer.text(
      renderChanges(result, { width: printer.settings.columns, color: printer.settings.color }),
    );
  for (const note of result.cannotTell) printer.note(`REST cannot tell ${note.field}: ${note.why}`);
}

/** `shiptrack changes --since`: what changed across the account (the SDK's `changesFromRest`). */
export function registerChanges(program: CommandUnknownOpts, io: Io): void {
  const changes = program
    .command('changes')
    .summary('what changed since a time, the records to act on first')
    .description(
      "What changed on each container, shipment and tracking request since --since: ETAs moved (days), vessels changed (rolled), last free days, milestones, stopped or failed tracking, ranked by what to act on (the SDK's changesFromRest). REST keeps no old values: what it cannot tell is said, never guessed. --markdown for a chat or an e-mail.",
    )
    .requiredOption('--since <when>', 'a window back from now (24h, 1d, 90m, 2w) or an ISO time')
    .option('--markdown', 'Markdown for a chat or an e-mail')
    .option('--at <time>', 'the now a window such as 24h counts back from (ISO 8601)')
    .option(
      '--mirror <database>',
      "answer from a mirror's database (@shiptrack/mirror), old values included",
    );
  withExample(changes, 'shiptrack changes --since 24h --markdown > morning.md');
  changes.action(() =>
    runAction(changes, io, async ({ ctx, signal }) => {
      const flags = changes.opts();
      if (ctx.format !== 'mapped') {
        throw usageError('changes reads mapped records; leave out --format.');
      }
      if (flags.markdown && changes.optsWithGlobals().json === true) {
        throw usageError('--markdown writes Markdown and --json JSON: pass one of them.');
      }
      const at = flags.at === undefined ? undefined : parseInstant(flags.at, '--at');
      if (flags.mirror !== undefined && changes.optsWithGlobals().mock === true) {
        throw usageError('--mirror and --mock are two sources: pass one of them.');
      }
      let result: RestChanges;
      if (flags.mirror !== undefined) {
        result = await mirrorChanges(flags.mirror, parseSince(flags.since, at ?? new Date()));
      } else {
        const client = await ctx.client();
        const since = parseSince(flags.since, at ?? (await ctx.now()));
        result = await changesFromRest(client, { since, signal });
      }
      printChanges(ctx.printer, result, flags.markdown === true);
      return EXIT_CODES.ok;
    }),
  );
}
