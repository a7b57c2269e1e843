import { MappedShippingLineSchema } from '@shiptrack/sdk/mapped';
import * as z from 'zod';
import { defineTool } from '../core/define-tool.js';
import { lazy } from '../core/lazy.js';
import { pageInput, pageSizeInput } from './inputs.js';

/** Lines per page by default: the whole list is about 9 kB of JSON, most of it unwanted. */
const DEFAULT_LINES_PER_PAGE = 20;

const LineRowSchema = lazy(() =>
  MappedShippingLineSchema.pick({
    scac: true,
    name: true,
    billOfLadingTrackingSupport: true,
    bookingNumberTrackingSupport: true,
    containerNumberTrackingSupport: true,
  }),
);

type LineRow = z.infer<ReturnType<typeof LineRowSchema>>;

function matches(search: string) {
  const needle = search.trim().toLowerCase();
  return (line: {
    scac: string | null;
    name: string | null;
    shortName?: string | null;
    alternativeScacs?: string[] | null;
  }) =>
    line.scac?.toLowerCase() === needle ||
    (line.alternativeScacs ?? []).some((scac) => scac.toLowerCase() === needle) ||
    Boolean(line.name?.toLowerCase().includes(needle)) ||
    Boolean(line.shortName?.toLowerCase().includes(needle));
}

function supports(line: LineRow): string {
  const flags = [
    ['bill of lading', line.billOfLadingTrackingSupport],
    ['booking', line.bookingNumberTrackingSupport],
    ['container', line.containerNumberTrackingSupport],
  ] as const;
  // A flag the service did not send is unknown, not "unsupported".
  if (flags.every(([, flag]) => flag === null || flag === undefined)) return 'not reported';
  const kinds = flags.flatMap(([kind, flag]) => (flag ? [kind] : []));
  return kinds.length > 0 ? kinds.join(', ') : 'nothing';
}

/** `get_supported_shipping_lines`: carriers and the SCAC to use for each. */
export const getSupportedShippingLines = defineTool({
  name: 'get_supported_shipping_lines',
  title: 'Supported shipping lines',
  description:
    'Carriers by name or SCAC and the numbers each tracks; gives track_container its scac.',
  schemas: () => ({
    input: z.object({
      search: z.string().optional().describe('Name or SCAC'),
      page: pageInput(),
      page_size: pageSizeInput().describe('Default 20'),
    }),
    output: z.object({
      shippingLines: z.array(LineRowSchema()),
      total: z.number(),
      page: z.number(),
      omitted: z.number(),
      next: z.string().nullable(),
    }),
  }),
  annotations: { readOnlyHint: true },
  async run(args, context) {
    const all = await context.shippingLines();
    const found = args.search ? all.filter(matches(args.search)) : [...all];
    const page = args.page ?? 1;
    const pageSize = args.page_size ?? DEFAULT_LINES_PER_PAGE;
    const start = (page - 1) * pageSize;
    const shippingLines = found.slice(start, start + pageSize).map((line) => ({
      scac: line.scac,
      name: line.name,
      billOfLadingTrackingSupport: line.billOfLadingTrackingSupport,
      bookingNumberTrackingSupport: line.bookingNumberTrackingSupport,
      containerNumberTrackingSupport: line.containerNumberTrackingSupport,
    }));
    const omitted = found.length - shippingLines.length;
    const hasMore = start + shippingLines.length < found.length;
    const next = hasMore
      ? `call get_supported_shipping_lines again with page: ${page + 1}, or narrow with search`
      : null;
    const head = args.search
      ? `${found.length} shipping line(s) match "${args.search}"`
      : `${found.length} supported shipping line(s)`;
    return {
      structured: { shippingLines, total: found.length, page, omitted, next },
      text: [
        `${head}; page ${page}, ${shippingLines.length} shown:`,
        ...shippingLines.map((line) => `- ${line.scac} ${line.name} (tracks: ${supports(line)})`),
        ...(next ? [`More: ${next}.`] : []),
      ].join('\n'),
    };
  },
});
