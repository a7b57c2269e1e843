/** Loads the reference catalogues (ports, terminals, vessels, shipping lines) into a store. */
import type { Store } from '../store.js';
import { PORTS } from './ports.js';
import { SHIPPING_LINES } from './shipping-lines.js';
import { TERMINALS } from './terminals.js';
import { VESSELS } from './vessels.js';

/** Fills the reference tables of a store. */
export function loadReferenceData(store: Store): void {
  for (const port of PORTS) store.addPort({ ...port });
  for (const { portCode, record } of TERMINALS) {
    const port = store.portByCode(portCode);
    if (port === undefined)
      throw new Error(`Terminal ${record.name} names unknown port ${portCode}.`);
    store.terminals.set(record.id, { ...record, portId: port.id });
  }
  for (const vessel of VESSELS) store.vessels.set(vessel.id, { ...vessel });
  for (const line of SHIPPING_LINES) store.addShippingLine({ ...line });
}
