/**
 * The lines a live view redraws in place (the status line of
 * `track --wait`, the table of `watch`), drawn by log-update: each line is
 * fitted to the terminal's width in cells on every draw, so a frame takes
 * exactly as many rows as it has lines and the next draw erases all of
 * them; on a resize the frame is drawn again at the new width.
 */
import type { TerminalStream } from '../context.js';
import { cellWidth, cutToCells, prepareCellWidths } from '../output/cell-width.js';
import { loadTerminalEngines } from '../terminal/load.js';

/** A frame for a width: the lines to show, each to be fitted to it. */
export type Frame = (width: number) => readonly string[];

/** The width a live view fits when the stream does not say. */
const FALLBACK_WIDTH = 80;

/** ESC [ n A: the cursor up n rows; ESC [ J: erase from the cursor to the end of the screen. */
const up = (rows: number) => (rows > 0 ? `\u001b[${rows}A` : '');
const ERASE_DOWN = '\r\u001b[J';

type LogUpdate = Awaited<ReturnType<typeof loadLogUpdate>>;

async function loadLogUpdate(sink: NodeJS.WritableStream) {
  // Loaded only by a run that draws for a person (see terminal/engines.ts).
  const { createLogUpdate } = await loadTerminalEngines();
  // The cursor stays shown: hiding it would need a restore hook on the real process in every exit path.
  return createLogUpdate(sink, { showCursor: true });
}

/** A region of a terminal stream redrawn in place. */
export class LiveRegion {
  readonly #stream: TerminalStream;
  readonly #log: LogUpdate;
  #frame: Frame | undefined;
  /** The lines drawn last, as fitted, and the terminal's width when they were drawn. */
  #drawn: { lines: readonly string[]; columns: number } | undefined;
  readonly #onResize = () => {
    if (this.#frame) this.draw(this.#frame);
  };

  private constructor(stream: TerminalStream, log: LogUpdate) {
    this.#stream = stream;
    this.#log = log;
    stream.on?.('resize', this.#onResize);
  }

  /** A live region on `stream` (a terminal), redrawn on each resize until {@link close}. */
  static async open(stream: TerminalStream): Promise<LiveRegion> {
    await prepareCellWidths();
    const sink = {
      write: (text: string) => stream.write(text),
      // The width of the draw in progress: asking the terminal again could
      // answer a width the lines were not fitted to (a resize in between).
      get columns() {
        return stream.columns || FALLBACK_WIDTH;
      },
      get rows() {
        return stream.rows;
      },
      isTTY: stream.isTTY,
    };
    // Safe: log-update reads only write, columns, rows and isTTY of its stream.
    return new LiveRegion(stream, await loadLogUpdate(sink as unknown as NodeJS.WritableStream));
  }

  /**
   * Draws a frame in place of the last one, each line one cell short of the
   * terminal's width so that none wraps, and keeps it to draw again on a
   * resize.
   */
  draw(frame: Frame): void {
    this.#frame = frame;
    const columns = columnsOf(this.#stream);
    this.#eraseReflowed(columns);
    const width = Math.max(columns - 1, 10);
    const lines = frame(width).map((line) => cutToCells(line, width));
    this.#drawn = { lines, columns };
    this.#log(lines.join('\n'));
  }

  /**
   * A terminal made narrower than a drawn line reflows it onto more rows
   * than log-update counts: those rows are erased here (from the frame's
   * first row down), and log-update starts afresh.
   */
  #eraseReflowed(columns: number): void {
    const drawn = this.#drawn;
    if (drawn === undefined || columns >= drawn.columns) return;
    const rows = drawn.lines.reduce(
      (sum, line) => sum + Math.max(1, Math.ceil(cellWidth(line) / columns)),
      0,
    );
    if (rows <= drawn.lines.length) return;
    this.#stream.write(`${up(rows)}${ERASE_DOWN}`);
    this.#log.done();
    this.#drawn = undefined;
  }

  /** Erases the frame (the cursor back where it was before the first draw). */
  clear(): void {
    this.#eraseReflowed(columnsOf(this.#stream));
    this.#log.clear();
    this.#drawn = undefined;
  }

  /** Stops redrawing on resizes; the last frame stays on the screen. */
  close(): void {
    this.#stream.off?.('resize', this.#onResize);
    this.#frame = undefined;
    this.#log.done();
  }
}

/**
 * The terminal's width now. Node learns a new size from SIGWINCH, which it
 * handles a turn of the event loop later: a draw in between would be made
 * at the old width on a terminal that has already reflowed the last frame,
 * and leave a row of it behind. So the size is asked of the terminal itself
 * before each draw, through the method Node's own SIGWINCH handler calls
 * (it emits `resize` when the size changed).
 */
function columnsOf(stream: TerminalStream): number {
  stream._refreshSize?.();
  return stream.columns || FALLBACK_WIDTH;
}
