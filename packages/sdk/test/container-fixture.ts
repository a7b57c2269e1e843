/** A mapped container for the facts' tests: at the terminal, available, its extras on top. */
import type { MappedContainer } from '../src/index.js';

/** A container as `format: 'mapped'` gives it, with `extra` members set and `pickupLfd` as given. */
export function mappedContainer(
  extra: Partial<MappedContainer>,
  pickupLfd: string | null = '2025-03-04T02:00:00Z',
): MappedContainer {
  return {
    id: 'c1',
    type: 'container',
    number: 'MSCU1234566',
    status: 'available',
    equipment: { type: 'dry', length: 40, height: 'standard' },
    location: {
      currentLocation: null,
      availableForPickup: true,
      podArrivedAt: null,
      podDischargedAt: null,
    },
    demurrage: { pickupLfd, holds: [], fees: [] },
    ...extra,
  };
}
