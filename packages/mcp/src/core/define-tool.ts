import {
  type CallToolResult,
  type InputRequiredResult,
  isInputRequiredResult,
  type McpServer,
  type ServerContext,
  type ToolAnnotations,
} from '@modelcontextprotocol/server';
import type { z } from 'zod';
import { compactSchema } from './compact-schema.js';
import type { HandlerContext } from './context.js';
import { type ErrorSubject, errorResult, toToolError } from './errors.js';
import { type ToolAnswer, toCallToolResult } from './tool-result.js';

/** What a tool's `run` is given besides its arguments. */
export interface ToolRunContext extends HandlerContext {
  /** The MCP request being served. */
  request: ServerContext;
  /** Tells whether the client can answer a form elicitation on this request. */
  canElicit(): boolean;
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
  /** Hints besides the title; `openWorldHint` is always true (carrier and terminal data). */
  annotations: Pick<ToolAnnotations, 'readOnlyHint' | 'idempotentHint' | 'destructiveHint'>;
  /** The tool's `_meta` in `tools/list` (for example the link to an MCP App view). */
  meta?: Readonly<Record<string, unknown>>;
  /** What a 404 refers to, for the error message. */
  subject?: (args: z.output<In>) => ErrorSubject;
  run(
    args: z.output<In>,
    context: ToolRunContext,
  ): Promise<ToolAnswer<z.output<Out>> | InputRequiredResult>;
}

/** Any tool definition, for lists of them. */
export type AnyToolDefinition = ToolDefinition<z.ZodObject, z.ZodObject>;

/** Declares a tool (typed by its schemas). */
export function defineTool<In extends z.ZodObject, Out extends z.ZodObject>(
  definition: ToolDefinition<In, Out>,
): ToolDefinition<In, Out> {
  return definition;
}

/** Hooks of {@link registerTool}. */
export interface RegisterToolOptions {
  /** Builds the per-request context. */
  context: (request: ServerContext) => ToolRunContext;
  /** Told about failures that are not the caller's (for the host's log). */
  onError?: (error: unknown, tool: string) => void;
}

/**
 * Registers a tool on the server: its schemas and annotations, and a
 * handler that turns the answer into text, links and `structuredContent`,
 * and any failure into a distinct `isError` result.
 */
export function registerTool(
  server: McpServer,
  tool: AnyToolDefinition,
  options: RegisterToolOptions,
): void {
  server.registerTool(
    tool.name,
    {
      title: tool.title,
      description: tool.description,
      inputSchema: compactSchema(tool.input),
      outputSchema: compactSchema(tool.output),
      annotations: { title: tool.title, openWorldHint: true, ...tool.annotations },
      ...(tool.meta ? { _meta: { ...tool.meta } } : {}),
    },
    async (args, request): Promise<CallToolResult | InputRequiredResult> => {
      try {
        const answer = await tool.run(args, options.context(request));
        if (isInputRequiredResult(answer)) return answer;
        return toCallToolResult(answer);
      } catch (error) {
        const failure = toToolError(error, tool.subject?.(args));
        if (failure.code === 'internal_error' || failure.code === 'service_error') {
          options.onError?.(error, tool.name);
        }
        return errorResult(failure);
      }
    },
  );
}
