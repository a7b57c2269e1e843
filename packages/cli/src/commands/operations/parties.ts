import { type Operation, one } from '../operation.js';
import { required, text } from '../option-specs.js';
import { id } from './values.js';

const companyName = required(text("the company's name", 'name'));

/** `shiptrack parties ...`: the companies of your shipments; `list` and `get` are generated (`generated/operations.ts`). */
export const PARTY_OPERATIONS: readonly Operation[] = [
  one({
    group: 'parties',
    verb: 'create',
    summary: 'Create a party (a name already used is refused, exit 5)',
    example: 'shiptrack parties create --company-name "Acme Imports"',
    options: { companyName },
    run: (client, _args, o, call) => client.parties.create({ companyName: o.companyName }, call),
  }),
  one({
    group: 'parties',
    verb: 'update',
    summary: 'Rename a party',
    example: 'shiptrack parties update <id> --company-name "Acme Imports Ltd"',
    args: id('party'),
    options: { companyName },
    run: (client, a, o, call) => client.parties.update(a.id, { companyName: o.companyName }, call),
  }),
];
