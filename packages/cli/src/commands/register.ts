import { Argument, type CommandUnknownOpts, Option } from '@commander-js/extra-typings';
import type { Io } from '../context.js';
import { usageError } from '../errors/cli-error.js';
import type { PageInfo } from '../output/envelope.js';
import { withLastFreeDay } from '../output/last-free-day.js';
import type { ListBits, Operation } from './operation.js';
import { rememberListChoices, rememberRecordArgument } from './option-choices.js';
import { integer, type OptionSpec } from './option-specs.js';
import { resolvedArguments } from './resolve-arguments.js';
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
  if (spec.mandatory) option.makeOptionMandatory();
  if (spec.takes === 'list') {
    // `a,b` is one word to commander: the spec's parser checks each value.
    option.argParser<string[]>((value, previous) => [...(previous ?? []), value]);
    if (spec.choices) rememberListChoices(option, spec.choices);
  } else if (spec.choices) option.choices(spec.choices);
  return option;
}

const PAGE_OPTIONS = {
  page: integer('the page to show (from 1)'),
  pageSize: integer('records per page'),
  limit: integer('records per page (the same as --page-size)'),
  maxItems: integer('with --all: stop after this many records'),
} as const;

const examples = new WeakMap<CommandUnknownOpts, string>();

/** Adds the `Example:` block that every command's `--help` ends with. */
export function withExample<C extends CommandUnknownOpts>(command: C, example: string): C {
  examples.set(command, example);
  return command.addHelpText('after', `\nExample:\n  $ ${example}\n`);
}

/** The command line a command's `--help` shows under `Example:`. */
export function exampleOf(command: CommandUnknownOpts): string | undefined {
  return examples.get(command);
}

/**
 * Describes each group (`containers`, `containers custom-fields`) by its
 * commands, once every command is registered, and gives its help its first
 * command's example: a group's line in the help says what is in it.
 */
export function describeGroups(command: CommandUnknownOpts): void {
  for (const sub of command.commands) {
    describeGroups(sub);
    if (sub.commands.length === 0 || sub.description() !== '') continue;
    const verbs = sub.commands.filter((verb) => verb.name() !== 'help').map((verb) => verb.name());
    sub.description(verbs.join(', '));
    const first = sub.commands.map(exampleOf).find((example) => example !== undefined);
    if (first !== undefined && exampleOf(sub) === undefined) withExample(sub, first);
  }
}

/**
 * The group command (`containers`, or a group within one such as
 * `containers custom-fields`), made once and shared by its verbs.
 */
function groupCommand(program: CommandUnknownOpts, path: string): CommandUnknownOpts {
  let parent = program;
  const names = path.split(' ');
  for (const name of names) {
    const found = parent.commands.find((command) => command.name() === name);
    // Described by describeGroups once all of its commands are known.
    parent = found ?? parent.command(name);
  }
  return parent;
}

/** `webhooks trigger` -> `Webhooks trigger`: the title of a result that is no record of the service. */
function titleOf(operation: Operation): string {
  const words = `${operation.group} ${operation.verb ?? ''}`.replace(/-/g, ' ').trim();
  return words.charAt(0).toUpperCase() + words.slice(1);
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
    for (const arg of operation.args) {
      command.addArgument(new Argument(`<${arg.name}>`, arg.description));
      if (arg.record) rememberRecordArgument(command, arg.record);
    }
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
      const given = received.slice(0, operation.args.length).map(String);
      await runAction(command, io, async ({ ctx, signal }) => {
        // A global option of the same name (--timeout) takes the value: the command's meaning wins.
        const globals: Record<string, unknown> = command.optsWithGlobals();
        const values: Record<string, unknown> = { ...command.opts() };
        for (const name of Object.keys(operation.options)) values[name] ??= globals[name];
        const options = parsedOptions(operation.options, values);
        if (ctx.printer.settings.mode === 'table' && operation.tableIncludes) {
          // A person reads names (`TraPac Los Angeles`), not ids: the table reads what holds them.
          const asked = Array.isArray(options.include) ? options.include : [];
          options.include = [...new Set([...asked, ...operation.tableIncludes])];
        }
        const client = await ctx.client();
        const args = await resolvedArguments(client, operation.args, given, signal);
        const base = { format: ctx.format, signal };
        if (operation.bare && ctx.format === 'both') {
          throw usageError('this command prints one document: pass --format mapped or raw.');
        }
        // A container's last free day is derived once, from the SDK, as of the start of the run.
        const now = await ctx.now();
        if (!operation.list) {
          const result = await operation.run(client, args, options, base);
          if (operation.bare) ctx.printer.document(result);
          else ctx.printer.record(withLastFreeDay(result, now), { title: titleOf(operation) });
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
