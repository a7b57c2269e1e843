import type { RotationDegrees } from '@shiptrack/sdk';
import { type Operation, one } from '../operation.js';
import { integer, jsonObject, required, text } from '../option-specs.js';
import { id } from './values.js';

/** `shiptrack documents ...`, `document-schemas` and `email-submissions`: the commands that do more than one SDK call (the others: `generated/operations.ts`). */
export const DOCUMENT_OPERATIONS: readonly Operation[] = [
  one({
    group: 'documents',
    verb: 'create',
    summary: 'Make a document of an uploaded file (the same file twice is refused, exit 5)',
    example: 'shiptrack documents create --name "Bill of lading" --attached-document <signed-id>',
    options: {
      name: required(text('the name to show', 'name')),
      attachedDocument: required(text('the id of the uploaded file', 'signed-id')),
    },
    run: (client, _args, o, call) =>
      client.documents.create({ name: o.name, attachedDocument: o.attachedDocument }, call),
  }),
  one({
    group: 'documents',
    verb: 'update',
    summary: "Set a document's type or correct what was read from it",
    example: 'shiptrack documents update <id> --document-type-manual bill_of_lading',
    args: id('document'),
    options: {
      documentTypeManual: text('a document type code (see `documents types`)', 'code'),
      extractedDataManual: jsonObject('corrected extracted data; null clears your corrections'),
    },
    run: (client, a, o, call) =>
      client.documents.update(
        a.id,
        { documentTypeManual: o.documentTypeManual, extractedDataManual: o.extractedDataManual },
        call,
      ),
  }),
  one({
    group: 'documents',
    verb: 'rotate',
    summary: 'Rotate an image document clockwise by 90, 180 or 270 degrees (queued)',
    example: 'shiptrack documents rotate <id> --degrees 90',
    args: id('document'),
    options: { degrees: required(integer('90, 180 or 270 (clockwise)', 'degrees')) },
    run: (client, a, o, call) =>
      // Safe: the SDK refuses any other angle with its InvalidArgumentError before sending.
      client.documents.rotate(a.id, o.degrees as RotationDegrees, call),
  }),
];
