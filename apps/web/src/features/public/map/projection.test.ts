import { describe, expect, it } from 'vitest';
import { ISLANDS, SEAS, STRAITS } from './coastlines';
import { CARAVAN_ROUTES, CITIES, SEA_LANES } from './places';
import { type LonLat, MAP_HEIGHT, MAP_WIDTH, peaksAlong, points, project, smoothPath } from './projection';
import { LAND_LABELS, RANGES, RIVERS, SEA_LABELS } from './terrain';

const inFrame = ([x, y]: readonly [number, number]) => x >= 0 && x <= MAP_WIDTH && y >= 0 && y <= MAP_HEIGHT;

describe('points', () => {
  it('reads "lon lat" pairs separated by commas and new lines', () => {
    expect(points`1 2, 3.5 -4,
      5 6`).toEqual([
      [1, 2],
      [3.5, -4],
      [5, 6],
    ]);
  });
});

describe('project', () => {
  it('puts the frame corners on the corners of the map', () => {
    const [x0, y0] = project([6, 52]);
    const [x1, y1] = project([128, 14]);
    expect([x0, y0]).toEqual([0, 0]);
    expect(x1).toBeCloseTo(MAP_WIDTH, 5);
    expect(y1).toBeCloseTo(MAP_HEIGHT, 0);
  });
});

describe('smoothPath', () => {
  it('starts at the first point and closes a closed shape', () => {
    const d = smoothPath(
      [
        [6, 52],
        [10, 50],
        [12, 48],
      ],
      true,
    );
    expect(d.startsWith('M0 0C')).toBe(true);
    expect(d.endsWith('Z')).toBe(true);
  });
});

describe('peaksAlong', () => {
  it('puts a peak every 13 map units along the line', () => {
    // 10 degrees of longitude is 82 units: peaks at 0, 13, ..., 78.
    const marks = peaksAlong([
      [10, 40],
      [20, 40],
    ]).match(/M/g);
    expect(marks?.length).toBe(7);
  });
});

describe('the map data', () => {
  const shapes: (readonly LonLat[])[] = [
    ...SEAS,
    ...ISLANDS,
    ...STRAITS,
    ...RIVERS,
    ...RANGES,
    ...CARAVAN_ROUTES,
    ...SEA_LANES,
  ];

  it('has only real coordinates (a typo in a table would give NaN)', () => {
    for (const shape of shapes) {
      expect(shape.length).toBeGreaterThan(1);
      for (const [lon, lat] of shape) {
        expect(Number.isFinite(lon) && Number.isFinite(lat)).toBe(true);
        expect(lon).toBeGreaterThanOrEqual(0);
        expect(lat).toBeGreaterThanOrEqual(0);
      }
    }
  });

  it('places every city and label inside the frame', () => {
    for (const city of CITIES) expect(inFrame(project(city.at)), city.name).toBe(true);
    for (const label of [...SEA_LABELS, ...LAND_LABELS])
      expect(inFrame(project(label.at)), label.text).toBe(true);
  });

  it('draws every caravan route through labelled cities at both ends', () => {
    const cityAt = new Set(CITIES.map((city) => city.at.join(',')));
    for (const route of CARAVAN_ROUTES) {
      const first = route[0];
      const last = route[route.length - 1];
      expect(first && cityAt.has(first.join(','))).toBe(true);
      expect(last && cityAt.has(last.join(','))).toBe(true);
    }
  });
});
