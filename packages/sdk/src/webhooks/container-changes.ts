import { camelCase, isPlainObject } from '../jsonapi/case.js';
import type { ContainerChangeEventName } from './event-names.js';
import type { ContainerChange } from './event-records.js';
import type { WebhookRawContainerUpdatedEvent, WebhookRawTransportEvent } from './event-types.js';

/**
 * The attribute each change event changes when it comes as a transport
 * event's `value` (`null`: the event carries no single attribute). Keyed by
 * the generated event names, so a new name in the spec must be placed here.
 */
export const CONTAINER_CHANGE_FIELDS: Readonly<Record<ContainerChangeEventName, string | null>> = {
  'container.created': null,
  'container.updated': null,
  'container.pod_terminal_changed': null,
  'container.pickup_lfd.changed': 'pickup_lfd',
  'container.pickup_lfd_line.changed': 'pickup_lfd_line',
  'container.pickup_lfd_terminal.changed': 'pickup_lfd_terminal',
  'container.pickup_lfd_rail.changed': 'pickup_lfd_rail',
  'container.pickup_appointment.changed': 'pickup_appointment_at',
};

function fieldOfEvent(name: string): string | undefined {
  return Object.hasOwn(CONTAINER_CHANGE_FIELDS, name)
    ? (CONTAINER_CHANGE_FIELDS[name as ContainerChangeEventName] ?? undefined) // checked just above
    : undefined;
}

function changesetChanges(changeset: Record<string, unknown>): ContainerChange[] {
  return Object.entries(changeset).map(([field, values]) =>
    Array.isArray(values) && values.length === 2
      ? { field, from: values[0], to: values[1] }
      : { field, to: values },
  );
}

/**
 * What a container change event changed: the `changeset` of its
 * `container_updated_event` when it has one, otherwise the `value` of its
 * transport event under the attribute its event name changes (the
 * notification's name first, then the transport event's own `event`).
 * Empty when the delivery carries neither (e.g. `container.created`, or no
 * `included`).
 */
export function containerChanges(
  name: ContainerChangeEventName,
  change: WebhookRawContainerUpdatedEvent | undefined,
  transportEvent: WebhookRawTransportEvent | undefined,
): ContainerChange[] {
  const changeset: unknown = change?.attributes.changeset;
  if (isPlainObject(changeset)) return changesetChanges(changeset);
  const attributes = transportEvent?.attributes;
  if (attributes === undefined || !('value' in attributes)) return [];
  const event = typeof attributes.event === 'string' ? attributes.event : name;
  const field = fieldOfEvent(name) ?? fieldOfEvent(event) ?? event;
  return [{ field, to: attributes.value }];
}

function shown(value: unknown): string {
  return typeof value === 'string' ? value : JSON.stringify(value ?? null);
}

/**
 * The changes in one line, for logs and terminals:
 * `pickup_lfd: 2026-03-04T08:00:00Z -> 2026-03-05T08:00:00Z; pickup_lfd_terminal: -> 2026-03-07T08:00:00Z`
 * (no old value where the service did not send one).
 */
export function describeChanges(changes: readonly ContainerChange[]): string {
  return changes
    .map((change) => {
      const before = 'from' in change ? `${shown(change.from)} ` : '';
      return `${change.field}: ${before}-> ${shown(change.to)}`;
    })
    .join('; ');
}

/** The changes with camelCased field names, for the mapped form of an event. */
export function mappedChanges(changes: readonly ContainerChange[]): ContainerChange[] {
  return changes.map((change) => ({ ...change, field: camelCase(change.field) }));
}
