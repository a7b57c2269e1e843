import { type CommandUnknownOpts, Option } from '@commander-js/extra-typings';
import {
  APIUserAbortError,
  canonicalNumber,
  findTracked,
  type MappedContainer,
  type MappedShipment,
  type MappedTrackingRequest,
  type ResponseFormat,
  type ShiptrackClient,
  type TrackedNumber,
  type TrackResult,
} from '@shiptrack/sdk';
import { TRACKING_REQUEST_TYPE_VALUES } from '@shiptrack/sdk/spec';
import type { Io, RunContext } from '../context.js';
import { CliError, usageError } from '../errors/cli-error.js';
import { clock, StatusLine } from '../live/status-line.js';
import { withLastFreeDay } from '../output/last-free-day.js';
import { withExample } from './register.js';
import { runAction, stoppedCode } from './run.js';

/** What `track` prints. */
interface TrackOutput {
  number: string;
  numberType: string | null;
  scac: string | null;
  /** True when the number was already tracked: nothing was created. */
  alreadyTracking: boolean;
  /** What tracks it already: its `container`, its `shipment` or a live `tracking_request`; `null` when new. */
  trackedThrough: TrackedNumber['via'] | null;
  /** The request (new, or the live one); `null` when the number is tracked through a record. */
  trackingRequest: MappedTrackingRequest | null;
  /** The container of that number, when it is tracked through it. */
  container?: MappedContainer;
  /** With --wait, once the carrier answered: the shipment and its containers. */
  shipment?: MappedShipment | null;
  /** How to look at it later. */
  next: string;
}

interface TrackFlags {
  scac?: string;
  type?: string;
  refNumbers?: string[];
  wait?: boolean;
  interval?: number;
}

/** Exit code and message of a request that settled without a shipment. */
function failure(request: MappedTrackingRequest): CliError {
  const reason = request.failedReason ?? 'no reason given';
  const kind =
    request.failedReason === 'not_found'
      ? 'notFound'
      : request.failedReason === 'invalid_number'
        ? 'validation'
        : 'upstream';
  return new CliError(
    kind,
    'tracking_failed',
    `Tracking request ${request.id} ended "${request.status}" (${reason}); check the number and carrier, then run track again.`,
  );
}

async function waitForShipment(
  ctx: RunContext,
  client: ShiptrackClient<ResponseFormat>,
  started: TrackResult<MappedTrackingRequest>,
  flags: TrackFlags,
  signal: AbortSignal,
): Promise<{ request: MappedTrackingRequest; shipment: MappedShipment | null }> {
  const id = started.trackingRequest.id;
  const begun = Date.now();
  let status = started.trackingRequest.status ?? 'pending';
  let nextAt = Date.now();
  // On stderr, whenever it is a terminal: stdout may be a pipe for the final JSON.
  const live =
    ctx.io.err.isTTY === true
      ? await StatusLine.open(ctx.io.err, () => {
          const waitingFor =
            status === 'created' ? 'loading the shipment' : 'waiting for the carrier';
          const next = Math.max(0, nextAt - Date.now());
          return [
            `${started.requestNumber} (${started.scac}): request ${status}, ${waitingFor}`,
            `${clock(Date.now() - begun)} elapsed`,
            `next check in ${Math.ceil(next / 1000)}s (within the rate limit)`,
            'Ctrl-C leaves it running',
          ];
        })
      : undefined;
  live?.start();
  try {
    const request = await client.trackingRequests.waitFor(id, {
      format: 'mapped',
      signal,
      timeoutMs: ctx.options.timeoutMs ?? 15 * 60_000,
      intervalMs: (flags.interval ?? 5) * 1000,
      onPoll: (poll) => {
        status = poll.status;
        nextAt = Date.now() + poll.nextPollInMs;
        live?.draw();
      },
    });
    if (request.status !== 'created' || !request.trackedObjectId) throw failure(request);
    status = 'created';
    live?.draw();
    const shipment = await client.shipments.get(request.trackedObjectId, {
      format: 'mapped',
      include: ['containers'],
      signal,
    });
    return { request, shipment };
  } finally {
    live?.stop();
  }
}

