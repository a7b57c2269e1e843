import type { McpServer, ServerContext } from '@modelcontextprotocol/server';
import { CLIENT_CAPABILITIES_META_KEY } from '@modelcontextprotocol/server';
import type { Mirror } from '@shiptrack/mirror';
import type { MappedShippingLine, ShiptrackClient } from '@shiptrack/sdk';

/** The mirror a server answers from, and how old a copy `get_container` accepts. */
export interface MirrorSource {
  readonly mirror: Mirror;
  /** A container's copy older than this (now minus `asOf`) is read from REST instead. */
  readonly maxAgeMs: number;
}

/** What every tool, prompt and resource handler is given. */
export interface HandlerContext {
  /** The SDK client; throws the SDK's `ConfigurationError` when no API key is configured. */
  client(): ShiptrackClient;
  /** Every supported shipping line, from the shared cache. */
  shippingLines(): Promise<readonly MappedShippingLine[]>;
  /** The current time (injectable for tests). */
  now(): Date;
  /** The mirror the lists, searches and fresh container reads answer from, when configured. */
  mirror?: MirrorSource;
}

/** How long `track_container` follows a new or pending request while the client watches progress. */
export interface TrackingWait {
  /** The whole wait, in ms; 0 never waits. */
  timeoutMs: number;
  /** The first pause between checks, in ms (each next one 1.5 times longer, as the SDK's `waitFor`). */
  intervalMs: number;
}

/** The parts of a client's capabilities this server reads. */
interface DeclaredCapabilities {
  elicitation?: { form?: unknown; url?: unknown } | Record<string, never>;
}

function readCapabilities(value: unknown): DeclaredCapabilities | undefined {
  // The envelope is untyped JSON from the client; only `elicitation` is read, defensively.
  return typeof value === 'object' && value !== null ? (value as DeclaredCapabilities) : undefined;
}

/**
 * Tells whether the client of this request can answer a form elicitation
 * on the connection it uses: on the 2026-07-28 revision from the request's
 * own capability envelope (the client fulfils `input_required` results and
 * retries), on the 2025 revisions from the capabilities it declared at
 * `initialize` (the SDK then sends `elicitation/create` over the open
 * connection). A stateless 2025 HTTP request never saw an `initialize`, so
 * it has no back-channel and this answers false.
 */
export function supportsFormElicitation(server: McpServer, request: ServerContext): boolean {
  const envelope = request.mcpReq.envelope as Record<string, unknown> | undefined;
  const declared =
    readCapabilities(envelope?.[CLIENT_CAPABILITIES_META_KEY]) ??
    // Deprecated in the SDK, but the only place the 2025 handshake's capabilities live.
    readCapabilities(server.server.getClientCapabilities());
  const elicitation = declared?.elicitation;
  if (elicitation === undefined || elicitation === null) return false;
  // A bare `elicitation: {}` (the 2025-06-18 form) means form support.
  return 'form' in elicitation || !('url' in elicitation);
}
