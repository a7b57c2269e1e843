/** The few ANSI styles the CLI uses; each is the identity when colours are off. */
export interface Styles {
  bold(text: string): string;
  dim(text: string): string;
  red(text: string): string;
  yellow(text: string): string;
  green(text: string): string;
}

const wrap = (open: number, close: number) => (text: string) =>
  `\u001b[${open}m${text}\u001b[${close}m`;
const plain = (text: string) => text;

/** Styles that write ANSI codes only when `color` is true. */
export function styles(color: boolean): Styles {
  return color
    ? {
        bold: wrap(1, 22),
        dim: wrap(2, 22),
        red: wrap(31, 39),
        yellow: wrap(33, 39),
        green: wrap(32, 39),
      }
    : { bold: plain, dim: plain, red: plain, yellow: plain, green: plain };
}
