import {
  APIError,
  type MappedContainer,
  type MappedPort,
  type MappedTerminal,
  type ShiptrackClient,
} from '@shiptrack/sdk';

/** What a tool shows of the terminal a container is at or bound for. */
export interface TerminalFacts {
  /** The terminal's name; `null` when none is named, or it could not be read. */
  name: string | null;
  /**
   * The time zone of the port of discharge: the container's `podTimezone`,
   * else its shipment's, else (when asked for) that of the terminal's port;
   * `null` when none is known.
   */
  timeZone: string | null;
}

/** A record a container or shipment points at: the included one, or its id. */
export interface TerminalReference {
  podTerminal?: MappedTerminal | null;
  podTerminalId?: string | null;
}

/** Records one lookup (one tool call) reads at most, by default. */
const DEFAULT_MAX_READS = 5;

/**
 * Reads the terminals that a `pod_terminal` relationship names when the
 * record was not included (`client.terminals.get`), and the port of such a
 * terminal when a last free day must be counted and no time zone came with
 * the container (`client.ports.get`). One lookup serves one tool call:
 * each distinct record is read once, and at most `maxReads` records are
 * read in all, so the cost stays bounded whatever the page size. A read
 * over the cap, or one that fails, leaves the fact `null` and is counted in
 * {@link TerminalLookup.unread}.
 */
export class TerminalLookup {
  readonly #client: ShiptrackClient;
  readonly #maxReads: number;
  readonly #terminals = new Map<string, Promise<MappedTerminal | null>>();
  readonly #ports = new Map<string, Promise<MappedPort | null>>();
  readonly #unread = new Set<string>();
  #reads = 0;

  constructor(client: ShiptrackClient, options: { maxReads?: number } = {}) {
    this.#client = client;
    this.#maxReads = options.maxReads ?? DEFAULT_MAX_READS;
  }

  /** Distinct records that were named but not read (over the cap, or the read failed). */
  get unread(): number {
    return this.#unread.size;
  }

  /** The terminal a record points at: the included one, else read by its id. */
  terminal(record: TerminalReference): Promise<MappedTerminal | null> {
    if (record.podTerminal) return Promise.resolve(record.podTerminal);
    const id = record.podTerminalId;
    if (!id) return Promise.resolve(null);
    return this.#once('terminal', this.#terminals, id, () =>
      this.#client.terminals.get(id, { format: 'mapped' }),
    );
  }

  /**
   * The name and time zone of a container's terminal. With `timeZone`,
   * the terminal's port is read when neither the container nor its
   * included shipment carries the port's time zone.
   */
  async facts(container: MappedContainer, options: { timeZone: boolean }): Promise<TerminalFacts> {
    const terminal = await this.terminal(container);
    let timeZone = container.podTimezone ?? container.shipment?.podTimezone ?? null;
    if (timeZone === null && options.timeZone && terminal) {
      const portId = terminal.portId;
      const port =
        terminal.port ??
        (portId
          ? await this.#once('port', this.#ports, portId, () =>
              this.#client.ports.get(portId, { format: 'mapped' }),
            )
          : null);
      timeZone = port?.timeZone ?? null;
    }
    return { name: terminal?.name ?? null, timeZone };
  }

  #once<T>(
    kind: 'terminal' | 'port',
    cache: Map<string, Promise<T | null>>,
    id: string,
    read: () => Promise<T>,
  ): Promise<T | null> {
    const key = `${kind}:${id}`;
    let found = cache.get(id);
    if (found === undefined) {
      if (this.#reads >= this.#maxReads) {
        this.#unread.add(key);
        return Promise.resolve(null);
      }
      this.#reads += 1;
      found = read().catch((error: unknown) => {
        // A missing or unreadable reference leaves the fact unknown; it does not fail the tool.
        if (!(error instanceof APIError)) throw error;
        this.#unread.add(key);
        return null;
      });
      cache.set(id, found);
    }
    return found;
  }
}
