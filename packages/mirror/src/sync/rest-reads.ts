import {
  InvalidArgumentError,
  NotFoundError,
  type Page,
  RateLimitError,
  type ShiptrackClient,
  type WithResponse,
} from '@shiptrack/sdk';
import type { SyncPacer } from './pacer.js';

/** What one REST read gave: every resource of the document (data and included), and whether a next page exists. */
export interface RestRead {
  readonly resources: unknown[];
  readonly hasNext: boolean;
  /** When its answer came, on the sync's clock (ms): the read is dated no earlier. */
  readonly readAt: number;
}

/** A page of notifications: the notifications, and every resource (their reference objects too). */
export interface NotificationPage extends RestRead {
  readonly notifications: unknown[];
}

/** A lister of one resource group for the full sync. */
export type FullSyncStep = 'tracking_requests' | 'shipments' | 'containers';

/** The full sync's steps, in order. */
export const FULL_SYNC_STEPS: readonly FullSyncStep[] = [
  'tracking_requests',
  'shipments',
  'containers',
];

type AnyClient = ShiptrackClient<'mapped' | 'raw' | 'both'>;

/**
 * How many 429s in a row one read waits out before the sync gives up (it
 * then fails with the `RateLimitError`; the next sync continues where it
 * stopped).
 */
export const RATE_LIMITED_ATTEMPTS = 5;

function resourcesOf(document: unknown): unknown[] {
  if (typeof document !== 'object' || document === null) return [];
  const { data, included } = document as { data?: unknown; included?: unknown };
  const primary = Array.isArray(data) ? data : data === undefined || data === null ? [] : [data];
  return [...primary, ...(Array.isArray(included) ? included : [])];
}

/**
 * The only code that calls REST for the mirror: raw JSON:API documents (the
 * same shape deliveries carry), each call paced and its bucket learnt.
 */
export class RestReads {
  constructor(
    private readonly client: AnyClient,
    private readonly pacer: SyncPacer,
    private readonly signal: AbortSignal | undefined,
    private readonly now: () => number,
  ) {}

  /** Requests sent so far. */
  requests = 0;

  /**
   * One read within the sync's share of the limit. A 429 from the service
   * that the client did not wait out itself (its `Retry-After` beyond the
   * client's `maxRetryAfterMs`, or its retries spent) is waited out here,
   * `Retry-After` long (a whole window when the service gave none), up to
   * {@link RATE_LIMITED_ATTEMPTS} times: a backfill is in no hurry.
   */
  private async paced<T extends { rateLimit: Parameters<SyncPacer['observe']>[0] }>(
    call: () => Promise<T>,
  ): Promise<T & { readAt: number }> {
    for (let attempt = 1; ; attempt += 1) {
      await this.pacer.reserve(this.signal);
      this.requests += 1;
      try {
        const answer = await call();
        const readAt = this.now();
        this.pacer.observe(answer.rateLimit);
        return { ...answer, readAt };
      } catch (error) {
        // The SDK refused an argument before sending anything: no request went out.
        if (error instanceof InvalidArgumentError) this.requests -= 1;
        if (!(error instanceof RateLimitError) || error.clientSide) throw error;
        if (attempt >= RATE_LIMITED_ATTEMPTS) throw error;
        this.rateLimitedWaits += 1;
        await this.pacer.backOff(error.retryAfterMs, this.signal);
      }
    }
  }

  /** 429s waited out so far. */
  rateLimitedWaits = 0;

  /** One page of a full-sync list, with the includes that bring related records along. */
  async listPage(step: FullSyncStep, page: number, pageSize: number): Promise<RestRead> {
    const options = { page, pageSize, format: 'raw' as const, signal: this.signal };
    const read = async <D>(
      call: () => Promise<WithResponse<Page<unknown, D>>>,
    ): Promise<RestRead> => {
      const { data, readAt } = await this.paced(call);
      return { resources: resourcesOf(data.document), hasNext: data.hasNextPage(), readAt };
    };
    switch (step) {
      case 'tracking_requests':
        return read(() =>
          this.client.trackingRequests
            .list({ ...options, include: ['tracked_object'] })
            .withResponse(),
        );
      case 'shipments':
        return read(() =>
          this.client.shipments.list({ ...options, include: ['containers'] }).withResponse(),
        );
      case 'containers':
        return read(() =>
          this.client.containers
            .list({ ...options, include: ['shipment', 'transport_events'] })
            .withResponse(),
        );
    }
  }

  /**
   * One page of notifications, newest first, with the record each is
   * about: only those the service marked `failed`, or all of them.
   */
  async notificationPage(
    page: number,
    pageSize: number,
    which: 'failed' | 'all',
  ): Promise<NotificationPage> {
    const { data, readAt } = await this.paced(() =>
      this.client.webhookNotifications
        .list({
          page,
          pageSize,
          format: 'raw',
          signal: this.signal,
          ...(which === 'failed' ? { filter: { deliveryStatus: 'failed' as const } } : {}),
          include: ['reference_object'],
        })
        .withResponse(),
    );
    return {
      notifications: [...data.data],
      resources: resourcesOf(data.document),
      hasNext: data.hasNextPage(),
      readAt,
    };
  }

  /** A container with its shipment and transport events (none when the service no longer has it). */
  async container(id: string): Promise<RestRead> {
    return this.orNone(() =>
      this.client.containers
        .get(id, {
          format: 'raw',
          signal: this.signal,
          include: ['shipment', 'transport_events'],
        })
        .withResponse(),
    );
  }

  /** A shipment with its containers (none when the service no longer has it). */
  async shipment(id: string): Promise<RestRead> {
    return this.orNone(() =>
      this.client.shipments
        .get(id, { format: 'raw', signal: this.signal, include: ['containers'] })
        .withResponse(),
    );
  }

  /** A tracking request with what it tracks (none when the service no longer has it). */
  async trackingRequest(id: string): Promise<RestRead> {
    return this.orNone(() =>
      this.client.trackingRequests
        .get(id, { format: 'raw', signal: this.signal, include: ['tracked_object'] })
        .withResponse(),
    );
  }

  /** A webhook notification followed by its reference object (none when the service no longer has it). */
  async notification(id: string): Promise<RestRead> {
    return this.orNone(() =>
      this.client.webhookNotifications
        .get(id, { format: 'raw', signal: this.signal, include: ['reference_object'] })
        .withResponse(),
    );
  }

  /** One record's read, paced: none when the service no longer has it. */
  private async orNone(
    call: () => Promise<{ data: unknown; rateLimit: Parameters<SyncPacer['observe']>[0] }>,
  ): Promise<RestRead> {
    try {
      const { data, readAt } = await this.paced(call);
      // With format 'raw' the data of a get is the JSON:API document.
      return { resources: resourcesOf(data), hasNext: false, readAt };
    } catch (error) {
      // Gone from the service, or an id it could never answer for (blank: the SDK sends nothing).
      const unreadable = error instanceof InvalidArgumentError && error.argument === 'id';
      if (error instanceof NotFoundError || unreadable) {
        return { resources: [], hasNext: false, readAt: this.now() };
      }
      throw error;
    }
  }
}
