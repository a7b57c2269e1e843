import { CliError, usageError } from '../errors/cli-error.js';
import type { ErrorEnvelope } from '../errors/describe.js';
import type { JqFilter } from '../jq/engine.js';
import { styles } from './ansi.js';
import { type Column, defaultColumns, fieldColumns } from './columns.js';
import { escapeControls, safeJson } from './control-characters.js';
import type { PageInfo, SuccessEnvelope } from './envelope.js';
import { projectRecord, projectRecords } from './fields.js';
import type { OutputSettings } from './mode.js';
import { type RecordOptions, renderRecord } from './record.js';
import { renderTable } from './table.js';

/** What a list is printed with, besides its rows. */
export interface ListOptions {
  /** Where the page stands (the footer and the JSON envelope's `page`). */
  page?: PageInfo | undefined;
  /** The table's columns, in place of the default ones of the rows' kind. */
  columns?: readonly Column[] | undefined;
}

/** The line under a list: how many were shown, and how to get the next page. */
function pageFooter(page: PageInfo): string {
  const total = page.total === null ? '' : ` of ${page.total}`;
  const shown = `${page.count} shown${total}`;
  return page.hasMore
    ? `${shown}; next: --page ${page.page + 1}, or --all for every record as NDJSON`
    : `${shown}.`;
}

/** Something that text can be written to (stdout, stderr, or a test's buffer). */
export interface Sink {
  write(text: string): unknown;
}

/** What a {@link Printer} writes with. */
export interface PrinterInit {
  settings: OutputSettings;
  out: Sink;
  err: Sink;
  /** `--fields`: only these paths of each record. */
  fields?: readonly string[] | undefined;
  /** `--bare`: the records themselves, not inside the `{ok, data, page}` envelope. */
  bare?: boolean | undefined;
}

/** The output of one run: data to stdout, everything else to stderr. */
export class Printer {
  readonly settings: OutputSettings;
  readonly #out: Sink;
  readonly #err: Sink;
  readonly #fields: readonly string[] | undefined;
  readonly #bare: boolean;
  #jq: JqFilter | undefined;

  constructor(init: PrinterInit) {
    this.settings = init.settings;
    this.#out = init.out;
    this.#err = init.err;
    this.#fields = init.fields;
    this.#bare = init.bare === true;
  }

  /** `--jq`: every JSON value printed goes through this filter first, its output written instead. */
  useJq(filter: JqFilter): void {
    this.#jq = filter;
  }

