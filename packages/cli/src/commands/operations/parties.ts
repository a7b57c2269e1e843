import { list, type Operation, one } from '../operation.js';
import { required, text } from '../option-specs.js';
import { id } from './values.js';

const companyName = required(text("the company's name", 'name'));

/** `shiptrack parties ...`: the companies of your shipments, one entry per SDK operation. */
export const PARTY_OPERATIONS: readonly Operation[] = [
  list({
    group: 'parties',
    verb: 'list',
    summary: 'List parties (shippers, consignees, notify parties) by company name',
    example: 'shiptrack parties list --all',
    run: (client, _args, _o, call) => client.parties.list(call),
  }),
  one({
    group: 'parties',
    verb: 'get',
    summary: 'Show one party',
    example: 'shiptrack parties get <id>',
    args: id('party'),
    run: (client, a, _o, call) => client.parties.get(a.id, call),
  }),
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
