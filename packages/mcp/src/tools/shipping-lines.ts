import { MappedShippingLineSchema } from '@shiptrack/sdk/mapped';
import * as z from 'zod';
import { defineTool } from '../core/define-tool.js';

/** Lines shown at most in one answer. */
const LIMIT = 50;

const LineRowSchema = MappedShippingLineSchema.pick({
  scac: true,
  name: true,
  billOfLadingTrackingSupport: true,
  bookingNumberTrackingSupport: true,
  containerNumberTrackingSupport: true,
});

type LineRow = z.infer<typeof LineRowSchema>;

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
    'Carriers with their SCAC and which numbers each tracks, by name or SCAC. Use to find the scac for track_container.',
  input: z.object({
    search: z.string().optional().describe('Name or SCAC'),
  }),
  output: z.object({
    shippingLines: z.array(LineRowSchema),
    total: z.number(),
    omitted: z.number(),
  }),
  annotations: { readOnlyHint: true },
  async run(args, context) {
    const all = await context.shippingLines();
    const found = args.search ? all.filter(matches(args.search)) : [...all];
    const shippingLines = found.slice(0, LIMIT).map((line) => ({
      scac: line.scac,
      name: line.name,
      billOfLadingTrackingSupport: line.billOfLadingTrackingSupport,
      bookingNumberTrackingSupport: line.bookingNumberTrackingSupport,
      containerNumberTrackingSupport: line.containerNumberTrackingSupport,
    }));
    const omitted = found.length - shippingLines.length;
    const head = args.search
      ? `${found.length} shipping line(s) match "${args.search}"`
      : `${found.length} supported shipping line(s)`;
    return {
      structured: { shippingLines, total: found.length, omitted },
      text: [
        `${head}:`,
        ...shippingLines.map((line) => `- ${line.scac} ${line.name} (tracks: ${supports(line)})`),
        ...(omitted > 0 ? [`${omitted} more not shown: narrow with search.`] : []),
      ].join('\n'),
    };
  },
});
