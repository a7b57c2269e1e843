import type { MappedRoute } from '@shiptrack/sdk';
import { NotFoundError, PermissionDeniedError } from '@shiptrack/sdk';
import { TRANSPORT_MODE_VALUES } from '@shiptrack/sdk/spec';
import * as z from 'zod';
import { defineTool } from '../core/define-tool.js';
import { lazy } from '../core/lazy.js';
import { shown, when } from '../render/format.js';
import { fetchContainer, fetchRoute } from '../service/containers.js';
import { resolveContainerId } from '../service/resolve.js';
import { CONTAINER_FOUND_BY, containerId } from './inputs.js';

const text = lazy(() => z.string().nullable());
const degrees = lazy(() => z.number().nullable());

/**
 * How a container arrives or leaves: open, like the SDK's route model (a
 * mode added since is passed through), advertised with the known values as
 * examples. Built here from the value list: importing the SDK's route
 * schemas would load every model they reference at start-up.
 */
const mode = lazy(() => z.union([z.enum(TRANSPORT_MODE_VALUES), z.string()]).nullable());

const StopSchema = lazy(() =>
  z.object({
    port: text(),
    locode: text(),
    terminal: text(),
    lat: degrees(),
    lon: degrees(),
    arriveBy: mode(),
    leaveBy: mode(),
    inboundVessel: text(),
    outboundVessel: text(),
    outboundVoyage: text(),
    etaAt: text(),
    ataAt: text(),
    etdAt: text(),
    atdAt: text(),
  }),
);

type Stop = z.infer<ReturnType<typeof StopSchema>>;

/**
 * The stops as the tool shows them: each port's coordinates, and the voyage
 * of the leg leaving it (as the stop sends it, else as the next stop
 * receives it: the same leg).
 */
function stops(route: MappedRoute): Stop[] {
  const rows = route.routeLocations ?? [];
  return rows.map((stop, i) => ({
    port: stop.location?.name ?? null,
    locode: stop.location?.code ?? null,
    terminal: stop.facility?.name ?? null,
    lat: stop.location?.latitude ?? null,
    lon: stop.location?.longitude ?? null,
    arriveBy: stop.inboundMode ?? null,
    leaveBy: stop.outboundMode ?? null,
    inboundVessel: stop.inboundVessel?.name ?? null,
    outboundVessel: stop.outboundVessel?.name ?? null,
    outboundVoyage: stop.outboundVoyageNumber ?? rows[i + 1]?.inboundVoyageNumber ?? null,
    etaAt: stop.inboundEtaAt ?? null,
    ataAt: stop.inboundAtaAt ?? null,
    etdAt: stop.outboundEtdAt ?? null,
    atdAt: stop.outboundAtdAt ?? null,
  }));
}

function renderStop(stop: Stop, index: number): string {
  const arrive = stop.arriveBy
    ? ` arrive by ${stop.arriveBy}${stop.inboundVessel ? ` (${stop.inboundVessel})` : ''} ETA ${when(stop.etaAt)} ATA ${when(stop.ataAt)}`
    : '';
  const leave = stop.leaveBy
    ? ` leave by ${stop.leaveBy}${stop.outboundVessel ? ` (${stop.outboundVessel}${stop.outboundVoyage ? ` voyage ${stop.outboundVoyage}` : ''})` : ''} ETD ${when(stop.etdAt)} ATD ${when(stop.atdAt)}`
    : '';
  return `${index + 1}. ${shown(stop.port)} ${shown(stop.locode)}${stop.terminal ? `, ${stop.terminal}` : ''}:${arrive}${leave}`;
}

/** `get_container_route`: the legs of a container's journey (a paid feature). */
export const getContainerRoute = defineTool({
  name: 'get_container_route',
  title: 'Container route',
  description:
    "A container's legs by id or number: stops with coordinates, vessels, voyages, ETA/ATA/ETD/ATD. A paid feature.",
  schemas: () => ({
    input: z.object({ id: containerId() }),
    output: z.object({
      containerId: z.string(),
      available: z.boolean(),
      reason: z.enum(['not_enabled', 'no_route_data']).nullable(),
      stops: z.array(StopSchema()),
    }),
  }),
  annotations: { readOnlyHint: true },
  subject: (args) => ({ kind: 'container', id: args.id, foundBy: CONTAINER_FOUND_BY }),
  async run(args, context) {
    const client = context.client();
    const id = await resolveContainerId(client, args.id);
    try {
      const route = await fetchRoute(client, id);
      const list = stops(route);
      return {
        structured: { containerId: id, available: true, reason: null, stops: list },
        text: [`Route of container ${id}, ${list.length} stop(s):`, ...list.map(renderStop)].join(
          '\n',
        ),
      };
    } catch (error) {
      if (error instanceof PermissionDeniedError) {
        return {
          structured: {
            containerId: id,
            available: false,
            reason: 'not_enabled' as const,
            stops: [],
          },
          text: 'Routing is a paid feature that is not enabled for this account (the service answered 403). Ask the provider to enable it; meanwhile get_container_transport_events shows where the container has been.',
        };
      }
      if (!(error instanceof NotFoundError)) throw error;
      // 404 on the route: tell "no such container" (the error) apart from "no route yet".
      await fetchContainer(client, id);
      return {
        structured: {
          containerId: id,
          available: false,
          reason: 'no_route_data' as const,
          stops: [],
        },
        text: 'The service has no route for this container yet (it is built once the carrier reports the legs). Try again later, or use get_container_transport_events.',
      };
    }
  },
});
