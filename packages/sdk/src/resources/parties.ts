import type { CallOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import { requireText } from '../core/arguments.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import type { PagePromise } from '../core/pagination.js';
import type { ListPartiesParams } from '../generated/parameters.js';
import type * as raw from '../generated/raw-documents.js';
import type { MappedParty } from '../mapped/custom-fields.js';
import { Resource } from './shared.js';

/** What `parties.create` sends and `parties.update` changes. */
export interface PartyInput {
  companyName: string;
}

function body(call: string, party: PartyInput, id?: string) {
  return {
    data: {
      type: 'party' as const,
      ...(id === undefined ? {} : { id: id.trim() }),
      attributes: {
        company_name: requireText(call, 'companyName', party?.companyName, "the company's name"),
      },
    },
  };
}

/** `client.parties`: the companies of your shipments (shippers, consignees, notify parties). */
export class Parties<DF extends ResponseFormat> extends Resource<DF> {
  /** Lists parties (`GET /parties`). */
  list<F extends ResponseFormat = DF>(
    params: ListPartiesParams<F> = {},
    ...extra: never[]
  ): PagePromise<Formatted<F, raw.RawParty, MappedParty>, raw.RawPartyListDocument> {
    return this.core.list('listParties', { options: params, extra });
  }

  /** Creates a party (`POST /parties`). */
  create<F extends ResponseFormat = DF>(
    party: PartyInput,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawPartyDocument, MappedParty>> {
    return this.core.one('createParty', {
      options,
      extra,
      body: () => body('parties.create', party),
    });
  }

  /** Gets one party (`GET /parties/{id}`). */
  get<F extends ResponseFormat = DF>(
    id: string,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawPartyDocument, MappedParty>> {
    return this.core.one('getParty', { path: { id }, options, extra });
  }

  /** Renames a party (`PATCH /parties/{id}`). */
  update<F extends ResponseFormat = DF>(
    id: string,
    changes: PartyInput,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawPartyDocument, MappedParty>> {
    return this.core.one('updateParty', {
      path: { id },
      options,
      extra,
      body: () => body('parties.update', changes, id),
    });
  }
}
