import type { Sink } from '../output/printer.js';

const SPINNER = ['⠋', '⠙', '⠹', '⠸', '⠼', '⠴', '⠦', '⠧', '⠇', '⠏'];

/** A status line redrawn in place once a second on a terminal (`\r`, clear line). */
export class StatusLine {
  readonly #sink: Sink;
  readonly #render: () => string;
  #timer: NodeJS.Timeout | undefined;
  #frame = 0;

  constructor(sink: Sink, render: () => string) {
    this.#sink = sink;
    this.#render = render;
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
    this.#sink.write(`\r\u001b[2K${spinner} ${this.#render()}`);
  }

  /** Clears the line and stops redrawing. */
  stop(): void {
    if (this.#timer) clearInterval(this.#timer);
    this.#timer = undefined;
    this.#sink.write('\r\u001b[2K');
  }
}

/** `m:ss` of a duration in ms. */
export function clock(ms: number): string {
  const seconds = Math.max(0, Math.round(ms / 1000));
  return `${Math.floor(seconds / 60)}:${String(seconds % 60).padStart(2, '0')}`;
}
