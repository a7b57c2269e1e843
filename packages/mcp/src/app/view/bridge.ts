/**
 * The view's side of the MCP Apps extension: JSON-RPC 2.0 over
 * `postMessage` with the host window. Written against the extension's own
 * message types (type-only imports: nothing of the SDK's runtime is
 * bundled into the view, which keeps the document small).
 */
import type {
  LATEST_PROTOCOL_VERSION,
  McpUiHostCapabilities,
  McpUiHostContext,
  McpUiInitializeResult,
} from '@modelcontextprotocol/ext-apps';
import { asObject, type Json } from './read.js';

/** The extension revision this view speaks (checked against the SDK's constant at compile time). */
const PROTOCOL_VERSION: typeof LATEST_PROTOCOL_VERSION = '2026-01-26';

/** How long the view waits for the host to answer a request (a tool call included). */
const REQUEST_TIMEOUT_MS = 60_000;

/** A JSON-RPC error the host answered with, or its silence. */
export class HostRequestError extends Error {
  override readonly name = 'HostRequestError';
  constructor(
    readonly method: string,
    readonly code: number,
    message: string,
  ) {
    super(`${method} failed: ${message}`);
  }
}

type Handler = (params: Json) => void;

/** What the host said at `ui/initialize`. */
export interface HostHello {
  context: McpUiHostContext;
  capabilities: McpUiHostCapabilities;
}

/** A connection to the host window. */
export class HostBridge {
  private nextId = 1;
  private readonly pending = new Map<
    number,
    { method: string; resolve(value: Json): void; reject(error: Error): void }
  >();
  private readonly handlers = new Map<string, Handler>();

  constructor(private readonly host: Window) {
    window.addEventListener('message', (event) => {
      if (event.source === this.host) this.receive(event.data);
    });
  }

  /** Handles a notification from the host (`ui/notifications/tool-result`, ...). */
  on(method: string, handler: Handler): void {
    this.handlers.set(method, handler);
  }

  /** Sends a request and resolves with its result; rejects when the host has not answered in time. */
  request(method: string, params: Json): Promise<Json> {
    const id = this.nextId++;
    return new Promise<Json>((resolve, reject) => {
      const timer = setTimeout(() => {
        this.pending.delete(id);
        reject(
          new HostRequestError(
            method,
            -32001,
            `no answer from the host in ${REQUEST_TIMEOUT_MS / 1000} s`,
          ),
        );
      }, REQUEST_TIMEOUT_MS);
      const settle = { resolve, reject };
      this.pending.set(id, {
        method,
        resolve: (value) => {
          clearTimeout(timer);
          settle.resolve(value);
        },
        reject: (error) => {
          clearTimeout(timer);
          settle.reject(error);
        },
      });
      this.post({ jsonrpc: '2.0', id, method, params });
    });
  }

  /** Sends a notification. */
  notify(method: string, params: Json = {}): void {
    this.post({ jsonrpc: '2.0', method, params });
  }

  /** The handshake: `ui/initialize`, then `ui/notifications/initialized`. */
  async initialize(name: string, version: string): Promise<HostHello> {
    const result = (await this.request('ui/initialize', {
      appInfo: { name, version },
      appCapabilities: {},
      protocolVersion: PROTOCOL_VERSION,
    })) as Partial<McpUiInitializeResult>;
    this.notify('ui/notifications/initialized');
    return { context: result.hostContext ?? {}, capabilities: result.hostCapabilities ?? {} };
  }

  /** Calls a tool of this server through the host. */
  callTool(name: string, args: Json): Promise<Json> {
    return this.request('tools/call', { name, arguments: args });
  }

  private post(message: Json): void {
    this.host.postMessage(message, '*');
  }

  private receive(data: unknown): void {
    const message = asObject(data);
    if (message?.jsonrpc !== '2.0') return;
    const { id, method } = message;
    if (typeof method === 'string') {
      if (typeof id === 'number' || typeof id === 'string') this.answer(id, method);
      else this.handlers.get(method)?.(asObject(message.params) ?? {});
      return;
    }
    const waiting = typeof id === 'number' ? this.pending.get(id) : undefined;
    if (!waiting || typeof id !== 'number') return;
    this.pending.delete(id);
    const error = asObject(message.error);
    if (error) {
      waiting.reject(
        new HostRequestError(waiting.method, Number(error.code), String(error.message)),
      );
    } else {
      waiting.resolve(asObject(message.result) ?? {});
    }
  }

  /** Requests from the host: teardown and ping are acknowledged; nothing else is offered. */
  private answer(id: number | string, method: string): void {
    if (method === 'ui/resource-teardown' || method === 'ping') {
      this.post({ jsonrpc: '2.0', id, result: {} });
    } else {
      this.post({
        jsonrpc: '2.0',
        id,
        error: { code: -32601, message: `Method not found: ${method}` },
      });
    }
  }
}
