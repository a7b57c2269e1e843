import { Argument, type CommandUnknownOpts, Option } from '@commander-js/extra-typings';
import type { Io } from '../context.js';
import { usageError } from '../errors/cli-error.js';
import type { PageInfo } from '../output/envelope.js';
import { withLastFreeDay } from '../output/last-free-day.js';
import type { ListBits, Operation } from './operation.js';
import { integer, type OptionSpec } from './option-specs.js';
import { runAction } from './run.js';

/** `pageSize` -> `page-size`. */
export function kebab(name: string): string {
  return name.replace(/[A-Z]/g, (letter) => `-${letter.toLowerCase()}`);
}

/** A commander option from a spec; its value is parsed by the spec, so the command's types hold. */
function optionOf(name: string, spec: OptionSpec<unknown>): Option {
  const flags =
    spec.takes === 'flag'
      ? `--${kebab(name)}`
      : `--${kebab(name)} <${spec.placeholder ?? 'value'}>`;
  const option = new Option(flags, spec.description);
  if (spec.choices) option.choices(spec.choices);
  if (spec.mandatory) option.makeOptionMandatory();
  if (spec.takes === 'list') {
    option.argParser<string[]>((value, previous) => [...(previous ?? []), value]);
  }
  return option;
}

const PAGE_OPTIONS = {
  page: integer('the page to show (from 1)'),
  pageSize: integer('records per page'),
  limit: integer('records per page (the same as --page-size)'),
  maxItems: integer('with --all: stop after this many records'),
} as const;

/** Adds the `Example:` block that every command's `--help` ends with. */
export function withExample<C extends CommandUnknownOpts>(command: C, example: string): C {
  return command.addHelpText('after', `\nExample:\n  $ ${example}\n`);
}

/**
 * The group command (`containers`, or a group within one such as
 * `containers custom-fields`), made once and shared by its verbs.
 */
function groupCommand(program: CommandUnknownOpts, path: string): CommandUnknownOpts {
  let parent = program;
  const names = path.split(' ');
  names.forEach((name, i) => {
    const found = parent.commands.find((command) => command.name() === name);
    const words = names
      .slice(0, i + 1)
      .join(' ')
      .replace(/-/g, ' ');
    parent = found ?? parent.command(name).description(`${words}: see the commands below`);
  });
  return parent;
}

/** Parses the options of a spec table from commander's values. */
function parsedOptions(
  specs: Record<string, OptionSpec<unknown>>,
  values: Record<string, unknown>,
): Record<string, unknown> {
  const parsed: Record<string, unknown> = {};
  for (const [name, spec] of Object.entries(specs)) {
    const value = values[name];
    if (value === undefined) continue;
    if (typeof value === 'string' || typeof value === 'boolean' || Array.isArray(value)) {
      try {
        parsed[name] = spec.parse(Array.isArray(value) ? value.map(String) : value);
      } catch (error) {
        const reason = error instanceof Error ? error.message : String(error);
        throw usageError(`option '--${kebab(name)}': ${reason}`);
      }
    }
  }
  return parsed;
}

/**
 * Registers every operation of the table as `shiptrack <group> <verb>`
 * (or `shiptrack <group>` for a one-word command), with its arguments,
 * options, an example in `--help`, and, for lists, `--page`,
 * `--page-size`, `--all` (NDJSON, every page) and `--max-items`.
 */
export function registerOperations(
  program: CommandUnknownOpts,
  operations: readonly Operation[],
  io: Io,
): void {
  for (const operation of operations) {
    const command =
      operation.verb === undefined
        ? program.command(operation.group)
        : groupCommand(program, operation.group).command(operation.verb);
    command.description(operation.summary);
    for (const arg of operation.args)
      command.addArgument(new Argument(`<${arg.name}>`, arg.description));
    for (const [name, spec] of Object.entries(operation.options))
      command.addOption(optionOf(name, spec));
    if (operation.list) {
      for (const [name, spec] of Object.entries(PAGE_OPTIONS)) {
        if (operation.paged === false && name !== 'maxItems') continue;
        command.addOption(optionOf(name, spec));
      }
      command.option('--all', 'every record of every page, one JSON object a line (NDJSON)');
    }
    withExample(command, operation.example);
    command.action(async (...received: unknown[]) => {
      const args = received.slice(0, operation.args.length).map(String);
      await runAction(command, io, async ({ ctx, signal }) => {
        const values: Record<string, unknown> = command.opts();
        const options = parsedOptions(operation.options, values);
        const client = await ctx.client();
        const base = { format: ctx.format, signal };
        if (operation.bare && ctx.format === 'both') {
          throw usageError('this command prints one document: pass --format mapped or raw.');
        }
        // A container's last free day is derived once, from the SDK, as of the start of the run.
        const now = await ctx.now();
        if (!operation.list) {
          const result = await operation.run(client, args, options, base);
          if (operation.bare) ctx.printer.document(result);
          else ctx.printer.record(withLastFreeDay(result, now));
          return undefined;
        }
        const paging = parsedOptions(PAGE_OPTIONS, values);
        // Only what was asked for: a list the service sends whole (no pages) takes no `page`
        // member at all, and the SDK's own error names what it does take when one is passed.
        const call: ListBits = { ...base };
        if (typeof paging.page === 'number') call.page = paging.page;
        if (
          typeof paging.pageSize === 'number' &&
          typeof paging.limit === 'number' &&
          paging.pageSize !== paging.limit
        ) {
          throw usageError('--limit is --page-size: pass one of them.');
        }
        const pageSize = paging.pageSize ?? paging.limit;
        if (typeof pageSize === 'number') call.pageSize = pageSize;
        if (typeof paging.maxItems === 'number') call.maxItems = paging.maxItems;
        if (call.page !== undefined && call.page < 1) throw usageError('--page counts from 1.');
        if (call.pageSize !== undefined && (call.pageSize < 1 || call.pageSize > 100)) {
          throw usageError(
            '--page-size (--limit) must be 1 to 100 (the service sends at most 100 a page).',
          );
        }
        if (call.maxItems !== undefined && call.maxItems < 0)
          throw usageError('--max-items must be 0 or more.');
        if (call.maxItems !== undefined && values.all !== true) {
          throw usageError(
            '--max-items caps --all: pass --all too, or use --page-size for one page.',
          );
        }
        const pages = operation.run(client, args, options, call);
        if (values.all === true) {
          for await (const item of pages) ctx.printer.line(withLastFreeDay(item, now));
          return undefined;
        }
        const page = await pages;
        const info: PageInfo = {
          page: call.page ?? 1,
          pageSize: call.pageSize ?? null,
          count: page.data.length,
          total: typeof page.meta.total === 'number' ? page.meta.total : null,
          hasMore: page.hasNextPage(),
        };
        ctx.printer.list(
          page.data.map((item) => withLastFreeDay(item, now)),
          { page: info },
        );
        return undefined;
      });
    });
  }
}
