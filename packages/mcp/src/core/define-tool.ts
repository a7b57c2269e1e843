import {
  type CallToolResult,
  type InputRequiredResult,
  isInputRequiredResult,
  type McpServer,
  ProtocolError,
  type ServerContext,
  type ToolAnnotations,
  type ToolExecution,
} from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { advertisedOnFirstUse } from './compact-schema.js';
import type { HandlerContext, TrackingWait } from './context.js';
import type { ErrorSubject } from './error-wording.js';
import { errorResult, ToolError, toToolError } from './errors.js';
import { lazy } from './lazy.js';
import { type LogLevels, sendClientLog } from './log-levels.js';
import { outputCheck } from './output-check.js';
import type { ProgressReporter } from './progress.js';
import type { RequestStates } from './request-state.js';
import { type ToolAnswer, toCallToolResult } from './tool-result.js';
import { observeToolCall } from './tool-telemetry.js';

/**
 * The services above the core that a tool's `run` is given, each declared by
 * the module that provides it (`tasks/tracking-task.ts` adds
 * `trackingTasks`), so that the core imports none of them.
 */
// biome-ignore lint/suspicious/noEmptyInterface: filled by declaration merging in the modules that provide the services.
export interface ToolServices {}

/** What a tool's `run` is given besides its arguments. */
export interface ToolRunContext extends HandlerContext, ToolServices {
  /** The MCP request being served. */
  request: ServerContext;
  /** Tells whether the client can answer a form elicitation on this request. */
  canElicit(): boolean;
  /** Reports progress, when the client asked for it (a progress token). */
  progress: ProgressReporter;
  /** Whether the client sent a progress token: it shows progress, so a call may take longer. */
  progressRequested: boolean;
  /** How long `track_container` follows a request when the client watches progress. */
  trackingWait: TrackingWait;
  /**
   * Whether the client can take this call as a task (a 2025-11-25
   * `params.task`, or the 2026-07-28 Tasks extension declared), for a tool
   * whose `execution` allows tasks.
   */
  taskRequest: TaskRequest | undefined;
  /** Signs what a tool asks the user, for the `requestState` of an input-required result. */
  requestState: () => RequestStates;
  /** Whether the user confirms each new tracking request (`createServer`'s `confirmTrackingRequests`). */
  confirmTrackingRequests: boolean;
}

/** What a client asks of a task-augmented call. */
export interface TaskRequest {
  /**
   * `core`: the client asked for a task (2025-11-25), so the call answers
   * with one; `extension`: the client accepts one (2026-07-28 Tasks
   * extension), so the server makes one when there is something to wait for.
   */
  generation: 'core' | 'extension';
  /** How long to keep the task and its result after it was created, in ms. */
  ttl?: number;
}

/** One tool: its name, words for the model, schemas, hints and behaviour. */
export interface ToolDefinition<In extends z.ZodObject, Out extends z.ZodObject> {
  name: string;
  /** A human title (also the annotations' title). */
  title: string;
  /** When to use it, what it returns and what to call next. */
  description: string;
  input: In;
  output: Out;
  /**
   * Hints besides the title. `openWorldHint` is left at the protocol's
   * default, true (carrier and terminal data), which costs no token.
   */
  annotations: Pick<ToolAnnotations, 'readOnlyHint' | 'idempotentHint' | 'destructiveHint'>;
  /** Whether a call may run as a task (`tools/list`'s `execution`); without it, never. */
  execution?: ToolExecution;
  /** The tool's `_meta` in `tools/list` (for example the link to an MCP App view). */
  meta?: Readonly<Record<string, unknown>>;
  /**
   * Other names a parameter is accepted under (not advertised), e.g. the
   * names another server of the service uses; see {@link ParameterAlias}.
   */
  aliases?: Readonly<Record<string, ParameterAlias>>;
  /** What a 404 refers to, for the error message. */
  subject?: (args: z.output<In>) => ErrorSubject;
  run(
    args: z.output<In>,
    context: ToolRunContext,
  ): Promise<ToolAnswer<z.output<Out>> | InputRequiredResult>;
}

