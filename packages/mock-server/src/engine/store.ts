/**
 * The engine's in-memory tables. Account-scoped records are also indexed per
 * account in creation order, so one account never walks (or sees) another's
 * data and lists come out newest first without sorting.
 */
import type {
  AccountRecord,
  ContainerRecord,
  ContainerUpdatedEventRecord,
  EstimatedEventRecord,
  MetroAreaRecord,
  PortRecord,
  ShipmentRecord,
  ShippingLineRecord,
  TerminalRecord,
  TrackingRequestRecord,
  TransportEventRecord,
  UserRecord,
  VesselRecord,
} from './records.js';

/** Ids of an account's records, ordered by `created_at` (then insertion). */
export interface AccountIndex {
  trackingRequests: string[];
  shipments: string[];
  containers: string[];
}

/** Every table of the engine. */
export class Store {
  readonly accounts = new Map<string, AccountRecord>();
  /** API key -> account id. */
  readonly apiKeys = new Map<string, string>();
  readonly users = new Map<string, UserRecord>();
  readonly trackingRequests = new Map<string, TrackingRequestRecord>();
  readonly shipments = new Map<string, ShipmentRecord>();
  readonly containers = new Map<string, ContainerRecord>();
  readonly transportEvents = new Map<string, TransportEventRecord>();
  readonly containerUpdatedEvents = new Map<string, ContainerUpdatedEventRecord>();
  readonly estimatedEvents = new Map<string, EstimatedEventRecord>();
  readonly ports = new Map<string, PortRecord>();
  readonly terminals = new Map<string, TerminalRecord>();
  readonly vessels = new Map<string, VesselRecord>();
  readonly metroAreas = new Map<string, MetroAreaRecord>();
  readonly shippingLines = new Map<string, ShippingLineRecord>();
  /** SCAC (primary or alternative) -> shipping line id. */
  readonly shippingLinesByScac = new Map<string, string>();
  /** UN/LOCODE -> port id. */
  readonly portsByCode = new Map<string, string>();
  /** UN/LOCODE -> metro area id. */
  readonly metroAreasByCode = new Map<string, string>();
  /** IMO number -> vessel id. */
  readonly vesselsByImo = new Map<string, string>();
  private readonly indexes = new Map<string, AccountIndex>();

  /** The per-account index, created on first use. */
  indexOf(accountId: string): AccountIndex {
    let index = this.indexes.get(accountId);
    if (index === undefined) {
      index = { trackingRequests: [], shipments: [], containers: [] };
      this.indexes.set(accountId, index);
    }
    return index;
  }

  /** Adds an account and its keys. */
  addAccount(account: AccountRecord, user: UserRecord): void {
    this.accounts.set(account.id, account);
    this.users.set(user.id, user);
    for (const key of account.apiKeys) this.apiKeys.set(key, account.id);
    this.indexOf(account.id);
  }

  /** Adds a tracking request to its table and account index. */
  addTrackingRequest(record: TrackingRequestRecord): void {
    this.trackingRequests.set(record.id, record);
    insertByCreation(
      this.indexOf(record.accountId).trackingRequests,
      record,
      this.trackingRequests,
    );
  }

  /** Adds a shipment to its table and account index. */
  addShipment(record: ShipmentRecord): void {
    this.shipments.set(record.id, record);
    insertByCreation(this.indexOf(record.accountId).shipments, record, this.shipments);
  }

  /** Adds a container to its table, its shipment and the account index. */
  addContainer(record: ContainerRecord): void {
    this.containers.set(record.id, record);
    this.shipments.get(record.shipmentId)?.containerIds.push(record.id);
    insertByCreation(this.indexOf(record.accountId).containers, record, this.containers);
  }

  /** Adds a reference port. */
  addPort(port: PortRecord): void {
    this.ports.set(port.id, port);
    this.portsByCode.set(port.code, port.id);
  }

  /** Adds a reference metro area. */
  addMetroArea(area: MetroAreaRecord): void {
    this.metroAreas.set(area.id, area);
    this.metroAreasByCode.set(area.code, area.id);
  }

  /** Adds a reference vessel. */
  addVessel(vessel: VesselRecord): void {
    this.vessels.set(vessel.id, vessel);
    this.vesselsByImo.set(vessel.imo, vessel.id);
  }

  /** Adds a reference shipping line, indexed by all its SCACs. */
  addShippingLine(line: ShippingLineRecord): void {
    this.shippingLines.set(line.id, line);
    this.shippingLinesByScac.set(line.scac, line.id);
    for (const scac of line.alternativeScacs) {
      if (!this.shippingLinesByScac.has(scac)) this.shippingLinesByScac.set(scac, line.id);
    }
  }

  /** The shipping line of a SCAC (primary or alternative), if known. */
  shippingLineByScac(scac: string): ShippingLineRecord | undefined {
    const id = this.shippingLinesByScac.get(scac.toUpperCase());
    return id === undefined ? undefined : this.shippingLines.get(id);
  }

  /** The port of a UN/LOCODE, if known. */
  portByCode(code: string): PortRecord | undefined {
    const id = this.portsByCode.get(code.toUpperCase());
    return id === undefined ? undefined : this.ports.get(id);
  }

  /** The metro area of a UN/LOCODE, if known. */
  metroAreaByCode(code: string): MetroAreaRecord | undefined {
    const id = this.metroAreasByCode.get(code.toUpperCase());
    return id === undefined ? undefined : this.metroAreas.get(id);
  }

  /** The vessel of an IMO number, if known. */
  vesselByImo(imo: string): VesselRecord | undefined {
    const id = this.vesselsByImo.get(imo);
    return id === undefined ? undefined : this.vessels.get(id);
  }

  /** Empties every account-scoped table (reference data stays). */
  clearAccountData(): void {
    this.accounts.clear();
    this.apiKeys.clear();
    this.users.clear();
    this.trackingRequests.clear();
    this.shipments.clear();
    this.containers.clear();
    this.transportEvents.clear();
    this.containerUpdatedEvents.clear();
    this.estimatedEvents.clear();
    this.indexes.clear();
  }
}

/**
 * Inserts an id keeping the list ordered by `createdAt` (records created at
 * the same time keep their insertion order). New records almost always go
 * last, so this is O(1) in practice; datasets that create records "in the
 * past" pay a binary search and a splice.
 */
function insertByCreation(
  ids: string[],
  record: { id: string; createdAt: number },
  table: ReadonlyMap<string, { createdAt: number }>,
): void {
  const createdAtOf = (index: number) => table.get(ids[index] ?? '')?.createdAt ?? 0;
  if (ids.length === 0 || createdAtOf(ids.length - 1) <= record.createdAt) {
    ids.push(record.id);
    return;
  }
  let low = 0;
  let high = ids.length;
  while (low < high) {
    const middle = (low + high) >> 1;
    if (createdAtOf(middle) <= record.createdAt) low = middle + 1;
    else high = middle;
  }
  ids.splice(low, 0, record.id);
}
