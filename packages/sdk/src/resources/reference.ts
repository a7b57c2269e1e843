/**
 * Reference records that relationships point at: a port, terminal, vessel
 * or metro area that was not included can be fetched by its id (or its
 * UN/LOCODE, or IMO number).
 */
import type { CallOptions } from '../core/api-client.js';
import type { APIPromise } from '../core/api-promise.js';
import type { Formatted, ResponseFormat } from '../core/format.js';
import type { SpecSchema } from '../core/operation.js';
import type {
  MappedMetroArea,
  MappedPort,
  MappedTerminal,
  MappedVessel,
} from '../mapped/places.js';
import { Resource } from './shared.js';

/** `GET /ports/{id}` as received. */
export interface RawPortDocument extends SpecSchema<'PortDocument'> {}
/** `GET /terminals/{id}` as received. */
export interface RawTerminalDocument extends SpecSchema<'TerminalDocument'> {}
/** `GET /vessels/{id}` as received. */
export interface RawVesselDocument extends SpecSchema<'VesselDocument'> {}
/** `GET /metro_areas/{id}` as received. */
export interface RawMetroAreaDocument extends SpecSchema<'MetroAreaDocument'> {}

/** `client.ports`: ports by id or UN/LOCODE. */
export class Ports<DF extends ResponseFormat> extends Resource<DF> {
  /** Gets a port (`GET /ports/{id}`) by its id or its UN/LOCODE, such as `NLRTM`. */
  get<F extends ResponseFormat = DF>(
    idOrLocode: string,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, RawPortDocument, MappedPort>> {
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
  ): APIPromise<Formatted<F, RawTerminalDocument, MappedTerminal>> {
    return this.core.one('getTerminal', { path: { id }, options, extra });
  }
}

/** `client.vessels`: vessels by id or IMO number. */
export class Vessels<DF extends ResponseFormat> extends Resource<DF> {
  /** Gets a vessel (`GET /vessels/{id}`) by its id or its seven-digit IMO number. */
  get<F extends ResponseFormat = DF>(
    idOrImo: string,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, RawVesselDocument, MappedVessel>> {
    return this.core.one('getVessel', { path: { idOrImo }, options, extra });
  }
}

/** `client.metroAreas`: inland destination areas by id or UN/LOCODE. */
export class MetroAreas<DF extends ResponseFormat> extends Resource<DF> {
  /** Gets a metro area (`GET /metro_areas/{id}`) by its id or UN/LOCODE. */
  get<F extends ResponseFormat = DF>(
    idOrLocode: string,
    options: CallOptions<F> = {},
    ...extra: never[]
  ): APIPromise<Formatted<F, RawMetroAreaDocument, MappedMetroArea>> {
    return this.core.one('getMetroArea', { path: { idOrLocode }, options, extra });
  }
}
