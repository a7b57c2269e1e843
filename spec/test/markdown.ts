/**
 * Just enough Markdown reading for the coverage check: sections by heading,
 * pipe tables, and the inline code spans of a text.
 */

/** A pipe table with the heading of the section it appears in. */
export interface MarkdownTable {
  heading: string;
  headers: string[];
  rows: string[][];
}

interface Section {
  level: number;
  heading: string;
  lines: string[];
}

function splitSections(markdown: string): Section[] {
  const sections: Section[] = [{ level: 0, heading: '', lines: [] }];
  for (const line of markdown.split(/\r?\n/)) {
    const match = /^(#{1,6})\s+(.*)$/.exec(line);
    if (match?.[1] && match[2] !== undefined) {
      sections.push({ level: match[1].length, heading: match[2].trim(), lines: [] });
    } else {
      sections.at(-1)?.lines.push(line);
    }
  }
  return sections;
}

function splitRow(line: string): string[] {
  return line
    .trim()
    .replace(/^\|/, '')
    .replace(/\|$/, '')
    .split('|')
    .map((cell) => cell.trim());
}

/** Returns every pipe table of the document, in order. */
export function parseTables(markdown: string): MarkdownTable[] {
  const tables: MarkdownTable[] = [];
  for (const section of splitSections(markdown)) {
    let block: string[] = [];
    const flush = () => {
      const [header, separator, ...rows] = block;
      if (header && separator && /^\|?\s*:?-{3,}/.test(separator.trim())) {
        tables.push({
          heading: section.heading,
          headers: splitRow(header),
          rows: rows.map(splitRow),
        });
      }
      block = [];
    };
    for (const line of section.lines) {
      if (line.trim().startsWith('|')) block.push(line);
      else flush();
    }
    flush();
  }
  return tables;
}

/** Returns the body text of the first section whose heading starts with `prefix` (without sub-sections). */
export function sectionBody(markdown: string, prefix: string): string | undefined {
  return splitSections(markdown)
    .find((section) => section.heading.startsWith(prefix))
    ?.lines.join('\n');
}

/** Returns the contents of the inline code spans (`like this`) of a text. */
export function codeSpans(text: string): string[] {
  return [...text.matchAll(/`([^`]+)`/g)].flatMap((match) => (match[1] ? [match[1]] : []));
}

/** Returns the column of a table by (case-insensitive) header name prefix, or `undefined`. */
export function column(table: MarkdownTable, headerPrefix: string): string[] | undefined {
  const index = table.headers.findIndex((header) =>
    header.toLowerCase().replaceAll('`', '').startsWith(headerPrefix.toLowerCase()),
  );
  if (index < 0) return undefined;
  return table.rows.map((row) => row[index] ?? '');
}
