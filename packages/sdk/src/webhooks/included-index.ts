import { ResourceIndex } from '../jsonapi/resolve.js';
import type {
  RawRelationship,
  RawResource,
  RawResourceIdentifier,
  WebhookRawContainer,
  WebhookRawContainerUpdatedEvent,
  WebhookRawEstimatedEvent,
  WebhookRawPort,
  WebhookRawShipment,
  WebhookRawTerminal,
  WebhookRawTrackingRequest,
  WebhookRawTransportEvent,
} from './event-types.js';

/** The raw resource type of each included type the typed accessors return. */
export interface TypedResources {
  tracking_request: WebhookRawTrackingRequest;
  shipment: WebhookRawShipment;
  container: WebhookRawContainer;
  transport_event: WebhookRawTransportEvent;
  container_updated_event: WebhookRawContainerUpdatedEvent;
  estimated_event: WebhookRawEstimatedEvent;
  port: WebhookRawPort;
  terminal: WebhookRawTerminal;
}

/** The first identifier of a relationship (to-one, or the first of a to-many). */
export function firstIdentifier(
  relationship: RawRelationship | undefined,
): RawResourceIdentifier | undefined {
  const data = relationship?.data;
  if (Array.isArray(data)) return data[0];
  return data ?? undefined;
}

function hasAttributes(resource: RawResource): boolean {
  const { attributes } = resource;
  return typeof attributes === 'object' && attributes !== null && !Array.isArray(attributes);
}

/**
 * The raw `included` resources of one delivery, for the raw accessors of an
 * event: looked up with the SDK's JSON:API `ResourceIndex`, relationships
 * followed between them, and narrowed to the spec's types.
 */
export class IncludedIndex {
  private readonly index: ResourceIndex;

  constructor(readonly resources: readonly RawResource[]) {
    this.index = new ResourceIndex({ included: [...resources] });
  }

  /** The resource of a type and id, or the first of the type when no id is given. */
  find<T extends string>(type: T, id?: string): RawResource<T> | undefined {
    const found =
      id === undefined
        ? this.resources.find((resource) => resource.type === type)
        : this.index.get({ type, id });
    // Every resource found under `type` has that type, so the narrower type holds.
    return found as RawResource<T> | undefined;
  }

  /** The resource an identifier points at, when it is included. */
  resolve(identifier: RawResourceIdentifier | undefined): RawResource | undefined {
    return identifier === undefined ? undefined : this.index.get(identifier);
  }

  /** Whatever resource a relationship of `from` points at (first of a to-many). */
  follow(from: RawResource | undefined, relationship: string): RawResource | undefined {
    return this.resolve(firstIdentifier(from?.relationships?.[relationship]));
  }

  /** `resource` as the spec's type for `type`, when it has that type and an attributes object. */
  typed<K extends keyof TypedResources>(
    resource: RawResource | undefined,
    type: K,
  ): TypedResources[K] | undefined {
    if (resource?.type !== type || !hasAttributes(resource)) return undefined;
    // Type and attributes object were checked; the members are the wire's, described by the spec.
    return resource as TypedResources[K];
  }

  /** `reference` when it is a `type`, else the first included resource of `type`. */
  subject<K extends keyof TypedResources>(
    reference: RawResource | undefined,
    type: K,
  ): TypedResources[K] | undefined {
    return this.typed(reference, type) ?? this.typed(this.find(type), type);
  }

  /**
   * What a relationship of `from` points at. When `from` does not carry the
   * relationship at all, the first included resource of `fallbackType`
   * stands in; a relationship sent as `null` stays empty.
   */
  followOr(
    from: RawResource | undefined,
    relationship: string,
    fallbackType: string,
  ): RawResource | undefined {
    const member = from?.relationships?.[relationship];
    if (member !== undefined && 'data' in member) return this.follow(from, relationship);
    return this.find(fallbackType);
  }

  /** Like `followOr`, narrowed to the spec's type for `type`. */
  related<K extends keyof TypedResources>(
    from: RawResource | undefined,
    relationship: string,
    type: K,
  ): TypedResources[K] | undefined {
    return this.typed(this.followOr(from, relationship, type), type);
  }

  /** Every resource of a type, as the spec's type, in document order. */
  all<K extends keyof TypedResources>(type: K): TypedResources[K][] {
    return this.resources.flatMap((resource) => this.typed(resource, type) ?? []);
  }
}
