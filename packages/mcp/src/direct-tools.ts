/**
 * Tool calls without an MCP server, for hosts that answer a plain stateless
 * `tools/call` themselves (`@shiptrack/mcp-http`'s fast path): the same
 * definitions and the same {@link answerToolCall} as the registered tools,
 * so both answer alike. Only the tools that read nothing of the request
 * but their arguments are served: `track_container` asks the user, waits
 * with progress and runs as a task, so it always needs the server.
 */
import type { ServerContext } from '@modelcontextprotocol/server';
import type { Mirror } from '@shiptrack/mirror';
import type { ShiptrackClient } from '@shiptrack/sdk';
import type { HandlerContext, MirrorSource } from './core/context.js';
import {
  type AnyToolDefinition,
  answerToolCall,
  type ToolCallOutcome,
  type ToolRunContext,
} from './core/define-tool.js';
import type { ShippingLineCache } from './core/shipping-line-cache.js';
import { mirrorSource } from './server.js';
import { fetchAllShippingLines } from './service/shipping-lines.js';
import { selectTools, type ToolSelection } from './tools/selection.js';

/**
 * What every direct call shares, as the default factory's servers do, and
 * which tools they serve (`readOnly`, `tools`, `toolsets`, as theirs).
 */
export interface DirectToolsOptions extends ToolSelection {
  shippingLineCache: ShippingLineCache;
  /** The mirror of the calls that ask for it (`DirectCaller.useMirror`). */
  mirror?: Mirror;
  mirrorMaxAgeMs?: number;
  /** Told about failures that are not the caller's. */
  onError?: (error: unknown, where: string) => void;
  /** The clock (default: the system clock). */
  now?: () => Date;
}

/** Whose call it is. */
export interface DirectCaller {
  /** The caller's own SDK client (never another key's). */
  client: ShiptrackClient;
  /** The account's entry in the shipping-line cache (`createServer`'s `cacheKey`). */
  cacheKey: string;
  /** Whether the call answers from the mirror (the mirror's own account). */
  useMirror: boolean;
}

/** The tools a host may call directly. */
export interface DirectTools {
  /** Whether `name` is a tool served directly (any other goes to the server). */
  serves(name: string): boolean;
  /** Answers one call of a tool `serves` names, as the registered tool would. */
  call(name: string, args: unknown, caller: DirectCaller): Promise<ToolCallOutcome>;
}

/** A member of the run context that only a request through the server has. */
function serverOnly(member: string): never {
  throw new Error(`${member} needs the MCP server: this tool cannot be called directly.`);
}

/**
 * The run context of a direct call: no progress token, no back-channel, no
 * task. A class, so that its members are on the prototype rather than
 * made for every call.
 */
class DirectContext implements ToolRunContext {
  readonly progressRequested = false;
  readonly taskRequest = undefined;
  /** Present only for a call that answers from the mirror. */
  declare readonly mirror?: MirrorSource;

  constructor(
    readonly client: () => ShiptrackClient,
    readonly shippingLines: HandlerContext['shippingLines'],
    readonly now: () => Date,
    mirror: MirrorSource | undefined,
  ) {
    if (mirror) this.mirror = mirror;
  }

  get request(): ServerContext {
    return serverOnly('request');
  }
  canElicit(): never {
    return serverOnly('canElicit');
  }
  progress(): void {}
  get trackingWait(): never {
    return serverOnly('trackingWait');
  }
  get trackingTasks(): never {
    return serverOnly('trackingTasks');
  }
  requestState(): never {
    return serverOnly('requestState');
  }
  get confirmTrackingRequests(): never {
    return serverOnly('confirmTrackingRequests');
  }
}

/** The tools served directly, with what they share. */
export function createDirectTools(options: DirectToolsOptions): DirectTools {
  const tools = new Map<string, AnyToolDefinition>(
    selectTools(options)
      .filter((tool) => tool.execution === undefined)
      .map((tool) => [tool.name, tool]),
  );
  const mirror: MirrorSource | undefined = options.mirror
    ? mirrorSource(options.mirror, options.mirrorMaxAgeMs)
    : undefined;
  const now = options.now ?? (() => new Date());
  const cache = options.shippingLineCache;
  return {
    serves: (name) => tools.has(name),
    call: (name, args, caller) => {
      const tool = tools.get(name);
      if (tool === undefined) throw new Error(`${name} is not a tool served directly.`);
      const { client, cacheKey } = caller;
      const context = () =>
        new DirectContext(
          () => client,
          () => cache.get(cacheKey, () => fetchAllShippingLines(client)),
          now,
          caller.useMirror ? mirror : undefined,
        );
      return answerToolCall(tool, args, context, options.onError);
    },
  };
}
