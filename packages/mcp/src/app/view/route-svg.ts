/**
 * The route as a schematic SVG: drawn from GeoJSON lines when the data has
 * them, else from the stops' coordinates, else with the stops evenly
 * spaced. No tiles, no fetch: everything is in the document.
 */
import type { Journey } from './journey.js';
import { asNumber, asObject, asObjects, asText, type Json } from './read.js';

const SVG_NS = 'http://www.w3.org/2000/svg';
const WIDTH = 640;
const HEIGHT = 160;
const PAD = 24;

type Point = [number, number];

function svg<K extends keyof SVGElementTagNameMap>(
  name: K,
  attributes: Record<string, string | number>,
): SVGElementTagNameMap[K] {
  const element = document.createElementNS(SVG_NS, name);
  for (const [key, value] of Object.entries(attributes)) element.setAttribute(key, String(value));
  return element;
}

/** Longitudes unwrapped along a path, so a Pacific crossing does not wrap around the map. */
function unwrap(points: Point[]): Point[] {
  const out: Point[] = [];
  for (const [lon, lat] of points) {
    const previous = out[out.length - 1];
    let x = lon;
    while (previous && x - previous[0] > 180) x -= 360;
    while (previous && previous[0] - x > 180) x += 360;
    out.push([x, lat]);
  }
  return out;
}

/** The line coordinates (`[lon, lat]`) of a GeoJSON FeatureCollection's lines. */
export function geoJsonLines(collection: Json | undefined): Point[][] {
  const lines: Point[][] = [];
  const asPoint = (value: unknown): Point | null => {
    if (!Array.isArray(value)) return null;
    const lon = asNumber(value[0]);
    const lat = asNumber(value[1]);
    return lon === null || lat === null ? null : [lon, lat];
  };
  const points = (value: unknown): Point[] =>
    Array.isArray(value) ? value.map(asPoint).filter((p): p is Point => p !== null) : [];
  for (const feature of asObjects(collection?.features) ?? []) {
    const geometry = asObject(feature.geometry);
    const type = asText(geometry?.type);
    if (type === 'LineString') lines.push(points(geometry?.coordinates));
    if (type === 'MultiLineString' && Array.isArray(geometry?.coordinates)) {
      for (const line of geometry.coordinates) lines.push(points(line));
    }
  }
  return lines.filter((line) => line.length >= 2);
}

/** Scales `[lon, lat]` paths into the drawing, north up, keeping the aspect when it fits. */
export function project(paths: Point[][]): Point[][] {
  const unwrapped = paths.map(unwrap);
  const all = unwrapped.flat();
  const xs = all.map((p) => p[0]);
  const ys = all.map((p) => p[1]);
  const [minX, maxX, minY, maxY] = [
    Math.min(...xs),
    Math.max(...xs),
    Math.min(...ys),
    Math.max(...ys),
  ];
  const scale = Math.min(
    (WIDTH - 2 * PAD) / Math.max(maxX - minX, 1e-6),
    (HEIGHT - 2 * PAD) / Math.max(maxY - minY, 1e-6),
  );
  const offsetX = (WIDTH - (maxX - minX) * scale) / 2;
  const offsetY = (HEIGHT - (maxY - minY) * scale) / 2;
  return unwrapped.map((path) =>
    path.map(
      ([x, y]): Point => [offsetX + (x - minX) * scale, HEIGHT - offsetY - (y - minY) * scale],
    ),
  );
}

/** Where each stop sits in the drawing: by coordinates when every stop has them, else evenly. */
function stopPoints(journey: Journey): { points: Point[]; geographic: boolean } {
  const positions = journey.stops.map((stop) => stop.position);
  if (positions.every((p) => p !== null) && positions.length >= 2) {
    const path = positions.map((p): Point => [p?.lon ?? 0, p?.lat ?? 0]);
    return { points: project([path])[0] ?? [], geographic: true };
  }
  const step = (WIDTH - 2 * PAD) / Math.max(journey.stops.length - 1, 1);
  return {
    points: journey.stops.map(
      (_, i): Point => [PAD + i * step, HEIGHT / 2 + (i % 2 === 0 ? 12 : -12)],
    ),
    geographic: false,
  };
}

function legState(journey: Journey, index: number): 'done' | 'current' | 'planned' {
  const current = journey.current;
  if (!current) return 'planned';
  if (current.kind === 'leg')
    return index < current.index ? 'done' : index === current.index ? 'current' : 'planned';
  return index < current.index ? 'done' : 'planned';
}

/**
 * The route drawing, with a title and description for assistive
 * technology (the timeline beside it says the same in words).
 */
export function routeSvg(
  journey: Journey,
  geoJson: Json | undefined,
  summary: string,
): SVGSVGElement {
  const root = svg('svg', {
    viewBox: `0 0 ${WIDTH} ${HEIGHT}`,
    role: 'img',
    'aria-labelledby': 'route-title route-desc',
    class: 'route',
    preserveAspectRatio: 'xMidYMid meet',
  });
  const title = svg('title', { id: 'route-title' });
  title.textContent = 'Route of the container';
  const desc = svg('desc', { id: 'route-desc' });
  desc.textContent = summary;
  root.append(title, desc);
  const lines = geoJsonLines(geoJson);
  const { points, geographic } = stopPoints(journey);
  if (lines.length > 0) {
    for (const line of project(lines)) {
      root.append(
        svg('polyline', { points: line.map((p) => p.join(',')).join(' '), class: 'leg geo' }),
      );
    }
  } else {
    journey.legs.forEach((leg, i) => {
      const a = points[leg.from];
      const b = points[leg.to];
      if (!a || !b) return;
      root.append(
        svg('line', {
          x1: a[0],
          y1: a[1],
          x2: b[0],
          y2: b[1],
          class: `leg ${legState(journey, i)} mode-${leg.mode ?? 'unknown'}`,
        }),
      );
    });
  }
  journey.stops.forEach((stop, i) => {
    const p = points[i];
    if (!p) return;
    const here = journey.current?.kind === 'stop' && journey.current.index === i;
    root.append(
      svg('circle', { cx: p[0], cy: p[1], r: here ? 7 : 5, class: here ? 'stop here' : 'stop' }),
    );
    const label = svg('text', {
      x: p[0],
      y: p[1] + (p[1] > HEIGHT / 2 ? 20 : -12),
      // Anchored by where the stop sits, so a label at either edge stays inside the drawing.
      'text-anchor': p[0] < WIDTH / 4 ? 'start' : p[0] > (3 * WIDTH) / 4 ? 'end' : 'middle',
      class: 'stop-label',
    });
    label.textContent = stop.locode ?? stop.name;
    root.append(label);
  });
  if (journey.current?.kind === 'leg') {
    const leg = journey.legs[journey.current.index];
    const a = leg ? points[leg.from] : undefined;
    const b = leg ? points[leg.to] : undefined;
    if (a && b)
      root.append(
        svg('circle', { cx: (a[0] + b[0]) / 2, cy: (a[1] + b[1]) / 2, r: 7, class: 'box here' }),
      );
  }
  root.dataset.layout = lines.length > 0 ? 'geojson' : geographic ? 'coordinates' : 'schematic';
  return root;
}
