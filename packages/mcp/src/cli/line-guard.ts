/**
 * The first reader of stdin: splits it into lines and lets through only
 * those that hold one JSON-RPC message. The SDK's stdio transport skips a
 * line that is not JSON without a word, and reports a batch or any other
 * non-message to `onerror` with its whole validation tree, answering
 * nothing: the client waits for an answer that never comes. Here such a
 * line gets the error JSON-RPC names for it, on stdout (protocol, so the
 * client can read it), and one short line on stderr.
 */
import { Transform, type TransformCallback } from 'node:stream';
import {
  INVALID_REQUEST,
  PARSE_ERROR,
  parseJSONRPCMessage,
  STDIO_DEFAULT_MAX_BUFFER_SIZE,
} from '@modelcontextprotocol/server';

/** What {@link JsonRpcLineGuard} needs. */
export interface JsonRpcLineGuardOptions {
  /** Writes one JSON-RPC message line (an error response) to the client. */
  reply: (line: string) => void;
  /** Writes one short log line. */
  log: (message: string) => void;
  /** Longest line in bytes (default: the SDK's stdio buffer limit, 10 MiB). */
  maxLineBytes?: number;
}

const NEWLINE = 0x0a;

/** The id to answer an invalid message with: a request's own, else `null` (JSON-RPC 2.0, 5.1). */
function answerableId(value: unknown): string | number | null {
  if (typeof value !== 'object' || value === null || Array.isArray(value)) return null;
  const id: unknown = Reflect.get(value, 'id');
  if (typeof Reflect.get(value, 'method') !== 'string') return null;
  return typeof id === 'string' || typeof id === 'number' ? id : null;
}

/**
 * A transform from raw stdin to lines of single JSON-RPC messages; put it
 * between stdin and the SDK's `StdioServerTransport`. Blank lines are
 * skipped; a line that is not JSON is answered with -32700 Parse error, a
 * batch, an over-long line or a value that is not a JSON-RPC message with
 * -32600 Invalid Request.
 */
export class JsonRpcLineGuard extends Transform {
  readonly #reply: (line: string) => void;
  readonly #log: (message: string) => void;
  readonly #maxLineBytes: number;
  #pending: Buffer[] = [];
  #pendingBytes = 0;
  /** Inside a line already over the limit: dropped up to its end. */
  #overLimit = false;
  #lineNumber = 0;

  constructor(options: JsonRpcLineGuardOptions) {
    super();
    this.#reply = options.reply;
    this.#log = options.log;
    this.#maxLineBytes = options.maxLineBytes ?? STDIO_DEFAULT_MAX_BUFFER_SIZE;
  }

  override _transform(chunk: Buffer, _encoding: BufferEncoding, callback: TransformCallback): void {
    let start = 0;
    for (let end = chunk.indexOf(NEWLINE); end !== -1; end = chunk.indexOf(NEWLINE, start)) {
      this.#endLine(chunk.subarray(start, end));
      start = end + 1;
    }
    this.#hold(chunk.subarray(start));
    callback();
  }

  override _flush(callback: TransformCallback): void {
    if (this.#overLimit || Buffer.concat(this.#pending).toString('utf8').trim() !== '') {
      this.#log(`stdin ended inside line ${this.#lineNumber + 1} (no newline after it); ignored`);
    }
    callback();
  }

  #hold(part: Buffer): void {
    if (part.length === 0 || this.#overLimit) return;
    this.#pendingBytes += part.length;
    if (this.#pendingBytes > this.#maxLineBytes) {
      this.#overLimit = true;
      this.#pending = [];
      this.#pendingBytes = 0;
      return;
    }
    this.#pending.push(part);
  }

  #endLine(tail: Buffer): void {
    this.#lineNumber += 1;
    const tooLong = this.#overLimit || this.#pendingBytes + tail.length > this.#maxLineBytes;
    const bytes = tooLong ? undefined : Buffer.concat([...this.#pending, tail]);
    this.#pending = [];
    this.#pendingBytes = 0;
    this.#overLimit = false;
    if (bytes === undefined) {
      this.#refuse(
        INVALID_REQUEST,
        `Invalid Request: the line is longer than ${this.#maxLineBytes} bytes.`,
        `is longer than ${this.#maxLineBytes} bytes`,
      );
      return;
    }
    this.#check(bytes.toString('utf8').replace(/\r$/, ''));
  }

  #check(line: string): void {
    if (line.trim() === '') return;
    let value: unknown;
    try {
      value = JSON.parse(line);
    } catch {
      this.#refuse(
        PARSE_ERROR,
        'Parse error: the line is not valid JSON. Send one JSON-RPC message per line.',
        'is not JSON',
      );
      return;
    }
    if (Array.isArray(value)) {
      this.#refuse(
        INVALID_REQUEST,
        'Invalid Request: JSON-RPC batches are not supported (MCP removed batching in protocol 2025-06-18). Send one message per line.',
        'is a JSON-RPC batch',
      );
      return;
    }
    try {
      parseJSONRPCMessage(value);
    } catch {
      this.#refuse(
        INVALID_REQUEST,
        'Invalid Request: the line is not a JSON-RPC 2.0 request, notification or response.',
        'is not a JSON-RPC message',
        answerableId(value),
      );
      return;
    }
    this.push(`${line}\n`);
  }

  #refuse(code: number, message: string, what: string, id: string | number | null = null): void {
    this.#reply(`${JSON.stringify({ jsonrpc: '2.0', id, error: { code, message } })}\n`);
    const name = code === PARSE_ERROR ? 'Parse error' : 'Invalid Request';
    this.#log(`stdin line ${this.#lineNumber} ${what}: answered ${code} ${name}`);
  }
}
