/** Schemas of a map feature's properties and a vessel's expected position (`../positions.ts`). */
import * as z from 'zod';
import { CONTAINER_MAP_FEATURE_TYPE_VALUES } from '../../generated/enums.js';
import type { ContainerMapFeatureProperties, VesselFuturePosition } from '../positions.js';
import { built, declareSchema, sentText } from './common.js';

/** Schema of {@link ContainerMapFeatureProperties} (geometries are checked as GeoJSON objects only). */
export const ContainerMapFeaturePropertiesSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    featureType: built(z.union([z.enum(CONTAINER_MAP_FEATURE_TYPE_VALUES), z.string()])),
    name: sentText(),
    locode: sentText(),
    vesselImo: sentText(),
    timestamp: sentText(),
  }),
);

/** Schema of {@link VesselFuturePosition}. */
export const VesselFuturePositionSchema = /* @__PURE__ */ declareSchema(() =>
  z.looseObject({
    latitude: built(z.number()),
    longitude: built(z.number()),
    timestamp: built(z.string()),
    heading: built(z.number()),
  }),
);
