/**
 * Reference records that relationships point at: a port, terminal, vessel
 * or metro area that was not included can be fetched by its id (or its
 * UN/LOCODE, or IMO number).
 */
import type { CallOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import type * as raw from '../generated/raw-documents.js';
import { mapPrimary } from '../internal/shape.js';
import type { JsonApiDocument } from '../jsonapi/types.js';
import type {
  MappedMetroArea,
  MappedPort,
  MappedTerminal,
  MappedVessel,
} from '../mapped/places.js';
import { futurePositions, type MappedVesselFuturePositions } from '../mapped/positions.js';
import { Resource } from './shared.js';

/** The vessel and its expected positions, numbers read as numbers. */
function mapFuturePositions(
  body: raw.RawVesselFuturePositionsDocument,
): MappedVesselFuturePositions {
  // Safe: the primary resource is a vessel (the spec's schema), mapped as MappedVessel.
  const vessel = mapPrimary(body as JsonApiDocument) as MappedVessel & Record<string, unknown>;
  return { ...vessel, positions: futurePositions(vessel) };
}

/** `client.ports`: ports by id or UN/LOCODE. */
export class Ports<DF extends ResponseFormat> extends Resource<DF> {
  /** Gets a port (`GET /ports/{id}`) by its id or its UN/LOCODE, such as `NLRTM`. */
  get<F extends ResponseFormat = DF>(
    idOrLocode: string,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawPortDocument, MappedPort>> {
    return this.core.one('getPort', { path: { idOrLocode }, options, extra });
  }
}

/** `client.terminals`: terminals by id. */
export class Terminals<DF extends ResponseFormat> extends Resource<DF> {
  /** Gets a terminal (`GET /terminals/{id}`), such as a container's `podTerminalId`. */
  get<F extends ResponseFormat = DF>(
    id: string,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawTerminalDocument, MappedTerminal>> {
    return this.core.one('getTerminal', { path: { id }, options, extra });
  }
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
export class Vessels<DF extends ResponseFormat> extends Resource<DF> {
  /** Gets a vessel (`GET /vessels/{id}`) by its id or its seven-digit IMO number. */
  get<F extends ResponseFormat = DF>(
    idOrImo: string,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawVesselDocument, MappedVessel>> {
    return this.core.one('getVessel', { path: { idOrImo }, options, extra });
  }

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

/** `client.metroAreas`: inland destination areas by id or UN/LOCODE. */
export class MetroAreas<DF extends ResponseFormat> extends Resource<DF> {
  /** Gets a metro area (`GET /metro_areas/{id}`) by its id or UN/LOCODE. */
  get<F extends ResponseFormat = DF>(
    idOrLocode: string,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, raw.RawMetroAreaDocument, MappedMetroArea>> {
    return this.core.one('getMetroArea', { path: { idOrLocode }, options, extra });
  }
}
