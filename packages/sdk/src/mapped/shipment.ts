/** The mapped shipment; it is defined in `container.ts`, beside the containers it links to. */
export type { MappedShipment } from './container.js';
