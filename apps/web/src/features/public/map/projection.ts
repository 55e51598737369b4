/** A point as [longitude, latitude] in degrees. */
export type LonLat = readonly [number, number];
type Xy = readonly [number, number];

/**
 * The map's frame: 6°E to 128°E, 14°N to 52°N, in a plate carrée stretched for 35°N so shapes
 * at Silk Road latitudes keep roughly their true proportions.
 */
export const MAP_WIDTH = 1000;
export const MAP_HEIGHT = 380;
const WEST = 6;
const NORTH = 52;
const X_PER_DEGREE = MAP_WIDTH / 122;
const Y_PER_DEGREE = X_PER_DEGREE / Math.cos((35 * Math.PI) / 180);

export function project([lon, lat]: LonLat): Xy {
  return [(lon - WEST) * X_PER_DEGREE, (NORTH - lat) * Y_PER_DEGREE];
}

const fmt = (n: number) => Math.round(n * 10) / 10;

/**
 * A smooth SVG path through the points (Catmull-Rom turned into cubic Béziers), so coastlines
 * and roads drawn from a few dozen known places do not look like polygons.
 */
export function smoothPath(points: readonly LonLat[], closed: boolean): string {
  const p = points.map(project);
  const n = p.length;
  const at = (i: number): Xy => {
    const index = closed ? (i + n) % n : Math.max(0, Math.min(n - 1, i));
    return p[index] ?? [0, 0];
  };
  const [x0, y0] = at(0);
  let d = `M${fmt(x0)} ${fmt(y0)}`;
  const segments = closed ? n : n - 1;
  for (let i = 0; i < segments; i++) {
    const [a, b, c, e] = [at(i - 1), at(i), at(i + 1), at(i + 2)];
    const c1x = b[0] + (c[0] - a[0]) / 6;
    const c1y = b[1] + (c[1] - a[1]) / 6;
    const c2x = c[0] - (e[0] - b[0]) / 6;
    const c2y = c[1] - (e[1] - b[1]) / 6;
    d += `C${fmt(c1x)} ${fmt(c1y)} ${fmt(c2x)} ${fmt(c2y)} ${fmt(c[0])} ${fmt(c[1])}`;
  }
  return closed ? `${d}Z` : d;
}

/** Small peak marks (^) spaced along a line: the map's way of drawing a mountain range. */
export function peaksAlong(points: readonly LonLat[], spacing = 13): string {
  const p = points.map(project);
  let d = '';
  let carry = 0;
  for (let i = 0; i + 1 < p.length; i++) {
    const [ax, ay] = p[i] ?? [0, 0];
    const [bx, by] = p[i + 1] ?? [0, 0];
    const length = Math.hypot(bx - ax, by - ay);
    let s = carry;
    for (; s < length; s += spacing) {
      const x = ax + ((bx - ax) * s) / length;
      const y = ay + ((by - ay) * s) / length;
      d += `M${fmt(x - 4.5)} ${fmt(y + 3)}L${fmt(x)} ${fmt(y - 3.5)}L${fmt(x + 4.5)} ${fmt(y + 3)}`;
    }
    carry = s - length;
  }
  return d;
}

/** Reads "lon lat, lon lat, ..." so long coastlines stay compact, readable tables. */
export function points(strings: TemplateStringsArray): LonLat[] {
  return strings
    .join('')
    .split(',')
    .map((pair) => pair.trim())
    .filter(Boolean)
    .map((pair): LonLat => {
      const [lon = Number.NaN, lat = Number.NaN] = pair.split(/\s+/).map(Number);
      return [lon, lat];
    });
}
