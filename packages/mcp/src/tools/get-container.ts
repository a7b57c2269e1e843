import type { ContainerInclude } from '@shiptrack/sdk';
import * as z from 'zod';
import { CONTAINER_VIEW_TOOL_META } from '../app/container-view.js';
import { defineTool } from '../core/define-tool.js';
import { ContainerViewSchema, containerView } from '../facts/container-view.js';
import { CustomFieldsSchema, customFields, renderCustomFields } from '../facts/custom-fields.js';
import { renderContainer } from '../render/container.js';
import { renderTimelineBrief, TimelineBriefSchema, timelineBrief } from '../render/timeline.js';
import { fetchTransportSummary } from '../service/containers.js';
import { readCustomFields } from '../service/custom-fields.js';
import { loadContainer } from '../service/mirror-container.js';
import { asOfMember, sourceLines } from '../service/mirror-source.js';
import { isRecordId } from '../service/resolve.js';
import { TerminalLookup } from '../service/terminals.js';
import { CONTAINER_EXTRAS, CONTAINER_FOUND_BY, containerId } from './inputs.js';

/** `get_container`: one container, told truthfully. */
export const getContainer = defineTool({
  name: 'get_container',
  title: 'Get container',
  description:
    'One container by id or number: status, terminal, availability, last free day and days left, holds, fees, pickup, flags, custom fields (e.g. a PO). Next: get_container_transport_events (journey) or get_shipment_details (vessel, ETA).',
  input: z.object({
    id: containerId,
    include: z.array(z.enum(CONTAINER_EXTRAS)).optional().describe('Extras to add'),
  }),
  output: ContainerViewSchema.extend({
    customFields: CustomFieldsSchema,
    recentEvents: TimelineBriefSchema.optional(),
  }),
  annotations: { readOnlyHint: true },
  meta: CONTAINER_VIEW_TOOL_META,
  subject: (args) => ({ kind: 'container', id: args.id, foundBy: CONTAINER_FOUND_BY }),
  async run(args, context) {
    const client = context.client();
    const wanted = new Set(args.include ?? []);
    const include: ContainerInclude[] = ['shipment', 'pod_terminal'];
    // From the mirror while its copy is young enough, else from REST (the answer says which).
    const load = () => loadContainer(client, context.mirror, args.id, context.now(), include);
    // Custom field values are not mirrored: read beside the container when its id is given.
    const given = args.id.trim();
    const [{ container, source }, early] = isRecordId(given)
      ? await Promise.all([load(), readCustomFields(client, 'container', given)])
      : [await load(), undefined];
    const id = container.id;
    const fields = early ?? (await readCustomFields(client, 'container', id));
    const terminal = await new TerminalLookup(client).facts(container, {
      timeZone: Boolean(container.demurrage.pickupLfd),
    });
    const built = containerView(container, {
      now: context.now(),
      shipment: container.shipment ?? undefined,
      showShipment: wanted.has('shipment'),
      terminal,
    });
    const view = { ...built, flags: { ...built.flags, ...asOfMember(source) } };
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
    if (!wanted.has('transport_events')) {
      return { structured: { ...view, customFields: custom }, text, containers: [view] };
    }
    const recentEvents = timelineBrief(await fetchTransportSummary(client, id));
    return {
      structured: { ...view, customFields: custom, recentEvents },
      text: `${text}\n${renderTimelineBrief(recentEvents)}`,
      containers: [view],
    };
  },
});
