/**
 * What draws for a person: string-width (terminal cells) and log-update
 * (live lines). Its own file in the bin (`dist/terminal.cjs`), read only by
 * a run that draws a table, a record or a live view, so `--version` and
 * JSON in a pipe never load it.
 */
export { createLogUpdate } from 'log-update';
export { default as stringWidth } from 'string-width';
