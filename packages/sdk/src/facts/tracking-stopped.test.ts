import { describe, expect, it } from 'vitest';
import type { MappedShipment } from '../mapped/shipment.js';
import { trackingStoppedOf } from './tracking-stopped.js';

const shipment = (extra: Partial<MappedShipment>): MappedShipment => ({
  id: 's1',
  type: 'shipment',
  billOfLading: 'B1',
  ...extra,
});

describe('trackingStoppedOf', () => {
  it('is true once stopped, false when sent empty, and null (unknown) when not sent', () => {
    expect(trackingStoppedOf(shipment({ lineTrackingStoppedAt: '2025-03-01T00:00:00Z' }))).toBe(
      true,
    );
    expect(trackingStoppedOf(shipment({ lineTrackingStoppedAt: null }))).toBe(false);
    expect(trackingStoppedOf(shipment({}))).toBeNull();
  });
});
