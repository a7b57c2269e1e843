import { describe, expect, it } from 'vitest';
import { geoJsonLines, project } from './route-svg.js';

describe('the route drawing', () => {
  it('takes the lines of a GeoJSON FeatureCollection and ignores other geometry', () => {
    const lines = geoJsonLines({
      type: 'FeatureCollection',
      features: [
        {
          type: 'Feature',
          geometry: { type: 'Point', coordinates: [121.5, 31.2] },
          properties: {},
        },
        {
          type: 'Feature',
          geometry: {
            type: 'LineString',
            coordinates: [
              [121.5, 31.2],
              ['-118.2', '33.7'],
            ],
          },
          properties: {},
        },
        {
          type: 'Feature',
          geometry: {
            type: 'MultiLineString',
            coordinates: [
              [
                [0, 0],
                [1, 1],
              ],
              [[2, 2]],
            ],
          },
          properties: {},
        },
      ],
    });
    expect(lines).toEqual([
      [
        [121.5, 31.2],
        [-118.2, 33.7],
      ],
      [
        [0, 0],
        [1, 1],
      ],
    ]);
  });

  it('crosses the Pacific eastwards instead of around the world, north up, inside the drawing', () => {
    const [path] = project([
      [
        [121.5, 31.2],
        [-118.2, 33.7],
      ],
    ]);
    const [shanghai, losAngeles] = path ?? [];
    expect(shanghai?.[0]).toBeLessThan(losAngeles?.[0] ?? 0);
    expect(losAngeles?.[1]).toBeLessThan(shanghai?.[1] ?? 0);
    for (const [x, y] of path ?? []) {
      expect(x).toBeGreaterThanOrEqual(0);
      expect(x).toBeLessThanOrEqual(640);
      expect(y).toBeGreaterThanOrEqual(0);
      expect(y).toBeLessThanOrEqual(160);
    }
  });
});
