/**
 * What a terminal shows for a run's output: the output replayed through
 * xterm.js (headless), rows as a person sees them, resizes included. A
 * test checks the screen, not only the bytes: stale rows a redraw left
 * behind show here.
 */
import xterm from '@xterm/headless';

/** A part of the output, and the width the terminal had once it was written. */
export interface OutputPart {
  text: string;
  columns: number;
}

/** The rows a terminal of `rows` rows shows after the parts, trailing blanks trimmed, blank rows kept. */
export async function screenOf(parts: readonly OutputPart[], rows = 40): Promise<string[]> {
  const [first] = parts;
  const terminal = new xterm.Terminal({
    cols: first?.columns ?? 80,
    rows,
    allowProposedApi: true,
    scrollback: 1000,
  });
  for (const part of parts) {
    if (part.columns !== terminal.cols) terminal.resize(part.columns, rows);
    await new Promise<void>((resolve) => terminal.write(part.text, resolve));
  }
  const buffer = terminal.buffer.active;
  const shown: string[] = [];
  for (let i = 0; i < buffer.length; i++)
    shown.push(buffer.getLine(i)?.translateToString(true) ?? '');
  terminal.dispose();
  while (shown.length > 0 && shown.at(-1) === '') shown.pop();
  return shown;
}