/** What `track` prints for a number the account already tracks (nothing is created). */
function alreadyTracked(
  number: string,
  tracked: Exclude<TrackedNumber, { via: 'tracking_request' }>,
): TrackOutput {
  switch (tracked.via) {
    case 'container':
      return {
        number,
        numberType: 'container',
        scac: null,
        alreadyTracking: true,
        trackedThrough: 'container',
        trackingRequest: null,
        container: tracked.container,
        // The number, which every command takes, reads better than the id it resolves to.
        next: `shiptrack containers get ${tracked.container.number ?? tracked.container.id} --include shipment`,
      };
    case 'shipment':
      return {
        number,
        numberType: null,
        scac: tracked.shipment.shippingLineScac ?? null,
        alreadyTracking: true,
        trackedThrough: 'shipment',
        trackingRequest: null,
        shipment: tracked.shipment,
        next: `shiptrack shipments get ${tracked.shipment.billOfLading ?? tracked.shipment.id} --include containers`,
      };
  }
}

/** `shiptrack track <number>`: start tracking (never a duplicate), and with --wait follow it. */
export function registerTrack(program: CommandUnknownOpts, io: Io): void {
  const track = program
    .command('track')
    .summary('track a container, B/L or booking number')
    .description(
      "Track a container, bill of lading or booking number: its type and carrier are worked out as MCP's track_container does, and a number already tracked creates nothing.",
    )
    .argument('<number>', 'a container, bill of lading or booking number')
    .option('--scac <scac>', "the carrier's SCAC (asked of the service when left out)")
    .addOption(
      new Option('--type <type>', 'the kind of number (worked out when left out)').choices(
        TRACKING_REQUEST_TYPE_VALUES,
      ),
    )
    .option(
      '--ref-numbers <a,b>',
      'your reference numbers',
      (value: string, previous: string[] = []) => [
        ...previous,
        ...value.split(',').map((part) => part.trim()),
      ],
    )
    .option('--wait', 'follow the request until the shipment and its containers exist')
    .option(
      '--interval <seconds>',
      'with --wait: first pause between checks (default 5, then 1.5x)',
      Number,
    );
  withExample(track, 'shiptrack track MSCU1234566 --wait');
  track.action((number: string) =>
    runAction(track, io, async ({ ctx, signal }) => {
      const flags: TrackFlags = track.opts();
      if (ctx.format !== 'mapped') {
        throw usageError(
          'track prints mapped records; leave out --format (it applies to the resource commands).',
        );
      }
      if (flags.interval !== undefined && !(flags.interval > 0))
        throw usageError('--interval needs a number above 0.');
      const client = await ctx.client();
      const type = TRACKING_REQUEST_TYPE_VALUES.find((known) => known === flags.type);
      // The same decision as MCP's track_container: a container tracked through its bill of
      // lading is tracked, although the service would accept a request for its own number.
      const tracked = await findTracked(client, canonicalNumber(number), {
        type,
        scac: flags.scac?.toUpperCase(),
        signal,
      });
      // A live request goes on below: the service answers its duplicate, and --wait follows it.
      const title = `Tracking ${canonicalNumber(number)}`;
      if (tracked !== null && tracked.via !== 'tracking_request') {
        const output = alreadyTracked(canonicalNumber(number), tracked);
        // Its last free day as every container command shows it.
        const now = await ctx.now();
        const container = output.container && withLastFreeDay(output.container, now);
        ctx.printer.record(container ? { ...output, container } : output, { title });
        return undefined;
      }
      const started = await client.trackingRequests.track(number, {
        format: 'mapped',
        scac: flags.scac,
        type,
        refNumbers: flags.refNumbers,
        signal,
      });
      const id = started.trackingRequest.id;
      const later = `shiptrack tracking-requests get ${id} --include tracked_object`;
      const base: TrackOutput = {
        number: started.requestNumber,
        numberType: started.requestType,
        scac: started.scac,
        alreadyTracking: started.alreadyTracking,
        trackedThrough: started.alreadyTracking ? 'tracking_request' : null,
        trackingRequest: started.trackingRequest,
        next: later,
      };
      if (!flags.wait) {
        ctx.printer.record(base, { title });
        return undefined;
      }
      try {
        const { request, shipment } = await waitForShipment(ctx, client, started, flags, signal);
        ctx.printer.record(
          {
            ...base,
            trackingRequest: request,
            shipment,
            next: `shiptrack shipments get ${shipment?.billOfLading ?? shipment?.id ?? ''} --include containers`,
          },
          { title },
        );
        return undefined;
      } catch (error) {
        if (!(error instanceof APIUserAbortError || signal.aborted)) throw error;
        ctx.printer.note(
          `Stopped waiting. Tracking request ${id} stays in place; look at it later with: ${later}`,
        );
        return stoppedCode(signal);
      }
    }),
  );
}
