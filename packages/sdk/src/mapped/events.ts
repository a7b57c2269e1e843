/**
 * Transport events, raw (carrier) events, container changes and estimates;
 * they are defined in `container.ts`, beside the container and shipment
 * they link to.
 */
export type {
  MappedContainerUpdatedEvent,
  MappedEstimatedEvent,
  MappedRawEvent,
  MappedTransportEvent,
} from './container.js';
