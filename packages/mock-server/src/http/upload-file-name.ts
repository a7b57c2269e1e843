/**
 * The name an upload's `?filename=` gives its file. A name is refused, not
 * cleaned, so a document's `file_name` is always the name that was sent and
 * its download URL (`/_mock/downloads/<id>/<name>`) serves it.
 */
import { escapeControlCharacters, hasControlCharacter } from '../engine/log-lines.js';
import { badParameter, HttpError } from './errors.js';

/** The longest file name an upload takes, in characters. */
const MAX_FILE_NAME_LENGTH = 255;

/** 422 `invalid` on `?filename=`: the name was sent but names no file the mock can keep and serve. */
function refused(detail: string): HttpError {
  return new HttpError(422, [
    {
      status: '422',
      title: 'Upload refused',
      detail,
      code: 'invalid',
      source: { parameter: 'filename' },
    },
  ]);
}

/** Why a sent name cannot name a file; `undefined` when it can. */
function problemOf(name: string): string | undefined {
  if (name === '') return 'The file name is empty. Send the name of the file.';
  if (name.length > MAX_FILE_NAME_LENGTH) {
    return `The file name has ${name.length} characters; at most ${MAX_FILE_NAME_LENGTH} are taken. Send a shorter name.`;
  }
  if (hasControlCharacter(name)) {
    return `The file name "${escapeControlCharacters(name)}" holds a control character (such as NUL, a line break or an escape), which no download header can carry. Send the name without it.`;
  }
  // URLs drop a `.` or `..` path segment (even percent-encoded), so no download URL could name the file.
  if (name === '.' || name === '..') {
    return `The file name "${name}" is a path segment that URLs drop, so no download URL could serve it. Send the file's own name.`;
  }
  return undefined;
}

/**
 * The file name of an upload, trimmed: a 400 when `?filename=` is missing,
 * a 422 when it is empty, longer than {@link MAX_FILE_NAME_LENGTH}, holds a
 * control character, or is `.` or `..`; each names `filename`.
 */
export function uploadFileName(sent: string | undefined): string {
  if (sent === undefined) {
    throw badParameter(
      'filename',
      `Name the file with ?filename=<name> (1 to ${MAX_FILE_NAME_LENGTH} characters), e.g. /_mock/uploads?filename=bl-243618790.pdf.`,
    );
  }
  const name = sent.trim();
  const problem = problemOf(name);
  if (problem !== undefined) throw refused(problem);
  return name;
}
