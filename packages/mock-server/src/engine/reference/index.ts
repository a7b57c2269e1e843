/**
 * Loads the reference catalogues (ports, metro areas, terminals, vessels,
 * shipping lines) into a store.
 */
import type { Store } from '../store.js';
import { METRO_AREA_CODES, metroAreaOf } from './metro-areas.js';
import { PORTS } from './ports.js';
import { SHIPPING_LINES } from './shipping-lines.js';
import { TERMINALS } from './terminals.js';
import { VESSELS } from './vessels.js';

/** Fills the reference tables of a store. */
export function loadReferenceData(store: Store): void {
  for (const port of PORTS) store.addPort({ ...port });
  for (const code of METRO_AREA_CODES) {
    const point = store.portByCode(code);
    if (point === undefined) throw new Error(`Metro area ${code} names no known inland point.`);
    store.addMetroArea(metroAreaOf(point));
  }
  for (const { portCode, record } of TERMINALS) {
    const port = store.portByCode(portCode);
    if (port === undefined)
      throw new Error(`Terminal ${record.name} names unknown port ${portCode}.`);
    const metroAreaId =
      record.type === 'rail_terminal' ? (store.metroAreaByCode(portCode)?.id ?? null) : null;
    store.terminals.set(record.id, { ...record, portId: port.id, metroAreaId });
  }
  for (const vessel of VESSELS) store.addVessel({ ...vessel });
  for (const line of SHIPPING_LINES) store.addShippingLine({ ...line });
}
