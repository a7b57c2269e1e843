/**
 * Datasets the engine can start with. `empty` has the accounts and nothing
 * else; `demo` adds shipments at every interesting stage of their journey
 * (on the water after a roll to another vessel, at the terminal with holds
 * and a last free day, on rail to an inland destination, delivered and
 * returned), a pending request whose shipment the carrier rolls half a day
 * after its first report, a failed request, and one shipment in the second
 * account to show isolation. The README's "Demo data" lists what needs
 * attention at start and on the clock.
 */
import { containerCheckDigit } from '@shiptrack/sdk';
import { previewPlan } from './carrier/build.js';
import { carrierOutcome } from './carrier/outcomes.js';
import { seedDemoRecords } from './demo-records.js';
import type { StepKind } from './lifecycle/plan.js';
import type { AccountRecord, RequestType } from './records.js';
import type { SeedTarget } from './seed-target.js';
import { DAY, HOUR } from './time.js';

/** Names of the datasets. */
export type DatasetName = 'demo' | 'empty';

/** True when `value` names a dataset. */
export function isDatasetName(value: unknown): value is DatasetName {
  return value === 'demo' || value === 'empty';
}

interface DemoShipment {
  requestType: RequestType;
  number: string;
  scac: string;
  refNumbers: string[];
  /** Put the shipment this long after the given milestone ('resolved' = first report). */
  after: StepKind | 'resolved';
  by: number;
  /** The carrier rolls it to another vessel, arriving later, half a day after its first report. */
  rolled?: boolean;
}

function withWrongCheckDigit(firstTen: string): string {
  return `${firstTen}${(containerCheckDigit(firstTen) + 1) % 10}`;
}

/** Demo shipments of the first account, by stage. */
export const DEMO_SHIPMENTS: readonly DemoShipment[] = [
  // On the water: rolled to a vessel arriving two days later before loading (its ETA has slipped
  // against the first one), departed, before the ETA revision.
  {
    requestType: 'bill_of_lading',
    number: 'MEDUQ4821563',
    scac: 'MSCU',
    refNumbers: ['PO-48213'],
    after: 'vessel_departed',
    by: 2 * DAY,
    rolled: true,
  },
  // At the terminal: discharged, customs and freight holds, exam fee, last free day set.
  {
    requestType: 'bill_of_lading',
    number: '241038926',
    scac: 'MAEU',
    refNumbers: ['PO-48377', 'SO-1120'],
    after: 'vessel_discharged',
    by: 6 * HOUR,
  },
  // On rail to an inland destination.
  {
    requestType: 'bill_of_lading',
    number: 'HLCUSHA2406731',
    scac: 'HLCU',
    refNumbers: ['PO-48501'],
    after: 'rail_departed',
    by: 12 * HOUR,
  },
  // Delivered and returned empty: line tracking stopped (all_containers_terminated).
  {
    requestType: 'bill_of_lading',
    number: 'CMDUSHZ1180452',
    scac: 'CMDU',
    refNumbers: ['PO-47010'],
    after: 'empty_in',
    by: DAY,
  },
];

/** The second account's shipment: on the water. */
export const DEMO_SECOND_ACCOUNT_SHIPMENT: DemoShipment = {
  requestType: 'bill_of_lading',
  number: 'ONEYSH4R07318',
  scac: 'ONEY',
  refNumbers: ['GX-2231'],
  after: 'vessel_departed',
  by: DAY,
};

/** A container number whose check digit is wrong: its request is `failed` (`invalid_number`). */
export const DEMO_INVALID_CONTAINER = withWrongCheckDigit('TGHU881234');
/** A container number that is still `pending` when the demo starts; its shipment is rolled on the clock. */
export const DEMO_PENDING_CONTAINER = `MSCU552871${containerCheckDigit('MSCU552871')}`;

function resolvedAtFor(shipment: DemoShipment, now: number): number {
  if (shipment.after === 'resolved') return now - shipment.by;
  const outcome = carrierOutcome(shipment.requestType, shipment.number);
  const route = outcome.kind === 'found' ? outcome.route : 'ocean';
  const step = previewPlan(shipment.scac, shipment.number, route, 0).find(
    (candidate) => candidate.kind === shipment.after,
  );
  if (step === undefined) {
    throw new Error(`Demo shipment ${shipment.number} has no ${shipment.after} milestone.`);
  }
  return now - step.at - shipment.by;
}

function track(engine: SeedTarget, account: AccountRecord, shipment: DemoShipment): void {
  engine.trackingRequests.create(
    account,
    {
      requestType: shipment.requestType,
      requestNumber: shipment.number,
      scac: shipment.scac,
      refNumbers: shipment.refNumbers,
    },
    { resolvedAt: resolvedAtFor(shipment, engine.now()), rolled: shipment.rolled === true },
  );
}

/** Loads a dataset into an engine whose accounts already exist. */
export function seedDataset(engine: SeedTarget, dataset: DatasetName): void {
  if (dataset === 'empty') return;
  const [first, second] = engine.accounts();
  if (first === undefined) return;
  for (const shipment of DEMO_SHIPMENTS) track(engine, first, shipment);
  track(engine, first, {
    requestType: 'container',
    number: DEMO_INVALID_CONTAINER,
    scac: 'MSCU',
    refNumbers: [],
    after: 'resolved',
    by: 3 * HOUR,
  });
  engine.trackingRequests.create(
    first,
    { requestType: 'container', requestNumber: DEMO_PENDING_CONTAINER, scac: 'MSCU' },
    { rolled: true },
  );
  seedDemoRecords(engine, first);
  if (second !== undefined) track(engine, second, DEMO_SECOND_ACCOUNT_SHIPMENT);
}
