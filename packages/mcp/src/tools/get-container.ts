import { type ContainerInclude, readContainerKey } from '@shiptrack/sdk';
import * as z from 'zod';
import { CONTAINER_VIEW_TOOL_META } from '../app/container-view.js';
import type { HandlerContext } from '../core/context.js';
import { defineTool } from '../core/define-tool.js';
import { lazy } from '../core/lazy.js';
import type { ToolAnswer } from '../core/tool-result.js';
import { ContainerViewSchema, containerView } from '../facts/container-view.js';
import { CustomFieldsSchema, customFields, renderCustomFields } from '../facts/custom-fields.js';
import { renderContainer } from '../render/container.js';
import { renderTimelineBrief, TimelineBriefSchema, timelineBrief } from '../render/timeline.js';
import { fetchTransportSummary } from '../service/containers.js';
import { readCustomFields } from '../service/custom-fields.js';
import { loadContainer } from '../service/mirror-container.js';
import { asOfMember, sourceLines } from '../service/mirror-source.js';
import { TerminalLookup } from '../service/terminals.js';
import { CONTAINER_EXTRAS, CONTAINER_FOUND_BY, containerId } from './inputs.js';

/** `get_container`'s structured answer. */
const ContainerOutputSchema = lazy(() =>
  ContainerViewSchema().extend({
    customFields: CustomFieldsSchema(),
    recentEvents: TimelineBriefSchema().optional(),
  }),
);

/** `get_container`: one container, told truthfully. */
export const getContainer = defineTool({
  name: 'get_container',
  title: 'Get container',
  description:
    'One container by id or number: status, terminal, availability, last free day, holds, fees, pickup, custom fields. Next: get_container_transport_events, get_shipment_details.',
  schemas: () => ({
    input: z.object({
      id: containerId(),
      include: z.array(z.enum(CONTAINER_EXTRAS)).optional().describe('Extras to add'),
    }),
    output: ContainerOutputSchema(),
  }),
  annotations: { readOnlyHint: true },
  meta: CONTAINER_VIEW_TOOL_META,
  subject: (args) => ({ kind: 'container', id: args.id, foundBy: CONTAINER_FOUND_BY }),
  async run(args, context) {
    return containerAnswer(context, args.id, new Set(args.include ?? []));
  },
});

/** The answer of `get_container`: its structured part, text and link. */
export type ContainerAnswer = ToolAnswer<z.output<ReturnType<typeof ContainerOutputSchema>>>;

/**
 * `get_container`'s answer for a container id or number: the container
 * with its shipment and terminal (from the mirror while its copy is young
 * enough, else from REST; the answer says which), its custom fields, and
 * the extras `wanted`. A `track_container` task that completes gives the
 * same answer.
 */
export async function containerAnswer(
  context: HandlerContext,
  given: string,
  wanted: ReadonlySet<(typeof CONTAINER_EXTRAS)[number]> = new Set(),
): Promise<ContainerAnswer> {
  const client = context.client();
  const include: ContainerInclude[] = ['shipment', 'pod_terminal'];
  const key = readContainerKey(given);
  const load = () => loadContainer(client, context.mirror, key, context.now(), include);
  // Custom field values are not mirrored: read beside the container when its id is given.
  const [{ container, source }, early] =
    key.kind === 'id'
      ? await Promise.all([load(), readCustomFields(client, 'container', key.id)])
      : [await load(), undefined];
  const id = container.id;
  const fields = early ?? (await readCustomFields(client, 'container', id));
  const terminal = await new TerminalLookup(client).facts(container, {
    timeZone: Boolean(container.demurrage.pickupLfd),
  });
  const view = containerView(container, {
    now: context.now(),
    shipment: container.shipment ?? undefined,
    showShipment: wanted.has('shipment'),
    terminal,
  });
  // The view is this call's own: completed in place rather than copied (members keep their order).
  Object.assign(view.flags, asOfMember(source));
  const custom = customFields(fields);
  const text = [
    renderContainer(view),
    renderCustomFields(custom),
    ...sourceLines(
      source,
      context.now(),
      'the container; terminal and custom fields are not mirrored',
    ),
  ].join('\n');
  const structured = Object.assign(view, { customFields: custom });
  if (!wanted.has('transport_events')) return { structured, text, containers: [view] };
  const recentEvents = timelineBrief(await fetchTransportSummary(client, id));
  return {
    structured: Object.assign(structured, { recentEvents }),
    text: `${text}\n${renderTimelineBrief(recentEvents)}`,
    containers: [view],
  };
}
