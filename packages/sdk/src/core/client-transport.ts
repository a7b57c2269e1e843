/**
 * The transport of each client, for the functions that send through a
 * client without being one of its methods (`rawRequest`): they stay out of
 * a bundle that does not import them, while the client keeps its
 * transport private.
 */
import { ShiptrackError } from './errors.js';
import type { Transport } from './transport.js';

const transports = new WeakMap<object, Transport>();

/** Records the transport of a client (its constructor calls this). */
export function registerTransport(client: object, transport: Transport): void {
  transports.set(client, transport);
}

/** The transport of a client made by `createClient`. */
export function transportOf(client: object): Transport {
  const transport = transports.get(client);
  if (transport === undefined) {
    throw new ShiptrackError('Pass a client made by createClient().');
  }
  return transport;
}
