import { describe, expect, it } from 'vitest';
import type { MapPoint } from './map-point';
import {
  aggregatePoints,
  buildNetworkMap,
  fitViewport,
  getMapSize,
  getOutline,
  MAP_WIDTH,
  projectToMap,
} from './network-map-geometry';

const CITIES = {
  kaliningrad: [20.51, 54.71],
  moscow: [37.6176, 55.7558],
  novosibirsk: [82.9204, 55.0302],
  vladivostok: [131.8869, 43.1155],
  anadyr: [177.5, 64.73],
  /** Chukotka east of the 180th meridian. */
  uelen: [-169.8, 66.15],
} as const;

const at = (city: keyof typeof CITIES) => projectToMap(CITIES[city][0], CITIES[city][1])!;

/** The demo network's Moscow: the centre plus the offsets of the seed's six offices. */
const MOSCOW_OFFSETS = [
  [0.127, -0.071],
  [-0.114, 0.079],
  [0.053, 0.202],
  [0.021, -0.023],
  [-0.107, 0.131],
  [0.086, -0.174],
];

function cityPoints(city: keyof typeof CITIES, count: number, overrides: Partial<MapPoint> = {}): MapPoint[] {
  const [lon, lat] = CITIES[city];
  return Array.from({ length: count }, (_, i) => ({
    id: `${city}-${i}`,
    lat: lat + (MOSCOW_OFFSETS[i % MOSCOW_OFFSETS.length]![0] ?? 0),
    lon: lon + (MOSCOW_OFFSETS[i % MOSCOW_OFFSETS.length]![1] ?? 0),
    title: `${city} ${i}`,
    href: `/offices/${city}-${i}`,
    group: { key: city, label: city, href: `/offices?city=${city}` },
    ...overrides,
  }));
}

describe('projectToMap', () => {
  const { width, height } = getMapSize();

  it('keeps west to the left and east to the right, Chukotka included', () => {
    const xs = (['kaliningrad', 'moscow', 'novosibirsk', 'vladivostok', 'anadyr', 'uelen'] as const).map(
      (city) => at(city)[0],
    );
    expect(xs).toEqual([...xs].sort((a, b) => a - b));
  });

  it.each(Object.keys(CITIES) as Array<keyof typeof CITIES>)('puts %s inside the whole-country map', (city) => {
    const [x, y] = at(city);
    expect(x).toBeGreaterThan(0);
    expect(x).toBeLessThan(width);
    expect(y).toBeGreaterThan(0);
    expect(y).toBeLessThan(height);
  });

  it('draws north up: Anadyr above Vladivostok', () => {
    expect(at('anadyr')[1]).toBeLessThan(at('vladivostok')[1]);
  });

  it('gives a landscape map MAP_WIDTH wide', () => {
    expect(width).toBe(MAP_WIDTH);
    expect(height).toBeGreaterThan(MAP_WIDTH / 3);
    expect(height).toBeLessThan(MAP_WIDTH * 0.75);
  });

  it.each([
    [Number.NaN, 55],
    [37, Number.POSITIVE_INFINITY],
    [37, 95],
  ])('refuses unusable coordinates (%s, %s)', (lon, lat) => {
    expect(projectToMap(lon, lat)).toBeNull();
  });
});

describe('fitViewport', () => {
  const { height } = getMapSize();

  it('shows the whole country when there are no points', () => {
    expect(fitViewport([])).toEqual({ x: 0, y: 0, width: MAP_WIDTH, height });
  });

  it('shows the whole country for points from Moscow to Vladivostok', () => {
    expect(fitViewport([at('moscow'), at('vladivostok')])).toEqual({ x: 0, y: 0, width: MAP_WIDTH, height });
  });

  it('zooms into one city, keeping the aspect ratio and at least 60 km across', () => {
    const points = cityPoints('moscow', 6).map((p) => projectToMap(p.lon, p.lat)!);
    const view = fitViewport(points);
    expect(view.width / view.height).toBeCloseTo(MAP_WIDTH / height, 6);
    // Moscow to Novosibirsk is about 2 800 km: the view is a small part of that.
    const kmPerUnit = 2800 / Math.hypot(at('novosibirsk')[0] - at('moscow')[0], at('novosibirsk')[1] - at('moscow')[1]);
    expect(view.width * kmPerUnit).toBeGreaterThan(55);
    expect(view.width * kmPerUnit).toBeLessThan(200);
  });

  it('zooms in on a lone point without collapsing the view', () => {
    const view = fitViewport([at('vladivostok')]);
    expect(view.width).toBeGreaterThan(0);
    expect(view.x + view.width / 2).toBeCloseTo(at('vladivostok')[0], 6);
    expect(view.y + view.height / 2).toBeCloseTo(at('vladivostok')[1], 6);
  });

  it('widens past the country frame for a point outside it', () => {
    const view = fitViewport([at('moscow'), projectToMap(-74, 40.7)!]);
    expect(view.width).toBeGreaterThan(MAP_WIDTH);
  });
});

