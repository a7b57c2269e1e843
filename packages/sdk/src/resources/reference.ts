/**
 * Reference records that relationships point at: a port, terminal, vessel
 * or metro area that was not included can be fetched by its id (or its
 * UN/LOCODE, or IMO number).
 */
import type { CallOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import type * as raw from '../generated/raw-documents.js';
import { VesselsBase } from '../generated/resources/vessels.js';
import { mapPrimary } from '../internal/shape.js';
import type { JsonApiDocument } from '../jsonapi/types.js';
import type { MappedVessel } from '../mapped/places.js';
import { futurePositions, type MappedVesselFuturePositions } from '../mapped/positions.js';

/** `client.ports`, `client.terminals` and `client.metroAreas`: every method is generated from the spec. */
export { MetroAreas } from '../generated/resources/metro-areas.js';
export { Ports } from '../generated/resources/ports.js';
export { Terminals } from '../generated/resources/terminals.js';

/** The vessel and its expected positions, numbers read as numbers. */
function mapFuturePositions(
  body: raw.RawVesselFuturePositionsDocument,
): MappedVesselFuturePositions {
  // Safe: the primary resource is a vessel (the spec's schema), mapped as MappedVessel.
  const vessel = mapPrimary(body as JsonApiDocument) as MappedVessel & Record<string, unknown>;
  return { ...vessel, positions: futurePositions(vessel) };
}

/** Parameters of `vessels.futurePositions`: the leg the vessel is on. */
export interface FuturePositionsParams<F extends ResponseFormat> extends CallOptions<F> {
  /** The id of the port the vessel is heading for. */
  portId: string;
  /** The id of the port it left last. */
  previousPortId: string;
}

/** Parameters of `vessels.futurePositionsFrom`: the leg and a known starting position. */
export interface FuturePositionsFromParams<F extends ResponseFormat>
  extends FuturePositionsParams<F> {
  /** Decimal degrees, -90 to 90. */
  latitude: number;
  /** Decimal degrees, -180 to 180. */
  longitude: number;
}

/** `client.vessels`: vessels by id or IMO number, and where they are expected to be. */
export class Vessels<DF extends ResponseFormat> extends VesselsBase<DF> {
  /**
   * Where the vessel is expected to be until the port it is heading for
   * (`GET /vessels/{id}/future_positions`), from its last reported
   * position. A paid feature: `PermissionDeniedError` when not enabled.
   */
  futurePositions<F extends ResponseFormat = DF>(
    id: string,
    params: FuturePositionsParams<F>,
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawVesselFuturePositionsDocument, MappedVesselFuturePositions>> {
    return this.core.plain(
      'getVesselFuturePositions',
      { path: { id }, options: params, extra },
      mapFuturePositions,
    );
  }

  /**
   * Like {@link Vessels.futurePositions}, from a position you give
   * (`GET /vessels/{id}/future_positions_with_coordinates`).
   */
  futurePositionsFrom<F extends ResponseFormat = DF>(
    id: string,
    params: FuturePositionsFromParams<F>,
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawVesselFuturePositionsDocument, MappedVesselFuturePositions>> {
    return this.core.plain(
      'getVesselFuturePositionsWithCoordinates',
      { path: { id }, options: params, extra },
      mapFuturePositions,
    );
  }
}
