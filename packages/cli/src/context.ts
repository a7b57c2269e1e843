import {
  createClient,
  type FetchLike,
  type ResponseFormat,
  type ShiptrackClient,
} from '@shiptrack/sdk';
import { urlSecrets, usableBaseUrl } from './config/base-url.js';
import { configPath, readConfig } from './config/config-file.js';
import { resolveSettings, type Settings } from './config/settings.js';
import { CliError, usageError } from './errors/cli-error.js';
import { upstreamError } from './errors/upstream.js';
import { type AnswerGuard, guardFetch, maxResponseBytes } from './http/answer-guard.js';
import { parseFields } from './output/fields.js';
import { outputSettings } from './output/mode.js';
import { Printer, type Sink } from './output/printer.js';

/** The options every command takes (see `shiptrack --help`). */
export interface GlobalOptions {
  json?: boolean | undefined;
  table?: boolean | undefined;
  compact?: boolean | undefined;
  color?: boolean | undefined;
  fields?: string | undefined;
  /** `--jq`: a jq filter every JSON value printed goes through. */
  jq?: string | undefined;
  /** `--bare`: the records themselves, without the envelope. */
  bare?: boolean | undefined;
  format?: ResponseFormat | undefined;
  mock?: boolean | undefined;
  apiKey?: string | undefined;
  baseUrl?: string | undefined;
  maxRetries?: number | undefined;
  maxWait?: number | undefined;
  /** `--timeout`: how long a request (or the wait of `track --wait`) may take, in ms. */
  timeoutMs?: number | undefined;
}

/** SIGINT or SIGTERM: the signals that stop a run. */
export type StopSignal = 'SIGINT' | 'SIGTERM';

/** Where a run hears its stop signals, and how it ends the process when stopping takes too long. */
export interface RunProcess {
  on(signal: StopSignal, listener: () => void): unknown;
  off(signal: StopSignal, listener: () => void): unknown;
  /** Ends the process with this code, whatever is still pending. */
  exit(code: number): void;
}

/**
 * stdout or stderr: a sink that may be a terminal, with its size and the
 * `resize` event of Node's TTY streams (live views redraw on it).
 */
export type TerminalStream = Sink & {
  isTTY?: boolean;
  columns?: number;
  rows?: number;
  /**
   * Asks the terminal its size now and emits `resize` when it changed:
   * what Node's `tty.WriteStream` does on SIGWINCH (an internal method of
   * it, so optional: where it is missing, the size is the last signalled).
   */
  _refreshSize?(): void;
  on?(event: 'resize', listener: () => void): unknown;
  off?(event: 'resize', listener: () => void): unknown;
};

/** What `login` reads a key from: stdin, a terminal or a pipe. */
export type InputStream = NodeJS.ReadableStream & {
  isTTY?: boolean;
  setRawMode?(mode: boolean): unknown;
};

/**
 * The process as a run sees it: streams, environment (paths of the config
 * and state files included) and signals. The bin passes the process's own;
 * a test passes its own, so that `main` runs many times in one process and
 * no run reads or leaves anything global.
 */
export interface Io {
  out: TerminalStream;
  err: TerminalStream;
  in: InputStream;
  env: NodeJS.ProcessEnv;
  process: RunProcess;
}

/** The client of a run, and how to stop what it started (the embedded mock). */
interface OpenedClient {
  client: ShiptrackClient<ResponseFormat>;
  /** The service's time: the demo world's with `--mock`, else the wall clock. */
  now(): Date;
  dispose(): void;
}

/**
 * `SHIPTRACK_MOCK_START`: the instant the `--mock` demo world starts at, so
 * that its dates (and "today") are the same on every run; unset, now.
 */
function mockStart(env: NodeJS.ProcessEnv): Date | undefined {
  const text = env.SHIPTRACK_MOCK_START;
  if (text === undefined || text === '') return undefined;
  const start = new Date(text);
  if (Number.isNaN(start.getTime())) {
    throw usageError(
      `SHIPTRACK_MOCK_START "${text}": pass an ISO 8601 time, e.g. 2026-11-27T18:00:00Z.`,
    );
  }
  return start;
}

/** What a command runs with: its options, output and (made on first use) client. */
export class RunContext {
  readonly options: GlobalOptions;
  readonly printer: Printer;
  readonly io: Io;
  /** The response format asked for (`mapped` unless `--format` says otherwise). */
  readonly format: ResponseFormat;
  #opened: Promise<OpenedClient> | undefined;
  #settings: Promise<Settings> | undefined;
  #guard: AnswerGuard | undefined;
  readonly #secrets = new Set<string>();
  readonly #end: (reason: CliError) => void;

