/**
 * The custom fields of the engine: definitions and options
 * (`definitions.ts`), values (`values.ts`), one set of tables, and what a
 * `reference` value may point at (parties, shipments, containers, tracking
 * requests of the same account).
 */
import type { EngineContext } from '../context.js';
import type { Parties } from '../parties.js';
import { CustomFieldDefinitions } from './definitions.js';
import { CustomFieldTables } from './tables.js';
import type { ReferenceResolver } from './value-rules.js';
import { CustomFieldValues } from './values.js';

/** Definitions, options and values, over one set of tables. */
export class CustomFields {
  readonly tables = new CustomFieldTables();
  readonly definitions: CustomFieldDefinitions;
  readonly values: CustomFieldValues;

  constructor(ctx: EngineContext, parties: Parties) {
    const resolve = referenceResolver(ctx, parties);
    this.definitions = new CustomFieldDefinitions(ctx, this.tables, resolve);
    this.values = new CustomFieldValues(ctx, this.tables, this.definitions, resolve);
  }

  /** Forgets every definition, option and value (reset). */
  clear(): void {
    this.tables.clear();
  }
}

function referenceResolver(ctx: EngineContext, parties: Parties): ReferenceResolver {
  return (accountId, referenceType, id) => {
    const key = id.toLowerCase();
    const kind = (referenceType ?? '').toLowerCase().replace(/[_\s]/g, '');
    const { store } = ctx;
    const own = <T extends { accountId: string }>(record: T | undefined) =>
      record?.accountId === accountId ? record : undefined;
    const lookups: Record<string, () => string | undefined> = {
      party: () => own(parties.records.get(key))?.companyName,
      shipment: () => own(store.shipments.get(key))?.billOfLadingNumber,
      container: () => own(store.containers.get(key))?.number,
      trackingrequest: () => own(store.trackingRequests.get(key))?.requestNumber,
    };
    const lookup = lookups[kind];
    if (lookup !== undefined) return lookup();
    return Object.values(lookups).reduce<string | undefined>(
      (found, next) => found ?? next(),
      undefined,
    );
  };
}
