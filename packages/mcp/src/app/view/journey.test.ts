import { describe, expect, it } from 'vitest';
import {
  journeyFromEvents,
  journeyFromRoute,
  journeyFromShipment,
  withShipmentVoyage,
} from './journey.js';

/** A rail route as get_container_route gives it (the demo's HLXU2088353 on 1 March). */
const RAIL_ROUTE = {
  containerId: 'c1',
  available: true,
  reason: null,
  stops: [
    {
      port: 'Shanghai',
      locode: 'CNSHA',
      terminal: null,
      arriveBy: null,
      leaveBy: 'vessel',
      inboundVessel: null,
      outboundVessel: 'COSCO SHIPPING UNIVERSE',
      etaAt: null,
      ataAt: null,
      etdAt: '2025-02-12T00:00:00Z',
      atdAt: '2025-02-12T00:00:00Z',
    },
    {
      port: 'Los Angeles',
      locode: 'USLAX',
      terminal: 'APM Terminals Pier 400',
      arriveBy: 'vessel',
      leaveBy: 'rail',
      inboundVessel: 'COSCO SHIPPING UNIVERSE',
      outboundVessel: null,
      etaAt: '2025-02-27T00:00:00Z',
      ataAt: '2025-02-27T00:00:00Z',
      etdAt: null,
      atdAt: '2025-02-28T12:00:00Z',
    },
    {
      port: 'Dallas',
      locode: 'USDAL',
      terminal: null,
      arriveBy: 'rail',
      leaveBy: null,
      inboundVessel: null,
      outboundVessel: null,
      etaAt: '2025-03-03T08:00:00Z',
      ataAt: null,
      etdAt: null,
      atdAt: null,
    },
  ],
};

describe('the journey', () => {
  it('names lading, discharge and the inland destination of a rail route, and puts the box on the rail leg', () => {
    const journey = journeyFromRoute(RAIL_ROUTE);
    expect(journey?.stops.map((s) => s.role)).toEqual(['origin', 'discharge', 'inland']);
    expect(journey?.legs.map((l) => l.mode)).toEqual(['vessel', 'rail']);
    expect(journey?.legs[0]?.vessel).toBe('COSCO SHIPPING UNIVERSE');
    expect(journey?.legs[1]?.arrival).toEqual({ at: '2025-03-03T08:00:00Z', actual: false });
    expect(journey?.current).toEqual({ kind: 'leg', index: 1 });
  });

  it('calls a stop between two sea legs a transshipment', () => {
    const stop = (port: string, arriveBy: string | null, leaveBy: string | null) => ({
      port,
      arriveBy,
      leaveBy,
    });
    const journey = journeyFromRoute({
      stops: [
        stop('Ningbo', null, 'vessel'),
        stop('Singapore', 'vessel', 'vessel'),
        stop('Rotterdam', 'vessel', null),
      ],
    });
    expect(journey?.stops.map((s) => s.role)).toEqual(['origin', 'transshipment', 'discharge']);
    expect(journey?.current).toEqual({ kind: 'stop', index: 0 });
  });

  it('reads coordinates when a stop carries them, under either name', () => {
    const journey = journeyFromRoute({
      stops: [
        { port: 'A', leaveBy: 'vessel', latitude: '31.2', longitude: 121.5 },
        { port: 'B', arriveBy: 'vessel', location: { lat: 33.7, lng: -118.2 } },
      ],
    });
    expect(journey?.stops.map((s) => s.position)).toEqual([
      { lat: 31.2, lon: 121.5 },
      { lat: 33.7, lon: -118.2 },
    ]);
  });

  it('builds stops and legs from the transport events, leaving estimates out', () => {
    const at = (event: string, timestamp: string, name: string, locode: string) => ({
      event,
      timestamp,
      location: { name, locode },
    });
    const journey = journeyFromEvents({
      timeline: [
        at('container.transport.vessel_loaded', '2025-02-13T00:00:00Z', 'Kaohsiung', 'TWKHH'),
        at('vessel_departed', '2025-02-13T06:00:00Z', 'Kaohsiung', 'TWKHH'),
        at(
          'container.transport.estimated.vessel_arrived',
          '2025-03-01T00:00:00Z',
          'Oakland',
          'USOAK',
        ),
        at('vessel_arrived', '2025-02-28T06:00:00Z', 'Los Angeles', 'USLAX'),
        at('vessel_discharged', '2025-02-28T18:00:00Z', 'Los Angeles', 'USLAX'),
      ],
    });
    expect(journey?.stops.map((s) => s.name)).toEqual(['Kaohsiung', 'Los Angeles']);
    expect(journey?.legs).toEqual([
      expect.objectContaining({
        mode: 'vessel',
        departure: { at: '2025-02-13T06:00:00Z', actual: true },
      }),
    ]);
    expect(journey?.current).toEqual({ kind: 'stop', index: 1 });
  });

  it('falls back to the shipment ports and adds the voyage to the leg of the same vessel', () => {
    const shipment = {
      billOfLading: 'B1',
      portOfLading: { name: 'Kaohsiung', locode: 'TWKHH' },
      portOfDischarge: { name: 'Los Angeles', locode: 'USLAX', terminal: 'TraPac' },
      destination: { name: null, locode: null },
      vessel: { name: 'MSC GULSUN', voyage: '684E' },
      times: { polAtdAt: '2025-02-13T06:00:00Z', podEtaAt: '2025-02-28T06:00:00Z', podAtaAt: null },
    };
    const journey = journeyFromShipment(shipment);
    expect(journey?.legs[0]).toMatchObject({ vessel: 'MSC GULSUN', voyage: '684E' });
    expect(journey?.current).toEqual({ kind: 'leg', index: 0 });
    const route = journeyFromRoute(RAIL_ROUTE);
    if (!route) throw new Error('no route');
    const named = withShipmentVoyage(route, {
      vessel: { name: 'cosco shipping universe', voyage: '042E' },
    });
    expect(named.legs.map((l) => l.voyage)).toEqual(['042E', null]);
  });
});
