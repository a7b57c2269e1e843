/**
 * Trade lanes of the simulated carriers: where a shipment is loaded, where it
 * is discharged (and at which terminal), and for rail moves the inland
 * destination, its rail terminal and the rail carrier.
 */

/** An ocean lane from a port of lading to a terminal at the port of discharge. */
export interface OceanLane {
  readonly pol: string;
  readonly pod: string;
  /** Key of the terminal at the port of discharge (its FIRMS code). */
  readonly podTerminal: string;
  /** Days at sea from departure to the first estimated arrival. */
  readonly transitDays: number;
}

/** An inland destination reached by rail from a port of discharge. */
export interface RailLeg {
  readonly pod: string;
  readonly destination: string;
  /** Key of the rail terminal at the destination. */
  readonly railTerminal: string;
  /** SCAC of the railroad. */
  readonly railCarrier: string;
  readonly railDays: number;
}

/** The ocean lanes, picked deterministically from a number's hash. */
export const OCEAN_LANES: readonly OceanLane[] = [
  { pol: 'CNSHA', pod: 'USLAX', podTerminal: 'W185', transitDays: 14 },
  { pol: 'CNYTN', pod: 'USLAX', podTerminal: 'Y790', transitDays: 15 },
  { pol: 'CNNGB', pod: 'USLGB', podTerminal: 'W178', transitDays: 15 },
  { pol: 'KRPUS', pod: 'USLGB', podTerminal: 'Z985', transitDays: 11 },
  { pol: 'VNSGN', pod: 'USOAK', podTerminal: 'Z952', transitDays: 19 },
  { pol: 'SGSIN', pod: 'USNYC', podTerminal: 'E425', transitDays: 28 },
  { pol: 'NLRTM', pod: 'USNYC', podTerminal: 'E364', transitDays: 10 },
  { pol: 'DEHAM', pod: 'USSAV', podTerminal: 'L737', transitDays: 13 },
  { pol: 'BEANR', pod: 'USHOU', podTerminal: 'W086', transitDays: 17 },
  { pol: 'TWKHH', pod: 'USLAX', podTerminal: 'W182', transitDays: 14 },
];

/** Rail legs from West Coast and East Coast ports to inland destinations. */
export const RAIL_LEGS: readonly RailLeg[] = [
  {
    pod: 'USLAX',
    destination: 'USCHI',
    railTerminal: 'RAIL-CHI',
    railCarrier: 'BNSF',
    railDays: 5,
  },
  {
    pod: 'USLAX',
    destination: 'USDAL',
    railTerminal: 'RAIL-DAL',
    railCarrier: 'UPRR',
    railDays: 3,
  },
  {
    pod: 'USLGB',
    destination: 'USMEM',
    railTerminal: 'RAIL-MEM',
    railCarrier: 'BNSF',
    railDays: 4,
  },
  { pod: 'USSAV', destination: 'USATL', railTerminal: 'RAIL-ATL', railCarrier: 'NS', railDays: 1 },
];