  /**
   * Writes a JSON value: through `--jq` when given, else as it is
   * (indented unless `--compact`, or on one line for NDJSON).
   */
  #json(value: unknown, indent: number | undefined): void {
    const json = safeJson(value, indent);
    const jq = this.#jq;
    if (jq === undefined) {
      this.#out.write(`${json}\n`);
      return;
    }
    const { output, error } = jq.run(json);
    if (output !== '') {
      // Raw strings from data never reach a terminal as they are (its lines and tabs aside).
      const shown = this.settings.interactive
        ? output
            .split('\n')
            .map((line) => line.split('\t').map(escapeControls).join('\t'))
            .join('\n')
        : output;
      this.#out.write(shown.endsWith('\n') ? shown : `${shown}\n`);
    }
    if (error !== undefined) {
      throw new CliError('usage', 'jq_error', `--jq: ${error}`);
    }
  }

  /** The JSON of a success: the data alone with `--bare` (or `--jq`), else the envelope. */
  #success(data: unknown, page: PageInfo | undefined): void {
    if (this.#bare || this.#jq !== undefined) {
      this.#json(data, this.#indent());
      return;
    }
    const envelope: SuccessEnvelope = page ? { ok: true, data, page } : { ok: true, data };
    this.#json(envelope, this.#indent());
  }

  /** JSON's indentation: none with `--compact`. */
  #indent(): number | undefined {
    return this.settings.compact ? undefined : 2;
  }

  /** Rows shown in a table: the mapped half of `both`, else the rows themselves. */
  #tableRows(rows: readonly unknown[]): unknown[] {
    return rows.map((row) =>
      typeof row === 'object' && row !== null && 'mapped' in row && 'raw' in row
        ? (row as { mapped: unknown }).mapped // Safe: the `both` format's `{ raw, mapped }` pair.
        : row,
    );
  }

  /**
   * A list: a table on a TTY (with a page note on stderr), else the JSON
   * envelope.
   */
  list(rows: readonly unknown[], options: ListOptions = {}): void {
    const { page, columns } = options;
    const fields = this.#fields;
    if (this.settings.mode === 'json') {
      this.#success(fields ? projectRecords(rows, fields) : rows, page);
      // Without the envelope, the next page is said where the envelope said it.
      if (page?.hasMore && this.#bare && this.#jq === undefined) this.note(pageFooter(page));
      return;
    }
    const shown = this.#tableRows(rows);
    if (shown.length === 0) {
      this.note('No records.');
      return;
    }
    if (fields) projectRecords(shown, fields);
    const shownColumns = fields ? fieldColumns(fields, shown) : (columns ?? defaultColumns(shown));
    const width = this.settings.columns;
    const table = renderTable(shown, shownColumns, { width, color: this.settings.color });
    this.#out.write(table.text);
    if (table.dropped.length > 0) {
      const wanted = shownColumns.filter((c) => c.dropRank === 0 || table.dropped.includes(c));
      this.note(
        `Left out at ${width} columns: ${table.dropped.map((c) => c.header).join(', ')} (see them with --fields ${wanted.map((c) => c.field).join(',')}, or --json)`,
      );
    }
    if (page) this.note(pageFooter(page));
  }

  /** One result: sections on a TTY (a table for a list), else the JSON envelope. */
  record(value: unknown, options: Pick<RecordOptions, 'title'> = {}): void {
    if (Array.isArray(value) && this.settings.mode === 'table') {
      this.list(value);
      return;
    }
    const fields = this.#fields;
    const data = fields
      ? Array.isArray(value)
        ? projectRecords(value, fields)
        : (projectRecords([value], fields)[0] ?? null)
      : value;
    if (this.settings.mode === 'json') {
      this.#success(data, undefined);
      return;
    }
    const [shown] = this.#tableRows([data]);
    this.#out.write(
      renderRecord(shown, {
        width: this.settings.columns,
        color: this.settings.color,
        title: options.title,
      }),
    );
  }

  /** A document printed as itself (GeoJSON, for a map library), never enveloped or projected. */
  document(value: unknown): void {
    if (this.#fields) {
      throw usageError('--fields does not apply here: the command prints a whole document.');
    }
    this.#json(value, this.settings.mode === 'json' ? undefined : 2);
  }

  /** One NDJSON line (a streamed record or change); through `--jq` when given. */
  line(value: unknown): void {
    const fields = this.#fields;
    this.#json(fields ? projectRecord(value, fields) : value, undefined);
  }

  /** Raw text to stdout (completion scripts, live views). */
  text(text: string): void {
    // A flag the output cannot honour is refused, never dropped.
    if (this.#jq !== undefined || this.#bare) {
      throw usageError(
        '--jq and --bare apply to JSON, and this command writes text: leave them out.',
      );
    }
    this.#out.write(text);
  }

  /** A note for people, on stderr (control characters shown escaped). */
  note(message: string): void {
    this.#err.write(`${styles(this.settings.color).dim(escapeControls(message))}\n`);
  }

  /** A warning, on stderr. */
  warn(message: string): void {
    this.#err.write(`shiptrack: warning: ${escapeControls(message)}\n`);
  }

  /** A failure, on stderr: one JSON line in JSON mode, one sentence otherwise (control characters shown escaped). */
  error(envelope: ErrorEnvelope): void {
    if (this.settings.mode === 'json') {
      this.#err.write(`${safeJson(envelope)}\n`);
      return;
    }
    const style = styles(this.settings.color);
    this.#err.write(
      `${style.red('shiptrack: error:')} ${escapeControls(envelope.error.message)}\n`,
    );
  }
}
