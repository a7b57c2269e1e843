/** What seeding a dataset needs of the engine; the `Engine` is one. */
import type { CustomFields } from './custom-fields/custom-fields.js';
import type { Documents } from './documents/documents.js';
import type { IdGenerator } from './ids.js';
import type { Parties } from './parties.js';
import type { AccountRecord } from './records.js';
import type { Store } from './store.js';
import type { TrackingRequests } from './tracking-requests.js';

/** The parts of the engine a dataset writes through. */
export interface SeedTarget {
  readonly store: Store;
  readonly trackingRequests: TrackingRequests;
  readonly parties: Parties;
  readonly customFields: CustomFields;
  readonly documents: Documents;
  readonly ids: IdGenerator;
  /** The mock's clock, in milliseconds. */
  now(): number;
  /** The accounts, in the order they were added. */
  accounts(): AccountRecord[];
}
