/**
 * One container from the mirror when its copy is young enough, for
 * `get_container`, the container resource and the prompts; otherwise the
 * reason REST answers instead.
 */
import type { AttributeChange, Freshness, MirroredRecord } from '@shiptrack/mirror';
import type {
  ContainerInclude,
  ContainerKey,
  MappedContainer,
  ShiptrackClient,
} from '@shiptrack/sdk';
import type { MirrorSource } from '../core/context.js';
import { fetchContainer } from './containers.js';
import { mappedContainers } from './mirror-lists.js';
import { type AnswerSource, isMirrorUnavailable, shownAsOf } from './mirror-source.js';
import { resolveContainerId } from './resolve.js';

/** A container and where it was read; `container` is absent when REST must read it. */
export interface MirrorContainerRead {
  container?: MappedContainer;
  source: AnswerSource;
}

const minutes = (ms: number) => Math.round(ms / 60_000);

function relatedId(record: MirroredRecord, name: string): string | null {
  const relationship = record.relationships[name];
  if (typeof relationship !== 'object' || relationship === null) return null;
  const data: unknown = Reflect.get(relationship, 'data');
  if (typeof data !== 'object' || data === null) return null;
  const id: unknown = Reflect.get(data, 'id');
  return typeof id === 'string' ? id : null;
}

/** A container the mirror holds, mapped with its shipment, and when the mirror last saw it. */
export interface MirroredContainer {
  container: MappedContainer;
  /** Its shipment's id, whether or not the mirror holds the shipment. */
  shipmentId: string | null;
  observedAt: string;
}

/** The container the mirror holds under `id`, mapped with its shipment; `null` when it has no copy. */
export async function mirroredContainer(
  mirror: MirrorSource['mirror'],
  id: string,
): Promise<MirroredContainer | null> {
  const record = await mirror.get('container', id);
  if (record === null) return null;
  const shipmentId = relatedId(record, 'shipment');
  const shipment = shipmentId === null ? null : await mirror.get('shipment', shipmentId);
  const [container] = mappedContainers([record], shipment ? [shipment] : []);
  return container ? { container, shipmentId, observedAt: record.observedAt } : null;
}

/** The id a key names in the mirror: one container, else `null` (REST resolves and refuses). */
async function mirroredId(source: MirrorSource, key: ContainerKey): Promise<string | null> {
  if (key.kind === 'id') return key.id;
  const { items } = await source.mirror.lookup(key.number);
  const ids = new Set(items.map((match) => match.container.id));
  const [only] = ids;
  return ids.size === 1 && only !== undefined ? only : null;
}

/** Why the copy is too old, or `null` when it is young enough. */
function staleness(source: MirrorSource, freshness: Freshness, now: Date): string | null {
  const asOf = shownAsOf(freshness);
  if (asOf === null) return 'the mirror holds no records yet';
  const age = now.getTime() - Date.parse(asOf);
  if (age <= source.maxAgeMs) return null;
  return `the mirror's copy is ${minutes(age)} min old (as of ${asOf}), over its limit of ${minutes(source.maxAgeMs)} min`;
}

/**
 * The container from the mirror (with its shipment) when the mirror's copy
 * is at most `maxAgeMs` old (now minus its `asOf`: the mirror reflects every
 * delivery and sync up to then) and the mirror knows the container;
 * otherwise the reason REST reads it. No REST call is made here.
 */
export async function readMirroredContainer(
  source: MirrorSource | undefined,
  key: ContainerKey,
  now: Date,
): Promise<MirrorContainerRead> {
  const shown = key.kind === 'id' ? key.id : key.number;
  if (!source) return { source: { from: 'rest', reason: null } };
  try {
    const freshness = await source.mirror.freshness();
    const stale = staleness(source, freshness, now);
    if (stale !== null) return { source: { from: 'rest', reason: stale } };
    const id = await mirroredId(source, key);
    const found = id === null ? null : await mirroredContainer(source.mirror, id);
    return found
      ? {
          container: found.container,
          source: { from: 'mirror', asOf: shownAsOf(freshness) ?? found.observedAt },
        }
      : { source: { from: 'rest', reason: `the mirror has no copy of ${shown}` } };
  } catch (error) {
    if (!isMirrorUnavailable(error)) throw error;
    return { source: { from: 'rest', reason: "the mirror's database cannot be reached" } };
  }
}

/** A container read from the mirror or REST, and which. */
export interface SourcedContainer {
  container: MappedContainer;
  source: AnswerSource;
}

/**
 * A container by its id or number (read once by the SDK's
 * `readContainerKey`) with its shipment and terminal: from the mirror when
 * its copy is young enough (see {@link readMirroredContainer}), else
 * resolved and read from REST with `include`.
 */
export async function loadContainer(
  client: ShiptrackClient,
  source: MirrorSource | undefined,
  key: ContainerKey,
  now: Date,
  include: ContainerInclude[] = ['shipment', 'pod_terminal'],
): Promise<SourcedContainer> {
  const mirrored = await readMirroredContainer(source, key, now);
  if (mirrored.container) return { container: mirrored.container, source: mirrored.source };
  const id = await resolveContainerId(client, key);
  return { container: await fetchContainer(client, id, include), source: mirrored.source };
}

/** The estimate attributes whose changes tell a delay (the shipment's ETAs and ETD, the inland ETA). */
const ETA_ATTRIBUTES = new Set(['pod_eta_at', 'destination_eta_at', 'pol_etd_at', 'ind_eta_at']);

/**
 * The ETA history the mirror kept for a container (by its record id) and
 * its shipment, oldest first (`null` without a mirror, or when its
 * database cannot be reached).
 */
export async function readEtaHistory(
  source: MirrorSource | undefined,
  containerId: string,
): Promise<AttributeChange[] | null> {
  if (!source) return null;
  try {
    const history = await source.mirror.history(containerId);
    return history.filter((change) => ETA_ATTRIBUTES.has(change.attribute));
  } catch (error) {
    if (!isMirrorUnavailable(error)) throw error;
    return null;
  }
}
