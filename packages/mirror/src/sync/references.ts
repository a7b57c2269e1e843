/** The records a missed notification was about, to re-read from REST. */
export interface NotificationReference {
  readonly notificationId: string;
  readonly event: string;
  readonly createdAt: string | undefined;
  readonly containerIds: readonly string[];
  readonly shipmentIds: readonly string[];
  readonly trackingRequestIds: readonly string[];
}

type Json = Record<string, unknown>;

function object(value: unknown): Json | undefined {
  return typeof value === 'object' && value !== null && !Array.isArray(value)
    ? (value as Json)
    : undefined;
}

/** `{ type, id }` of a to-one relationship, if it names one. */
function identifier(
  relationships: Json | undefined,
  name: string,
): { type: string; id: string } | undefined {
  const data = object(object(relationships?.[name])?.data);
  return typeof data?.type === 'string' && typeof data.id === 'string'
    ? { type: data.type, id: data.id }
    : undefined;
}

/**
 * For each notification of a page, the containers, shipments and tracking
 * requests its reference object names: the object itself when it is one of
 * them, else its `container`, `shipment` and `tracked_object` relationships.
 */
export function referencedRecords(
  notifications: unknown[],
  resources: unknown[],
): NotificationReference[] {
  const byKey = new Map<string, Json>();
  for (const resource of resources) {
    const record = object(resource);
    if (typeof record?.type === 'string' && typeof record.id === 'string') {
      byKey.set(`${record.type}:${record.id}`, record);
    }
  }
  const references: NotificationReference[] = [];
  for (const value of notifications) {
    const notification = object(value);
    if (typeof notification?.id !== 'string') continue;
    const attributes = object(notification.attributes);
    const target = identifier(object(notification.relationships), 'reference_object');
    const ids = {
      container: new Set<string>(),
      shipment: new Set<string>(),
      tracking_request: new Set<string>(),
    };
    const add = (found: { type: string; id: string } | undefined) => {
      if (found !== undefined && found.type in ids)
        ids[found.type as keyof typeof ids].add(found.id);
    };
    add(target);
    const referenced = target === undefined ? undefined : byKey.get(`${target.type}:${target.id}`);
    const relationships = object(referenced?.relationships);
    for (const name of ['container', 'shipment', 'tracked_object'])
      add(identifier(relationships, name));
    references.push({
      notificationId: notification.id,
      event: typeof attributes?.event === 'string' ? attributes.event : 'unknown',
      createdAt: typeof attributes?.created_at === 'string' ? attributes.created_at : undefined,
      containerIds: [...ids.container],
      shipmentIds: [...ids.shipment],
      trackingRequestIds: [...ids.tracking_request],
    });
  }
  return references;
}
