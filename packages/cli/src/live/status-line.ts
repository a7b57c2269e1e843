import type { TerminalStream } from '../context.js';
import { cellWidth, cutToCells } from '../output/cell-width.js';
import { LiveRegion } from './live-region.js';

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];
const SEPARATOR = ' · ';

/**
 * The parts of a status, most needed first: the line keeps as many as fit
 * the terminal's width whole, cutting only the first one when even it does not.
 */
export type StatusParts = readonly string[];

/** The parts that fit `width` cells, joined: later parts are left out whole, never cut. */
export function fitParts(parts: StatusParts, width: number): string {
  let line = '';
  for (const part of parts) {
    const next = line === '' ? part : `${line}${SEPARATOR}${part}`;
    if (cellWidth(next) > width) break;
    line = next;
  }
  return line === '' ? cutToCells(parts[0] ?? '', width) : line;
}

/** A status line redrawn in place once a second on a terminal, one row at any width. */
export class StatusLine {
  readonly #region: LiveRegion;
  readonly #render: () => StatusParts;
  #timer: NodeJS.Timeout | undefined;
  #frame = 0;

  private constructor(region: LiveRegion, render: () => StatusParts) {
    this.#region = region;
    this.#render = render;
  }

  /** A status line on `stream`, its parts from `render` at each draw. */
  static async open(stream: TerminalStream, render: () => StatusParts): Promise<StatusLine> {
    return new StatusLine(await LiveRegion.open(stream), render);
  }

  /** Draws now and then every second. */
  start(): void {
    this.draw();
    this.#timer = setInterval(() => this.draw(), 1000);
    this.#timer.unref();
  }

  /** Redraws at once (after a change). */
  draw(): void {
    const spinner = SPINNER[this.#frame++ % SPINNER.length] ?? '';
    const parts = this.#render();
    this.#region.draw((width) => [`${spinner} ${fitParts(parts, width - cellWidth(spinner) - 1)}`]);
  }

  /** Clears the line and stops redrawing. */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#region.clear();
    this.#region.close();
  }
}

/** `m:ss` of a duration in ms. */
export function clock(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