/** Another name of a parameter, and what that name implies of the other parameters. */
export interface ParameterAlias {
  /** The parameter it stands for. */
  for: string;
  /** Values it implies, e.g. `{ numberType: 'container' }` for `containerNumber`. */
  implies?: Readonly<Record<string, string>>;
}

/** Any tool definition, for lists of them. */
export type AnyToolDefinition = ToolDefinition<z.ZodObject, z.ZodObject>;

/**
 * What a tool module declares: a {@link ToolDefinition} whose schemas are
 * made on first use (by `tools/list` or a call), so that a server's start
 * builds none of them.
 */
export interface ToolDeclaration<In extends z.ZodObject, Out extends z.ZodObject>
  extends Omit<ToolDefinition<In, Out>, 'input' | 'output'> {
  /** Makes the tool's input and output schemas; called once, when first needed. */
  schemas(): { input: In; output: Out };
}

/** Declares a tool (typed by its schemas, which are made on first use). */
export function defineTool<In extends z.ZodObject, Out extends z.ZodObject>(
  declaration: ToolDeclaration<In, Out>,
): ToolDefinition<In, Out> {
  const { schemas, ...definition } = declaration;
  const made = lazy(schemas);
  return {
    ...definition,
    get input() {
      return made().input;
    },
    get output() {
      return made().output;
    },
  };
}

/** Hooks of {@link registerTool}. */
export interface RegisterToolOptions {
  /** Builds the per-request context. */
  context: (request: ServerContext) => ToolRunContext;
  /** Told about failures that are not the caller's (for the host's log). */
  onError?: (error: unknown, tool: string) => void;
  /** Where the host keeps each client's `logging/setLevel` (see `log-levels.ts`); default the server. */
  logLevels?: LogLevels;
  /** The description as this server gives it (default the tool's own). */
  description?: string;
}

/** The logger name of this server's log notifications. */
const SERVER_LOGGER = 'shiptrack';

/**
 * A parameter every tool accepts and ignores: a client written for the
 * service's hosted MCP server may send why it calls. It is not advertised.
 */
const IGNORED_PARAMETER = 'intent';

/** Where a zod issue points, as a parameter path. */
function issuePath(path: readonly PropertyKey[]): string {
  return path.length === 0 ? 'arguments' : path.map(String).join('.');
}

/**
 * Renames the aliases of a call's arguments to the parameters they stand
 * for, with what they imply; an alias that contradicts a parameter given
 * too is refused rather than one of them silently winning.
 */
function resolveAliases(
  tool: AnyToolDefinition,
  args: Record<string, unknown>,
): Record<string, unknown> {
  for (const [alias, target] of Object.entries(tool.aliases ?? {})) {
    if (!(alias in args)) continue;
    const value = args[alias];
    delete args[alias];
    const implied: Record<string, unknown> = { [target.for]: value, ...target.implies };
    for (const [name, wanted] of Object.entries(implied)) {
      if (args[name] !== undefined && args[name] !== wanted) {
        throw new ToolError(
          'invalid_argument',
          `${alias} gives ${name} ${JSON.stringify(wanted)}, but ${name} is ${JSON.stringify(args[name])}.`,
          { next: `Give ${alias} or ${name}, not both.` },
        );
      }
      args[name] = wanted;
    }
  }
  return args;
}

/**
 * Checks a call's arguments against the tool's zod input: an unknown
 * parameter is refused (never silently dropped), `intent` aside, and every
 * problem is named with its parameter, as an `invalid_argument` failure.
 */
function parseArguments<In extends z.ZodObject>(
  tool: ToolDefinition<In, z.ZodObject>,
  args: unknown,
): z.output<In> {
  const given =
    typeof args === 'object' && args !== null ? resolveAliases(tool, { ...args }) : args;
  if (typeof given === 'object' && given !== null) {
    const known = Object.keys(tool.input.shape);
    const unknown = Object.keys(given).filter(
      (key) => key !== IGNORED_PARAMETER && !known.includes(key),
    );
    if (unknown.length > 0) {
      throw new ToolError(
        'invalid_argument',
        `${tool.name} has no parameter ${unknown.join(', ')}.`,
        { next: `Call again with only its parameters: ${known.join(', ')}.` },
      );
    }
    delete (given as Record<string, unknown>)[IGNORED_PARAMETER];
  }
  const parsed = tool.input.safeParse(given ?? {});
  if (!parsed.success) {
    const problems = parsed.error.issues.map(
      (issue) => `${issuePath(issue.path)}: ${issue.message}`,
    );
    throw new ToolError(
      'invalid_argument',
      `Invalid arguments for ${tool.name} - ${problems.join('; ')}.`,
    );
  }
  return parsed.data;
}

