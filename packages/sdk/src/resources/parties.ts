import type { CallOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import { requireText } from '../core/arguments.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import type * as raw from '../generated/raw-documents.js';
import { PartiesBase } from '../generated/resources/parties.js';
import type { MappedParty } from '../mapped/custom-fields.js';

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
export class Parties<DF extends ResponseFormat> extends PartiesBase<DF> {
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
