/**
 * Parties: the companies an account keeps (customers, consignees, ...). A
 * company name is not blank and unique in its account (case-insensitive);
 * lists come by company name.
 */
import type { EngineContext } from './context.js';
import { InvalidInputError, RecordNotFoundError } from './problems.js';
import type { AccountRecord, Millis } from './records.js';
import type { Serializer } from './serialize/resource-object.js';
import type { SpecResource } from './serialize/spec-resource.js';

/** A company of an account. */
export interface PartyRecord {
  id: string;
  accountId: string;
  companyName: string;
  createdAt: Millis;
}

/** The parties of every account. */
export class Parties {
  readonly records = new Map<string, PartyRecord>();

  constructor(private readonly ctx: EngineContext) {}

  /** The account's parties by company name (case-insensitive), then creation. */
  list(account: AccountRecord): PartyRecord[] {
    return [...this.records.values()]
      .filter((party) => party.accountId === account.id)
      .sort(
        (a, b) =>
          a.companyName.localeCompare(b.companyName, 'en', { sensitivity: 'base' }) ||
          a.createdAt - b.createdAt,
      );
  }

  /** Adds a company; 422 `taken` when the account has one of that name. */
  create(account: AccountRecord, companyName: string): PartyRecord {
    this.checkUnique(account, companyName, undefined);
    const party: PartyRecord = {
      id: this.ctx.ids.next(),
      accountId: account.id,
      companyName,
      createdAt: this.ctx.clock.now(),
    };
    this.records.set(party.id, party);
    return party;
  }

  /** The account's party with that id; 404 otherwise. */
  get(account: AccountRecord, id: string): PartyRecord {
    const party = this.records.get(id.toLowerCase());
    if (party === undefined || party.accountId !== account.id) {
      throw new RecordNotFoundError(
        `No party with id ${id} exists in this account. List GET /parties to find a valid id.`,
      );
    }
    return party;
  }

  /** Renames a company. */
  rename(party: PartyRecord, companyName: string): void {
    const account = this.ctx.store.accounts.get(party.accountId);
    if (account !== undefined) this.checkUnique(account, companyName, party.id);
    party.companyName = companyName;
  }

  /** Forgets every party (reset). */
  clear(): void {
    this.records.clear();
  }

  private checkUnique(
    account: AccountRecord,
    companyName: string,
    except: string | undefined,
  ): void {
    const wanted = companyName.toLowerCase();
    const clash = this.list(account).find(
      (party) => party.id !== except && party.companyName.toLowerCase() === wanted,
    );
    if (clash !== undefined) {
      throw new InvalidInputError([
        {
          pointer: '/data/attributes/company_name',
          code: 'taken',
          detail: `is already the name of party ${clash.id} ("${clash.companyName}"). Use that party, or pick another name.`,
        },
      ]);
    }
  }
}

/** Registers the serializer of parties. */
export function registerPartySerializer(serializer: Serializer, parties: Parties): void {
  serializer.registerRecords(
    'party',
    parties.records,
    (party): SpecResource<'Party'> => ({
      id: party.id,
      type: 'party',
      attributes: { company_name: party.companyName },
      links: { self: `/v2/parties/${party.id}` },
    }),
  );
}
