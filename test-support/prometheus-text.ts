/**
 * A strict reader of the Prometheus text exposition format (0.0.4), for
 * tests that scrape `/metrics`: every sample with its labels, and each
 * family's `# TYPE`. A line it cannot read fails the test instead of being
 * skipped. (The npm parsers of this format are unmaintained; the format is
 * small enough to read here.)
 */

/** One sample line: `name{label="value",...} value`. */
export interface PrometheusSample {
  readonly name: string;
  readonly labels: Readonly<Record<string, string>>;
  readonly value: number;
}

/** A scrape, read. */
export interface PrometheusScrape {
  readonly samples: readonly PrometheusSample[];
  /** `# TYPE` of each family: `counter`, `gauge`, `histogram`, ... */
  readonly types: ReadonlyMap<string, string>;
}

const SAMPLE = /^([a-zA-Z_:][a-zA-Z0-9_:]*)(?:\{(.*)\})?\s+(\S+)(?:\s+-?\d+)?$/;
const LABEL = /\s*([a-zA-Z_][a-zA-Z0-9_]*)="((?:[^"\\]|\\.)*)"\s*(?:,|$)/y;

function labelsOf(text: string, line: string): Record<string, string> {
  const labels: Record<string, string> = {};
  LABEL.lastIndex = 0;
  while (LABEL.lastIndex < text.length) {
    const match = LABEL.exec(text);
    if (!match) throw new Error(`unreadable labels in: ${line}`);
    const [, name = '', raw = ''] = match;
    labels[name] = raw.replace(/\\(.)/g, (_, char: string) => (char === 'n' ? '\n' : char));
  }
  return labels;
}

function numberOf(text: string, line: string): number {
  if (text === '+Inf') return Number.POSITIVE_INFINITY;
  if (text === '-Inf') return Number.NEGATIVE_INFINITY;
  if (text === 'NaN') return Number.NaN;
  const value = Number(text);
  if (Number.isNaN(value)) throw new Error(`unreadable value in: ${line}`);
  return value;
}

/** Reads a scrape; throws on a line that is not a comment, blank, or a sample. */
export function parsePrometheusText(text: string): PrometheusScrape {
  const samples: PrometheusSample[] = [];
  const types = new Map<string, string>();
  for (const line of text.split('\n')) {
    if (line.trim() === '') continue;
    if (line.startsWith('#')) {
      const type = /^# TYPE (\S+) (\S+)$/.exec(line);
      if (type?.[1] && type[2]) types.set(type[1], type[2]);
      continue;
    }
    const match = SAMPLE.exec(line);
    if (!match) throw new Error(`unreadable sample line: ${line}`);
    const [, name = '', labels, value = ''] = match;
    samples.push({
      name,
      labels: labels ? labelsOf(labels, line) : {},
      value: numberOf(value, line),
    });
  }
  return { samples, types };
}

/**
 * The sum of the samples named `name` whose labels include `labels` (0
 * when there are none).
 */
export function sampleSum(
  scrape: PrometheusScrape,
  name: string,
  labels: Readonly<Record<string, string>> = {},
): number {
  return scrape.samples
    .filter(
      (sample) =>
        sample.name === name &&
        Object.entries(labels).every(([key, value]) => sample.labels[key] === value),
    )
    .reduce((sum, sample) => sum + sample.value, 0);
}
