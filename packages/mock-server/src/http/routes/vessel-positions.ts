/** `/vessels/{id}/future_positions[_with_coordinates]`: a vessel's estimated track between two ports. */
import { type Context, Hono } from 'hono';
import type { Engine } from '../../engine/engine.js';
import { FeatureNotEnabledError } from '../../engine/errors.js';
import { vesselFuturePositions } from '../../engine/vessel-positions.js';
import { jsonApi } from '../documents.js';
import type { AppEnv } from '../env.js';
import { badParameter } from '../errors.js';
import { queryOf } from '../query.js';

function required(params: URLSearchParams, name: string): string {
  const value = params.get(name);
  if (value === null || value.trim() === '') {
    throw badParameter(name, `${name} is required: the id of a port of the vessel's leg.`);
  }
  return value.trim();
}

function coordinate(params: URLSearchParams, name: 'latitude' | 'longitude'): number {
  const raw = params.get(name);
  const limit = name === 'latitude' ? 90 : 180;
  const value = raw === null || raw.trim() === '' ? Number.NaN : Number(raw);
  if (!Number.isFinite(value) || Math.abs(value) > limit) {
    throw badParameter(
      name,
      `${name} is required: decimal degrees from -${limit} to ${limit}; got ${raw === null ? 'nothing' : `"${raw}"`}.`,
    );
  }
  return value;
}

/** The routes of vessel future positions. */
export function vesselPositionRoutes(engine: Engine): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const answer = (c: Context<AppEnv>, withCoordinates: boolean) => {
    const account = c.get('account');
    const params = queryOf(c);
    const portId = required(params, 'port_id');
    const previousPortId = required(params, 'previous_port_id');
    const from = withCoordinates
      ? { lat: coordinate(params, 'latitude'), lon: coordinate(params, 'longitude') }
      : undefined;
    if (!account.entitlements.route) throw new FeatureNotEnabledError('vessel_positions');
    const data = vesselFuturePositions(engine, account, {
      vesselIdOrImo: c.req.param('id') ?? '',
      portId,
      previousPortId,
      ...(from === undefined ? {} : { from }),
    });
    return jsonApi({ data, links: { self: c.req.url } });
  };
  app.get('/vessels/:id/future_positions', (c) => answer(c, false));
  app.get('/vessels/:id/future_positions_with_coordinates', (c) => answer(c, true));
  return app;
}
