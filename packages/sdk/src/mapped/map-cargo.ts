import type { ResolvedResource } from '../jsonapi/resolve.js';
import type { MappedContainer, MappedShipment } from './cargo.js';
import { enumText, flag, numeric, objects, text } from './coerce.js';

/** Copies a resolved resource's members except `skip`, mapping nested resources. */
export type MemberCopier = (
  node: ResolvedResource,
  skip?: ReadonlySet<string>,
) => Record<string, unknown>;

/** Attributes that the mapped container moves into `equipment`, `location` and `demurrage`. */
const CONTAINER_GROUPED = new Set([
  'id',
  'type',
  'number',
  'currentStatus',
  'equipmentType',
  'equipmentLength',
  'equipmentHeight',
  'locationAtPodTerminal',
  'availableForPickup',
  'podArrivedAt',
  'podDischargedAt',
  'pickupLfd',
  'holdsAtPodTerminal',
  'feesAtPodTerminal',
]);

type Hold = MappedContainer['demurrage']['holds'][number];
type Fee = MappedContainer['demurrage']['fees'][number];

function toHold(hold: Record<string, unknown>): Hold {
  return {
    ...hold,
    name: text(hold.name) ?? '',
    status: enumText<Hold['status']>(hold.status) ?? 'hold',
  };
}

function toFee(fee: Record<string, unknown>): Fee {
  return {
    ...fee,
    type: enumText<Fee['type']>(fee.type) ?? 'other',
    amount: numeric(fee.amount) ?? 0,
  };
}

/**
 * Maps a resolved container: groups equipment, terminal location and
 * demurrage facts, keeps every other member (camelCased, unknown ones too).
 */
export function mapContainerNode(node: ResolvedResource, copy: MemberCopier): MappedContainer {
  return {
    id: node.id,
    type: 'container',
    number: text(node.number) ?? '',
    status: enumText<NonNullable<MappedContainer['status']>>(node.currentStatus),
    equipment: {
      type: enumText<NonNullable<MappedContainer['equipment']['type']>>(node.equipmentType),
      length: numeric(node.equipmentLength),
      height: enumText<NonNullable<MappedContainer['equipment']['height']>>(node.equipmentHeight),
    },
    location: {
      currentLocation: text(node.locationAtPodTerminal),
      availableForPickup: flag(node.availableForPickup),
      podArrivedAt: text(node.podArrivedAt),
      podDischargedAt: text(node.podDischargedAt),
    },
    demurrage: {
      pickupLfd: text(node.pickupLfd),
      holds: objects(node.holdsAtPodTerminal).map(toHold),
      fees: objects(node.feesAtPodTerminal).map(toFee),
    },
    ...copy(node, CONTAINER_GROUPED),
  };
}

const SHIPMENT_RENAMED = new Set(['id', 'type', 'billOfLadingNumber']);

/** Maps a resolved shipment: `bill_of_lading_number` becomes `billOfLading`; the rest is kept. */
export function mapShipmentNode(node: ResolvedResource, copy: MemberCopier): MappedShipment {
  return {
    id: node.id,
    type: 'shipment',
    billOfLading: text(node.billOfLadingNumber) ?? '',
    ...copy(node, SHIPMENT_RENAMED),
  };
}
