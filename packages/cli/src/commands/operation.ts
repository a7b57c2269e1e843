import type { PagePromise, ResolvedKind, ResponseFormat, ShiptrackClient } from '@shiptrack/sdk';
import type { OptionSpec, ValueOf } from './option-specs.js';

/** What every SDK call of a command receives besides its own arguments. */
export interface CallBits {
  format: ResponseFormat;
  signal: AbortSignal;
}

/** What a list call receives: the page asked for, and the cap of `--all`. */
export interface ListBits extends CallBits {
  page?: number;
  pageSize?: number;
  maxItems?: number;
}

/** A positional argument of a command. */
export interface ArgumentSpec<N extends string = string> {
  name: N;
  description: string;
  /**
   * The kind of record it names, by id or by number: the registry resolves
   * it through the SDK (as MCP does) before the command runs.
   */
  record?: ResolvedKind;
}

type Client = ShiptrackClient<ResponseFormat>;
export type OptionValues<O> = {
  [K in keyof O as O[K] extends { mandatory: true } ? K : never]: ValueOf<O[K]>;
} & { [K in keyof O as O[K] extends { mandatory: true } ? never : K]?: ValueOf<O[K]> };
type ArgumentValues<A extends readonly ArgumentSpec[]> = Record<A[number]['name'], string>;

/** What a table entry holds, with its option types kept for its `run`. */
interface OperationInit<A extends readonly ArgumentSpec[], O> {
  /** `containers`, `tracking-requests`, ... (the command's first word). */
  group: string;
  /** `list`, `get`, ...; omitted for a one-word command such as `search`. */
  verb?: string;
  summary: string;
  /** A command line shown under "Example" in `--help`. */
  example: string;
  /** The positional arguments; none when left out. */
  args?: A;
  /** The options; none when left out. */
  options?: O;
  /**
   * Prints the result itself as JSON, not in the envelope nor as a table: a
   * document another tool reads (the GeoJSON of `containers map`).
   */
  bare?: boolean;
  /** `false` for a list the service sends whole: it takes `--all` and `--max-items`, no pages. */
  paged?: boolean;
  /** Related records a table reads their names from (`pod_terminal`), added to `--include` on a table only. */
  tableIncludes?: readonly string[];
}

/** One `shiptrack <group> <verb>` command made from the table, its types erased for registration. */
interface OperationBase {
  group: string;
  verb: string | undefined;
  summary: string;
  example: string;
  args: readonly ArgumentSpec[];
  options: Record<string, OptionSpec<unknown>>;
  bare?: boolean;
  paged?: boolean;
  tableIncludes?: readonly string[];
}

/** A command that prints one result. */
export interface SingleOperation extends OperationBase {
  list: false;
  /** Runs the SDK call with the positional arguments in order and the parsed options by name. */
  run(
    client: Client,
    args: readonly string[],
    options: Record<string, unknown>,
    call: CallBits,
  ): PromiseLike<unknown>;
}

/** A list command: takes `--page`, `--page-size`, `--all` and `--max-items`. */
export interface ListOperation extends OperationBase {
  list: true;
  /** Runs the SDK's list call; the registry reads one page or iterates them all. */
  run(
    client: Client,
    args: readonly string[],
    options: Record<string, unknown>,
    call: ListBits,
  ): PagePromise<unknown, unknown>;
}

/** A command of the table. */
export type Operation = SingleOperation | ListOperation;

function named<A extends readonly ArgumentSpec[]>(
  specs: A | undefined,
  values: readonly string[],
): ArgumentValues<A> {
  const record: Record<string, string> = {};
  (specs ?? []).forEach((spec, i) => {
    record[spec.name] = values[i] ?? '';
  });
  // Safe: one member per spec name, filled from commander's required positionals.
  return record as ArgumentValues<A>;
}

function typed<O>(values: Record<string, unknown>): OptionValues<O> {
  // Safe: the registry fills each member with its own spec's `parse` result.
  return values as OptionValues<O>;
}

/** An entry's arguments and options, empty where it leaves them out. */
function filled<A extends readonly ArgumentSpec[], O extends Record<string, OptionSpec<unknown>>>(
  init: OperationInit<A, O>,
) {
  const args: readonly ArgumentSpec[] = init.args ?? [];
  const options: Record<string, OptionSpec<unknown>> = init.options ?? {};
  return { ...init, verb: init.verb, args, options };
}

/** A command that makes one SDK call and prints one record. */
export function one<
  const A extends readonly ArgumentSpec[] = readonly [],
  O extends Record<string, OptionSpec<unknown>> = Record<never, OptionSpec<unknown>>,
>(
  init: OperationInit<A, O> & {
    run(
      client: Client,
      args: ArgumentValues<A>,
      options: OptionValues<O>,
      call: CallBits,
    ): PromiseLike<unknown>;
  },
): SingleOperation {
  return {
    ...filled(init),
    list: false,
    run: (client, args, options, call) =>
      init.run(client, named(init.args, args), typed<O>(options), call),
  };
}

/** A command whose SDK call is a list (a `PagePromise`). */
export function list<
  const A extends readonly ArgumentSpec[] = readonly [],
  O extends Record<string, OptionSpec<unknown>> = Record<never, OptionSpec<unknown>>,
>(
  init: OperationInit<A, O> & {
    run(
      client: Client,
      args: ArgumentValues<A>,
      options: OptionValues<O>,
      call: ListBits,
    ): PagePromise<unknown, unknown>;
  },
): ListOperation {
  return {
    ...filled(init),
    list: true,
    run: (client, args, options, call) =>
      init.run(client, named(init.args, args), typed<O>(options), call),
  };
}
