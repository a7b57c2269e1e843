/**
 * A live region on a terminal that is resized while it draws: what it
 * writes must be the lines it fitted, whole, whatever the terminal says
 * between its questions.
 */
import { EventEmitter } from 'node:events';
import { expect, it } from 'vitest';
import type { TerminalStream } from '../src/context.js';
import { LiveRegion } from '../src/live/live-region.js';

/** Escape sequences and carriage returns: what leaves the drawn rows. */
const CONTROL = new RegExp(`${'\u001b'}\\[[0-9;?]*[A-Za-z]|\\r`, 'g');

/** A terminal of `columns` that narrows to `narrowTo` when its size is asked the `nth` time. */
function terminalNarrowedAt(nth: number, columns: number, narrowTo: number) {
  const events = new EventEmitter();
  const written: string[] = [];
  let asked = 0;
  const stream: TerminalStream = {
    isTTY: true,
    columns,
    rows: 24,
    write: (text: string) => {
      written.push(text);
      return true;
    },
    _refreshSize() {
      asked += 1;
      if (asked === nth && stream.columns !== narrowTo) {
        stream.columns = narrowTo;
        events.emit('resize');
      }
    },
    on: (event, listener) => events.on(event, listener),
    off: (event, listener) => events.off(event, listener),
  };
  return { stream, written };
}

it('never cuts a drawn line in two when the terminal narrows in the middle of a draw', async () => {
  const line = `MSCU0008040 (MSCU): request pending, waiting for the carrier · ${'x'.repeat(30)}`;
  for (let nth = 1; nth <= 4; nth++) {
    const { stream, written } = terminalNarrowedAt(nth, 120, 60);
    const region = await LiveRegion.open(stream);
    region.draw(() => [line]);
    region.draw(() => [line]);
    const drawn = written
      .join('')
      .replace(CONTROL, '')
      .split('\n')
      .filter((row) => row !== '');
    // Each row is the line as fitted to one width or the other, never the rest of a wrapped one.
    for (const row of drawn)
      expect(row.startsWith('MSCU0008040'), `narrowed at ask ${nth}`).toBe(true);
    region.close();
  }
});