describe('buildNetworkMap', () => {
  const { width, height } = getMapSize();

  it('spreads the offices of one city over the view, each its own marker', () => {
    const map = buildNetworkMap(cityPoints('moscow', 6));
    expect(map.markers).toHaveLength(6);
    for (const marker of map.markers) {
      expect(marker.group).toBeUndefined();
      expect(marker.x).toBeGreaterThanOrEqual(0.1 * width - 1e-6);
      expect(marker.x).toBeLessThanOrEqual(0.9 * width + 1e-6);
      expect(marker.y).toBeGreaterThanOrEqual(0.1 * height - 1e-6);
      expect(marker.y).toBeLessThanOrEqual(0.9 * height + 1e-6);
    }
    const distances = map.markers.flatMap((a, i) =>
      map.markers.slice(i + 1).map((b) => Math.hypot(a.x - b.x, a.y - b.y)),
    );
    expect(Math.min(...distances)).toBeGreaterThan(40);
  });

  it('gives each city one marker with its count on the country view', () => {
    const points = [
      ...cityPoints('moscow', 6),
      ...cityPoints('novosibirsk', 1),
      ...cityPoints('vladivostok', 3, { major: true }),
    ];
    const map = buildNetworkMap(points);
    expect(map.viewport).toEqual({ x: 0, y: 0, width: MAP_WIDTH, height });
    expect(map.markers.map((m) => [m.key, m.points.length, m.group?.href])).toEqual([
      ['group:moscow', 6, '/offices?city=moscow'],
      ['group:vladivostok', 3, '/offices?city=vladivostok'],
      ['point:novosibirsk-0', 1, undefined],
    ]);
    const moscow = map.markers[0]!;
    expect(moscow.x).toBeCloseTo(at('moscow')[0], -1);
    expect(moscow.y).toBeCloseTo(at('moscow')[1], -1);
  });

  it('skips points with unusable coordinates', () => {
    const map = buildNetworkMap([...cityPoints('moscow', 1), { id: 'x', lat: Number.NaN, lon: 37, title: 'x' }]);
    expect(map.markers.map((m) => m.key)).toEqual(['point:moscow-0']);
  });
});

describe('aggregatePoints', () => {
  const point = (id: string, group?: string): MapPoint => ({
    id,
    lat: 0,
    lon: 0,
    title: id,
    group: group ? { key: group, label: group } : undefined,
  });

  it.each([
    [
      'close points of one group: one marker',
      [
        [0, 0],
        [30, 20],
      ],
      ['A', 'A'],
      [2],
    ],
    [
      'points of one group far apart: one marker each',
      [
        [0, 0],
        [60, 0],
      ],
      ['A', 'A'],
      [1, 1],
    ],
    [
      'close points of different groups: one marker each',
      [
        [0, 0],
        [1, 1],
      ],
      ['A', 'B'],
      [1, 1],
    ],
    [
      'close points without a group: one marker each',
      [
        [0, 0],
        [1, 1],
      ],
      [undefined, undefined],
      [1, 1],
    ],
  ] as const)('%s', (_, positions, groups, counts) => {
    const placed = positions.map(([x, y], i) => ({ point: point(`p${i}`, groups[i]), x, y }));
    expect(aggregatePoints(placed).map((m) => m.points.length)).toEqual(counts);
  });

  it('puts a group marker at the centre of its points', () => {
    const markers = aggregatePoints([
      { point: point('a', 'A'), x: 100, y: 50 },
      { point: point('b', 'A'), x: 120, y: 70 },
    ]);
    expect(markers).toEqual([expect.objectContaining({ key: 'group:A', x: 110, y: 60 })]);
  });
});

describe('getOutline', () => {
  it('draws the whole country in less than 40 KB of path data, neighbours included', () => {
    const outline = getOutline(fitViewport([]));
    expect(outline.russia).toMatch(/^M/);
    expect(outline.neighbours).toMatch(/^M/);
    expect(outline.russia.length + outline.neighbours.length).toBeLessThan(40_000);
  });

  it('keeps a zoomed-in view small and computes it once', () => {
    const view = fitViewport([at('vladivostok')]);
    const outline = getOutline(view);
    expect(outline.russia).toMatch(/^M/);
    expect(outline.russia.length).toBeLessThan(10_000);
    expect(getOutline({ ...view })).toBe(outline);
  });
});
