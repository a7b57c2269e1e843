/**
 * The return types of every call, in each format, are named types: an
 * editor's hover shows `MappedContainer` or `RawContainerDocument`, not an
 * anonymous object. These are checked by the type checker (`pnpm typecheck`);
 * the runtime part only builds the calls.
 */
import { describe, expectTypeOf, it } from 'vitest';
import type { z } from 'zod';
import {
  type APIPromise,
  type ContainerStatus,
  createClient,
  type MappedContainer,
  type MappedCreatedWebhook,
  type MappedInferNumberResult,
  type MappedMetroArea,
  type MappedPort,
  type MappedRefreshResult,
  type MappedRoute,
  type MappedSearchResult,
  type MappedShipment,
  type MappedShippingLine,
  type MappedTerminal,
  type MappedTrackingRequest,
  type MappedTransportEvent,
  type MappedVessel,
  type MappedWebhookNotification,
  type OpenEnum,
  type Page,
  type PagePromise,
  type RawAndMapped,
  type RawContainer,
  type RawContainerDocument,
  type RawContainerListDocument,
  type RawCreatedWebhookDocument,
  type RawPortDocument,
  type RawSearchResultListDocument,
  type RawShipmentDocument,
  type RawTerminalDocument,
  type RawVesselDocument,
  type TrackResult,
  type WithResponse,
} from '../src/index.js';
import type { MappedContainerSchema } from '../src/mapped/index.js';

const options = {
  apiKey: 'sk_test',
  baseUrl: 'https://api.shiptrack.test/v2',
  rateLimit: false,
} as const;
const mapped = createClient(options);
const raw = createClient({ ...options, format: 'raw' });
const both = createClient({ ...options, format: 'both' });
const id = 'x';

