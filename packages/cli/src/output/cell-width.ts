/**
 * Widths in terminal cells, not code points: `注文番号` takes eight cells,
 * a combining accent none. Measured by string-width, which is loaded only
 * by a run that draws for a person ({@link prepareCellWidths}): it starts
 * ICU's segmenter, some 20 ms that `--version` and JSON in a pipe never pay.
 */
import { loadTerminalEngines } from '../terminal/load.js';

type Measure = (text: string) => number;

let measure: Measure | undefined;
let graphemes: Intl.Segmenter | undefined;

/** Printable ASCII: one cell a character, with no need to load anything. */
const ASCII = /^[\u0020-\u007e]*$/;

/** Loads the measure of cells; every run that draws a table, a record or a live view awaits it first. */
export async function prepareCellWidths(): Promise<void> {
  if (measure !== undefined) return;
  const { stringWidth } = await loadTerminalEngines();
  measure = stringWidth;
  graphemes = new Intl.Segmenter();
}

/** How many terminal cells text takes (its ANSI styles take none). */
export function cellWidth(text: string): number {
  if (ASCII.test(text)) return text.length;
  if (measure === undefined) {
    throw new Error('cell widths are measured only after prepareCellWidths() (a bug of shiptrack)');
  }
  return measure(text);
}

/** The text's grapheme clusters (what a terminal draws as one character). */
function clusters(text: string): string[] {
  if (ASCII.test(text) || graphemes === undefined) return [...text];
  return Array.from(graphemes.segment(text), (part) => part.segment);
}

/** Text cut to at most `width` cells, ending in `…` when cut; never a wide character split. */
export function cutToCells(text: string, width: number): string {
  if (cellWidth(text) <= width) return text;
  if (width <= 0) return '';
  let kept = '';
  let used = 0;
  for (const cluster of clusters(text)) {
    const cells = cellWidth(cluster);
    if (used + cells > width - 1) break;
    kept += cluster;
    used += cells;
  }
  return `${kept}…`;
}

/** Text cut or padded with spaces to exactly `width` cells. */
export function fitToCells(text: string, width: number): string {
  const cut = cutToCells(text, width);
  return cut + ' '.repeat(Math.max(0, width - cellWidth(cut)));
}

/**
 * Text broken into lines of at most `width` cells, at spaces where it can,
 * else between characters (a long id or URL), never inside one.
 */
export function wrapToCells(text: string, width: number): string[] {
  if (cellWidth(text) <= width) return [text];
  const lines: string[] = [];
  let line: string[] = [];
  let used = 0;
  for (const cluster of clusters(text)) {
    const cells = cellWidth(cluster);
    if (used + cells > width && line.length > 0) {
      if (cluster === ' ') {
        lines.push(line.join('').trimEnd());
        line = [];
        used = 0;
        continue;
      }
      const space = line.lastIndexOf(' ');
      lines.push((space > 0 ? line.slice(0, space) : line).join('').trimEnd());
      line = space > 0 ? line.slice(space + 1) : [];
      used = line.reduce((sum, part) => sum + cellWidth(part), 0);
    }
    line.push(cluster);
    used += cells;
  }
  lines.push(line.join(''));
  return lines;
}
