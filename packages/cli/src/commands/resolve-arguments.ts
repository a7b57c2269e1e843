import {
  type ResolvedKind,
  type ResolvedRecord,
  type ResolveOptions,
  type ResponseFormat,
  resolveContainer,
  resolveShipment,
  resolveTrackingRequest,
  type ShiptrackClient,
} from '@shiptrack/sdk';
import type { ArgumentSpec } from './operation.js';

type Resolver = (
  client: ShiptrackClient<ResponseFormat>,
  value: string,
  options: ResolveOptions,
) => Promise<ResolvedRecord>;

/** The SDK's resolver of each kind: the one place an id or a number becomes a record. */
const RESOLVERS: Readonly<Record<ResolvedKind, Resolver>> = {
  container: resolveContainer,
  shipment: resolveShipment,
  tracking_request: resolveTrackingRequest,
};

/**
 * The positional arguments with each id-or-number argument resolved to its
 * record's id by the SDK (an id is used as given, with no call; a number is
 * looked up, with the SDK's ambiguity and not-found errors).
 */
export async function resolvedArguments(
  client: ShiptrackClient<ResponseFormat>,
  specs: readonly ArgumentSpec[],
  values: readonly string[],
  signal: AbortSignal,
): Promise<string[]> {
  return Promise.all(
    values.map(async (value, i) => {
      const kind = specs[i]?.record;
      return kind === undefined ? value : (await RESOLVERS[kind](client, value, { signal })).id;
    }),
  );
}