describe('return types', () => {
  it('are the mapped interfaces by default', () => {
    expectTypeOf(() => mapped.containers.get(id)).returns.toEqualTypeOf<
      APIPromise<MappedContainer>
    >();
    expectTypeOf(() => mapped.containers.get(id)).returns.resolves.toEqualTypeOf<MappedContainer>();
    expectTypeOf(() => mapped.shipments.get(id)).returns.resolves.toEqualTypeOf<MappedShipment>();
    expectTypeOf(() =>
      mapped.trackingRequests.get(id),
    ).returns.resolves.toEqualTypeOf<MappedTrackingRequest>();
    expectTypeOf(() =>
      mapped.trackingRequests.inferNumber(id),
    ).returns.resolves.toEqualTypeOf<MappedInferNumberResult>();
    expectTypeOf(() => mapped.trackingRequests.track(id)).returns.resolves.toEqualTypeOf<
      TrackResult<MappedTrackingRequest>
    >();
    expectTypeOf(() =>
      mapped.containers.refresh(id),
    ).returns.resolves.toEqualTypeOf<MappedRefreshResult>();
    expectTypeOf(() => mapped.containers.route(id)).returns.resolves.toEqualTypeOf<MappedRoute>();
    expectTypeOf(() =>
      mapped.webhookNotifications.get(id),
    ).returns.resolves.toEqualTypeOf<MappedWebhookNotification>();
    expectTypeOf(() =>
      mapped.shippingLines.get(id),
    ).returns.resolves.toEqualTypeOf<MappedShippingLine>();
    expectTypeOf(() => mapped.ports.get(id)).returns.resolves.toEqualTypeOf<MappedPort>();
    expectTypeOf(() => mapped.terminals.get(id)).returns.resolves.toEqualTypeOf<MappedTerminal>();
    expectTypeOf(() => mapped.vessels.get(id)).returns.resolves.toEqualTypeOf<MappedVessel>();
    expectTypeOf(() => mapped.metroAreas.get(id)).returns.resolves.toEqualTypeOf<MappedMetroArea>();
    expectTypeOf(() => mapped.search(id)).returns.resolves.toEqualTypeOf<MappedSearchResult[]>();
  });

  it('are the named raw documents in format raw', () => {
    expectTypeOf(() =>
      raw.containers.get(id),
    ).returns.resolves.toEqualTypeOf<RawContainerDocument>();
    expectTypeOf(() => raw.shipments.get(id)).returns.resolves.toEqualTypeOf<RawShipmentDocument>();
    expectTypeOf(() => raw.ports.get(id)).returns.resolves.toEqualTypeOf<RawPortDocument>();
    expectTypeOf(() => raw.terminals.get(id)).returns.resolves.toEqualTypeOf<RawTerminalDocument>();
    expectTypeOf(() => raw.vessels.get(id)).returns.resolves.toEqualTypeOf<RawVesselDocument>();
    expectTypeOf(() =>
      raw.search(id),
    ).returns.resolves.toEqualTypeOf<RawSearchResultListDocument>();
    // A call can ask for another format than the client's default.
    expectTypeOf(() =>
      raw.containers.get(id, { format: 'mapped' }),
    ).returns.resolves.toEqualTypeOf<MappedContainer>();
  });

  it('are raw-and-mapped pairs in format both', () => {
    expectTypeOf(() => both.containers.get(id)).returns.resolves.toEqualTypeOf<
      RawAndMapped<RawContainerDocument, MappedContainer>
    >();
    expectTypeOf(() => both.search(id)).returns.resolves.toEqualTypeOf<
      RawAndMapped<RawSearchResultListDocument, MappedSearchResult[]>
    >();
  });

  it('make list calls real promises of a page that also iterate their items', () => {
    expectTypeOf(() => mapped.containers.list()).returns.toEqualTypeOf<
      PagePromise<MappedContainer, RawContainerListDocument>
    >();
    expectTypeOf(() => mapped.containers.list()).returns.toMatchTypeOf<
      Promise<Page<MappedContainer, RawContainerListDocument>>
    >();
    expectTypeOf(() => mapped.containers.list()).returns.toMatchTypeOf<
      AsyncIterable<MappedContainer>
    >();
    expectTypeOf(() => raw.containers.list()).returns.toMatchTypeOf<AsyncIterable<RawContainer>>();
    expectTypeOf(() => mapped.containers.transportEvents(id)).returns.toMatchTypeOf<
      AsyncIterable<MappedTransportEvent>
    >();
  });

  it('give withResponse() the result with its exchange', () => {
    expectTypeOf(() => mapped.containers.get(id).withResponse()).returns.resolves.toEqualTypeOf<
      WithResponse<MappedContainer>
    >();
    expectTypeOf<WithResponse<MappedContainer>['response']>().toEqualTypeOf<Response>();
    expectTypeOf<WithResponse<MappedContainer>['requestId']>().toEqualTypeOf<string | undefined>();
  });

  it('type the secret of a created webhook as present', () => {
    expectTypeOf(() =>
      mapped.webhooks.create({ url: 'https://x', events: ['container.updated'] }),
    ).returns.resolves.toEqualTypeOf<MappedCreatedWebhook>();
    expectTypeOf<MappedCreatedWebhook['secret']>().toEqualTypeOf<string>();
    expectTypeOf<
      RawCreatedWebhookDocument['data']['attributes']['secret']
    >().toEqualTypeOf<string>();
  });

  it('keep enumerations open and missing data null', () => {
    expectTypeOf<MappedContainer['status']>().toEqualTypeOf<OpenEnum<ContainerStatus> | null>();
    // Known values still autocomplete and compare.
    expectTypeOf<'on_ship'>().toMatchTypeOf<MappedContainer['status']>();
    expectTypeOf<'at_sea'>().toMatchTypeOf<MappedContainer['status']>();
    expectTypeOf<MappedContainer['number']>().toEqualTypeOf<string | null>();
  });

  it('match the schema of each model', () => {
    expectTypeOf<z.output<typeof MappedContainerSchema>>().toMatchTypeOf<MappedContainer>();
  });
});
