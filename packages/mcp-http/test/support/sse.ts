/**
 * Reading SSE answers as a client does: one frame at a time, with its
 * `id`, `retry` and `data` fields, from a `fetch` response body.
 */
import { McpServer } from '@modelcontextprotocol/server';
import type { ServerFactory } from '../../src/index.js';

/** One SSE frame (comment-only frames, the keep-alives, are skipped). */
export interface SseFrame {
  id?: string;
  retry?: number;
  event?: string;
  data: string;
}

function parseFrame(text: string): SseFrame | undefined {
  const frame: SseFrame = { data: '' };
  const data: string[] = [];
  let fields = 0;
  for (const line of text.split('\n')) {
    if (line === '' || line.startsWith(':')) continue;
    const colon = line.indexOf(':');
    const name = colon < 0 ? line : line.slice(0, colon);
    const value = colon < 0 ? '' : line.slice(colon + 1).replace(/^ /, '');
    fields += 1;
    if (name === 'id') frame.id = value;
    else if (name === 'retry') frame.retry = Number(value);
    else if (name === 'event') frame.event = value;
    else if (name === 'data') data.push(value);
  }
  frame.data = data.join('\n');
  return fields === 0 ? undefined : frame;
}

/** Reads the frames of an SSE body one by one. */
export class SseReader {
  readonly #reader: ReadableStreamDefaultReader<Uint8Array>;
  readonly #decoder = new TextDecoder();
  #buffer = '';

  constructor(body: ReadableStream<Uint8Array>) {
    this.#reader = body.getReader();
  }

  /** The next frame, or `undefined` when the stream ended. */
  async next(): Promise<SseFrame | undefined> {
    for (;;) {
      const end = this.#buffer.indexOf('\n\n');
      if (end >= 0) {
        const text = this.#buffer.slice(0, end);
        this.#buffer = this.#buffer.slice(end + 2);
        const frame = parseFrame(text);
        if (frame) return frame;
        continue;
      }
      const { done, value } = await this.#reader.read();
      if (done) return undefined;
      this.#buffer += this.#decoder.decode(value, { stream: true });
    }
  }

  /** Every remaining frame, until the stream ends. */
  async rest(): Promise<SseFrame[]> {
    const frames: SseFrame[] = [];
    for (let frame = await this.next(); frame; frame = await this.next()) frames.push(frame);
    return frames;
  }

  /** Drops the connection, as a broken network would. */
  async cancel(): Promise<void> {
    await this.#reader.cancel().catch(() => {});
  }
}

/** The SSE body of `response`, to read frame by frame. */
export function sseOf(response: Response): SseReader {
  if (response.body === null) throw new Error(`No body in the ${response.status} answer.`);
  return new SseReader(response.body);
}

/** `value`, which the test needs to go on; fails the test with `what` when it is missing. */
export function required<T>(value: T | undefined, what: string): T {
  if (value === undefined) throw new Error(`Expected ${what}.`);
  return value;
}

/** The JSON-RPC message of a frame (`undefined` for a priming event). */
export function messageOf(frame: SseFrame): Record<string, unknown> | undefined {
  return frame.data === '' ? undefined : (JSON.parse(frame.data) as Record<string, unknown>);
}

/**
 * A gate a test opens: the `count` tool of {@link gatedCounterFactory}
 * waits at it between its progress notifications.
 */
export class Gate {
  #open: (() => void) | undefined;
  #opened = new Promise<void>((resolve) => {
    this.#open = resolve;
  });

  /** Resolves once the gate is opened. */
  passed(): Promise<void> {
    return this.#opened;
  }

  open(): void {
    this.#open?.();
  }
}

/**
 * A server factory whose `count` tool sends progress 1, waits at `gate`,
 * sends progress 2 and 3, and answers "counted to 3": a multi-event SSE
 * answer that a test can break in the middle.
 */
export function gatedCounterFactory(gate: () => Gate): ServerFactory {
  return () => {
    const server = new McpServer({ name: 'gated-counter', version: '1.0.0' });
    server.registerTool('count', { description: 'Counts to 3 with progress.' }, async (ctx) => {
      const token = ctx.mcpReq._meta?.progressToken;
      const progress = (step: number) =>
        token === undefined
          ? Promise.resolve()
          : ctx.mcpReq.notify({
              method: 'notifications/progress',
              params: { progressToken: token, progress: step, total: 3 },
            });
      await progress(1);
      await gate().passed();
      await progress(2);
      await progress(3);
      return { content: [{ type: 'text', text: 'counted to 3' }] };
    });
    return server;
  };
}
