/**
 * The fast path: a plain stateless `tools/call` or `tools/list`
 * (`fast-rule.ts`) answered without building or running an MCP server.
 * The body was parsed once by the endpoint; the tool checks its arguments
 * with its zod input (built once, with the module) and runs with the
 * caller's own SDK client (`@shiptrack/mcp`'s direct tools, the same code
 * as the registered tools); the answer is serialized once. `tools/list` is
 * the full server's answer, kept per era and capabilities. Nothing is kept
 * between calls but that list and what the default factory's servers share
 * anyway (the shipping-line cache, keyed per account).
 */
import type { JSONRPCMessage } from '@modelcontextprotocol/server';
import type { DirectTools, ToolCallOutcome } from '@shiptrack/mcp';
import type { KeyedClient } from '../clients/client-cache.js';
import type { DirectAnswer } from '../events/resumable-legacy.js';
import type { PreparedAnswer } from '../http/prepared-answer.js';
import type { HeaderReader } from '../http/request-head.js';
import { type FastRequest, fastRequestOf } from './fast-rule.js';
import type { CallerLogLevels, LogCaller } from './log-levels.js';
import { jsonAnswer, modernAnswerAround, modernAnswerText } from './modern-answer.js';
import { ToolsListCache } from './tools-list-cache.js';

/** What the fast path needs. */
export interface FastPathOptions {
  /** The default factory's tools, called directly. */
  tools: DirectTools;
  /** The account (key fingerprint) whose calls answer from the mirror. */
  mirrorAccount?: Promise<string>;
  /** The log level each caller set (`logging/setLevel`), which a failure's log message is held to. */
  logLevels: CallerLogLevels;
}

/** The fast path of one endpoint. */
export class FastPath {
  readonly #tools: DirectTools;
  readonly #mirrorAccount: Promise<string> | undefined;
  readonly #logLevels: CallerLogLevels;
  readonly #lists = new ToolsListCache();

  constructor(options: FastPathOptions) {
    this.#tools = options.tools;
    this.#mirrorAccount = options.mirrorAccount;
    this.#logLevels = options.logLevels;
  }

  /** The request this path answers, or `undefined` when the full server must. */
  admit(body: unknown, headers: HeaderReader): FastRequest | undefined {
    const fast = fastRequestOf(body, headers);
    if (fast?.method === 'tools/call' && !this.#tools.serves(fast.name ?? '')) return undefined;
    return fast;
  }

  /**
   * The JSON answer of a 2026-07-28 request; `undefined` for a `tools/list`
   * whose answer is not kept yet (the full server answers, and
   * {@link keep} keeps it).
   */
  modern(fast: FastRequest, keyed: KeyedClient): Promise<PreparedAnswer> | undefined {
    if (fast.method === 'tools/list') {
      const kept = this.#lists.get(fast.listKey);
      return kept && Promise.resolve(jsonAnswer(modernAnswerAround(fast.id, kept.json)));
    }
    return this.#call(fast, keyed).then(({ result }) =>
      jsonAnswer(modernAnswerText(fast.id, result)),
    );
  }

  /**
   * The answer of a 2025-11-25 request: one JSON body when its whole answer
   * is the result (a kept `tools/list`, a call whose log message `caller`'s
   * level silences or that logs nothing), else what its resumable SSE answer
   * carries, written by the transport as the full server's would be (the
   * failure's log message, then the answer; a thrown failure answered with
   * its JSON-RPC error there, as before); `undefined` for a `tools/list` not
   * kept yet.
   */
  legacy(
    fast: FastRequest,
    keyed: KeyedClient,
    caller: LogCaller,
  ): Promise<PreparedAnswer | DirectAnswer> | undefined {
    const { id } = fast;
    if (fast.method === 'tools/list') {
      const kept = this.#lists.get(fast.listKey);
      // The kept result is the 2025 server's own (the list key names the era).
      return kept && Promise.resolve(jsonAnswer(modernAnswerAround(id, kept.json)));
    }
    return this.#call(fast, keyed).then(
      async ({ result, log }): Promise<PreparedAnswer | DirectAnswer> => {
        const shown = log && !(await this.#logLevels.silences(caller, log.level)) ? log : undefined;
        if (!shown) return jsonAnswer(JSON.stringify({ result, jsonrpc: '2.0', id }));
        return async (send) => {
          await send({
            jsonrpc: '2.0',
            method: 'notifications/message',
            params: { level: shown.level, data: shown.data, logger: shown.logger },
          });
          // Safe: a tool result is a JSON-RPC result object (its members are JSON).
          await send({ result, jsonrpc: '2.0', id } as JSONRPCMessage);
        };
      },
      (error: unknown): DirectAnswer =>
        () =>
          Promise.reject(error),
    );
  }

  /** Keeps the full server's `tools/list` answer for the next requests like `fast`. */
  keep(fast: FastRequest, response: Response): Promise<Response> {
    return this.#lists.keep(fast.listKey, fast.id, response);
  }

  async #call(fast: FastRequest, keyed: KeyedClient): Promise<ToolCallOutcome> {
    const useMirror =
      this.#mirrorAccount !== undefined && (await this.#mirrorAccount) === keyed.fingerprint;
    return this.#tools.call(fast.name ?? '', fast.arguments, {
      client: keyed.client,
      cacheKey: keyed.fingerprint,
      useMirror,
    });
  }
}