  /** `end` stops the run (aborts its signal) with a reason, when an answer is too large. */
  constructor(options: GlobalOptions, io: Io, end: (reason: CliError) => void) {
    this.options = options;
    this.io = io;
    this.#end = end;
    this.format = options.format ?? 'mapped';
    if (options.apiKey) this.#secrets.add(options.apiKey);
    if (io.env.SVC_API_TOKEN) this.#secrets.add(io.env.SVC_API_TOKEN);
    this.printer = new Printer({
      settings: outputSettings(
        { ...options, jsonOnly: options.bare === true || options.jq !== undefined },
        io.out,
        io.env,
      ),
      out: io.out,
      err: io.err,
      fields: options.fields === undefined ? undefined : parseFields(options.fields),
      bare: options.bare,
    });
  }

  /** Adds a value that must never be printed (a key typed at a prompt). */
  addSecret(secret: string): void {
    this.#secrets.add(secret);
  }

  /** Values that must never be printed (the API keys in use). */
  secrets(): string[] {
    return [...this.#secrets];
  }

  /** The config file's path. */
  configPath(): string {
    return configPath(this.io.env);
  }

  /** The API key and base URL with their sources (flag, environment, config file, default). */
  settings(): Promise<Settings> {
    this.#settings ??= (async () => {
      const path = this.configPath();
      const settings = resolveSettings({
        flags: { apiKey: this.options.apiKey, baseUrl: this.options.baseUrl },
        env: this.io.env,
        file: await readConfig(path),
        filePath: path,
      });
      if (settings.apiKey.value) this.#secrets.add(settings.apiKey.value);
      for (const part of urlSecrets(settings.baseUrl.value ?? '')) this.#secrets.add(part);
      return settings;
    })();
    return this.#settings;
  }

  /**
   * The fetch of this run's clients: bodies bounded by
   * `SHIPTRACK_MAX_RESPONSE_MB`, the last answer kept (see {@link explain}).
   */
  fetch(base: FetchLike = (input, init) => globalThis.fetch(input, init)): FetchLike {
    this.#guard ??= guardFetch(base, {
      maxBytes: maxResponseBytes(this.io.env),
      onTooLarge: this.#end,
    });
    return this.#guard.fetch;
  }

  /** A failure as the user should hear it: an SDK error about an answer becomes an upstream error. */
  explain(error: unknown): unknown {
    return upstreamError(error, this.#guard?.lastAnswer()) ?? error;
  }

  /** The SDK client: the embedded mock's with `--mock`, else from the settings. */
  async client(): Promise<ShiptrackClient<ResponseFormat>> {
    this.#opened ??= this.#open();
    return (await this.#opened).client;
  }

  /**
   * Now, as the service sees it: the demo world's time with `--mock` (see
   * `SHIPTRACK_MOCK_START`), else the wall clock. Days to a last free day
   * are counted from it.
   */
  async now(): Promise<Date> {
    this.#opened ??= this.#open();
    return (await this.#opened).now();
  }

  async #open(): Promise<OpenedClient> {
    const common = {
      format: this.format,
      maxRetries: this.options.maxRetries,
      maxRetryAfterMs: this.options.maxWait === undefined ? undefined : this.options.maxWait * 1000,
      timeoutMs: this.options.timeoutMs,
    };
    if (this.options.mock) {
      // Loaded only now: the bin's bundle keeps it in a file of its own (see tsup.config.ts).
      const { EMBEDDED_BASE_URL, startEmbeddedMockService } = await import(
        '@shiptrack/mock-server/embedded'
      );
      const embedded = startEmbeddedMockService({ startAt: mockStart(this.io.env) });
      const client = createClient({
        ...common,
        apiKey: embedded.apiKey,
        baseUrl: EMBEDDED_BASE_URL,
        fetch: this.fetch(embedded.fetch),
      });
      return { client, now: embedded.now, dispose: embedded.dispose };
    }
    const settings = await this.settings();
    const baseUrl = usableBaseUrl(settings.baseUrl);
    if (settings.apiKey.source === 'flag') {
      this.printer.warn(
        '--api-key is visible to other users in `ps` and stays in shell history; prefer SVC_API_TOKEN or `shiptrack login`.',
      );
    }
    const apiKey = settings.apiKey.value;
    if (!apiKey) {
      throw new CliError(
        'authentication',
        'missing_api_key',
        'No API key: pass --api-key, set SVC_API_TOKEN or run `shiptrack login` (or add --mock to try the demo data).',
      );
    }
    const client = createClient({ ...common, apiKey, baseUrl, fetch: this.fetch() });
    return { client, now: () => new Date(), dispose: () => {} };
  }

  /** Stops the embedded mock, if one was started. */
  async dispose(): Promise<void> {
    if (this.#opened === undefined) return;
    try {
      (await this.#opened).dispose();
    } catch {
      // Opening failed: nothing was started.
    }
  }
}