/** A message for the client's log: the code and words the model sees, never a key. */
export interface ToolCallLog {
  level: 'warning' | 'info';
  data: Record<string, unknown>;
  logger: string;
}

/** What a call answered, and what it tells the client's log (a failure). */
export interface ToolCallOutcome {
  result: CallToolResult | InputRequiredResult;
  log?: ToolCallLog;
}

/**
 * Answers one call of `tool`: checks the arguments, runs it, checks the
 * answer against the zod output (without copying it, see
 * `output-check.ts`), and turns any failure (invalid arguments included)
 * into an `isError` result with its code in `_meta`. A
 * `ProtocolError` (a refused request) is thrown: it is the protocol's
 * answer, not the tool's. Shared by the registered handler and the hosts'
 * direct calls (`direct-tools.ts`), so both answer alike.
 */
export function answerToolCall(
  tool: AnyToolDefinition,
  raw: unknown,
  context: () => ToolRunContext,
  onError: ((error: unknown, tool: string) => void) | undefined,
): Promise<ToolCallOutcome> {
  return observeToolCall(
    tool.name,
    () => answer(tool, raw, context, onError),
    ({ result }) => isInputRequiredResult(result),
  );
}

/** {@link answerToolCall} without its telemetry. */
async function answer(
  tool: AnyToolDefinition,
  raw: unknown,
  context: () => ToolRunContext,
  onError: ((error: unknown, tool: string) => void) | undefined,
): Promise<ToolCallOutcome> {
  let args: z.output<z.ZodObject> | undefined;
  try {
    args = parseArguments(tool, raw);
    const answer = await tool.run(args, context());
    if (isInputRequiredResult(answer)) return { result: answer };
    // Read, not copied: the answer is copied once, without its nulls, by `toCallToolResult`.
    const problem = (await outputCheck(tool.output))(answer.structured);
    if (problem !== undefined) {
      throw new Error(`${tool.name} answered outside its output schema: ${problem}`);
    }
    return { result: toCallToolResult(answer) };
  } catch (error) {
    if (error instanceof ProtocolError) throw error;
    const failure = toToolError(error, args && tool.subject?.(args));
    if (failure.code === 'internal_error' || failure.code === 'service_error') {
      onError?.(error, tool.name);
    }
    return {
      result: errorResult(failure),
      log: {
        level: failure.retryable() ? 'warning' : 'info',
        data: { tool: tool.name, ...failure.detail() },
        logger: SERVER_LOGGER,
      },
    };
  }
}

/**
 * Registers a tool on the server: its schemas and annotations, and a
 * handler that answers with {@link answerToolCall} and sends its log
 * message to the client (if it asked for one).
 */
export function registerTool(
  server: McpServer,
  tool: AnyToolDefinition,
  options: RegisterToolOptions,
): void {
  const registered = server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: options.description ?? tool.description,
      // Arguments are checked in the handler, so that a refusal is a coded tool error.
      // Both made on first use (see `defineTool`): a server's start converts no schema.
      inputSchema: advertisedOnFirstUse(() => tool.input),
      // The answer is checked against the zod output here, before its nulls are left out.
      outputSchema: advertisedOnFirstUse(() => tool.output),
      annotations: { ...tool.annotations },
      ...(tool.meta ? { _meta: { ...tool.meta } } : {}),
    },
    async (raw, request): Promise<CallToolResult | InputRequiredResult> => {
      const { result, log } = await answerToolCall(
        tool,
        raw,
        () => options.context(request),
        options.onError,
      );
      // Before the answer: a stateless stream ends with it.
      if (log) await sendClientLog(request, log, options.logLevels);
      return result;
    },
  );
  // The SDK's registerTool takes no `execution`; its registered tool lists what it is given here.
  if (tool.execution) registered.execution = tool.execution;
}
