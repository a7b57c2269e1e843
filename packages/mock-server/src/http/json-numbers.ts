/**
 * The numbers of a JSON text as they were written. `JSON.parse` turns
 * `12345678901234567890` into a double (the last digits lost) and `1e400`
 * into `Infinity`, so the mock reads the literals themselves when it must
 * report or keep them. Node 20 has no `JSON.parse` source access; this
 * small scanner stands in for it, without recursion (a body may nest deep).
 */

/** One token of JSON: punctuation, a string, a number or a literal. */
const TOKEN =
  /\s*(?:([{}[\]:,])|("(?:[^"\\]|\\.)*")|(-?\d+(?:\.\d+)?(?:[eE][+-]?\d+)?)|(true|false|null))/y;

/** An object or array being read, and where its next member goes. */
interface Frame {
  readonly pointer: string;
  readonly array: boolean;
  index: number;
  key: string;
  expectKey: boolean;
}

/** A member's name as a JSON pointer segment (RFC 6901). */
function segment(name: string): string {
  return name.replaceAll('~', '~0').replaceAll('/', '~1');
}

/**
 * The JSON pointer of every number in `text` (valid JSON, already parsed)
 * with its literal as written, in document order; a repeated member keeps
 * its last number, as `JSON.parse` does.
 */
export function numberLiterals(text: string): Map<string, string> {
  const found = new Map<string, string>();
  const stack: Frame[] = [];
  const here = (): string => {
    const top = stack.at(-1);
    if (top === undefined) return '';
    return `${top.pointer}/${top.array ? String(top.index) : segment(top.key)}`;
  };
  TOKEN.lastIndex = 0;
  for (let match = TOKEN.exec(text); match !== null; match = TOKEN.exec(text)) {
    const [, punctuation, string, number] = match;
    const top = stack.at(-1);
    if (punctuation === '{' || punctuation === '[') {
      stack.push({
        pointer: here(),
        array: punctuation === '[',
        index: 0,
        key: '',
        expectKey: true,
      });
    } else if (punctuation === '}' || punctuation === ']') {
      stack.pop();
    } else if (punctuation === ',' && top !== undefined) {
      top.index += 1;
      top.expectKey = true;
    } else if (string !== undefined && top !== undefined && !top.array && top.expectKey) {
      // Valid JSON: the quoted text parses as the member's name.
      top.key = JSON.parse(string) as string;
      top.expectKey = false;
    } else if (number !== undefined) {
      found.set(here(), number);
    }
  }
  return found;
}
