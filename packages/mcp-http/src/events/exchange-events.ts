/**
 * The MCP SDK's `EventStore` for one exchange: the events the transport
 * writes on a POST's SSE answer go to the shared {@link SseEventStore},
 * owned by the caller's account. A store failure never breaks the live
 * answer: the event is sent without an id (not resumable) and reported.
 */
import type { EventId, EventStore, JSONRPCMessage, StreamId } from '@modelcontextprotocol/server';
import type { SseEventStore } from './event-store.js';

/** Whether a message is a JSON-RPC response (the end of a request's stream). */
export function isAnswer(message: unknown): boolean {
  if (typeof message !== 'object' || message === null) return false;
  return 'id' in message && !('method' in message) && ('result' in message || 'error' in message);
}

/** The SSE data of a message: empty for the SDK's priming event (an empty object). */
function dataOf(message: JSONRPCMessage): string {
  return Object.keys(message).length === 0 ? '' : JSON.stringify(message);
}

/** An exchange's event store, and what it saw: a stored event, the answer. */
export class ExchangeEvents implements EventStore {
  readonly #store: SseEventStore;
  readonly #owner: string;
  readonly #onError: (error: unknown, where: string) => void;
  /** Answers still to come: one per request of the POST (a 2025-03-26 batch has several). */
  #pending: number;
  #answered: (() => void) | undefined;
  /** Whether an event was stored with an id: the client may resume the answer. */
  resumable = false;
  /** Whether every answer was stored: a resuming client gets them. */
  answered = false;

  constructor(
    store: SseEventStore,
    owner: string,
    onError: (error: unknown, where: string) => void,
    requests = 1,
  ) {
    this.#store = store;
    this.#owner = owner;
    this.#onError = onError;
    this.#pending = requests;
  }

  /** Calls `listener` once every answer is stored (at once if they already are). */
  onAnswered(listener: () => void): void {
    if (this.answered) listener();
    else this.#answered = listener;
  }

  /** Stores one event of the answer; `''` (no id) when the store failed. */
  async storeEvent(streamId: StreamId, message: JSONRPCMessage): Promise<EventId> {
    let eventId = '';
    try {
      eventId = await this.#store.append(streamId, this.#owner, dataOf(message));
      this.resumable = true;
    } catch (error) {
      this.#onError(error, 'sse event store');
    }
    if (isAnswer(message)) this.#pending -= 1;
    if (isAnswer(message) && this.#pending <= 0) {
      this.answered = true;
      this.#answered?.();
      this.#answered = undefined;
    }
    return eventId;
  }

  /** Sends the events after `lastEventId` of this account's stream; rejects for any other. */
  async replayEventsAfter(
    lastEventId: EventId,
    { send }: { send: (eventId: EventId, message: JSONRPCMessage) => Promise<void> },
  ): Promise<StreamId> {
    const page = await this.#store.readAfter(lastEventId, this.#owner);
    if (!page) throw new Error('No stream of this account has this event id.');
    for (const event of page.events) {
      if (event.data !== '') await send(event.id, JSON.parse(event.data) as JSONRPCMessage);
    }
    return page.streamId;
  }
}
