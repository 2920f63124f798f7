import { geoConicEqualArea, geoPath, type GeoProjection } from 'd3-geo';
import { feature, merge } from 'topojson-client';
import type { GeometryCollection, MultiPolygon, Polygon, Topology } from 'topojson-specification';
import countries110m from 'world-atlas/countries-110m.json';
import countries50m from 'world-atlas/countries-50m.json';
import type { MapPoint, MapPointGroup } from './map-point';

/**
 * The geometry of the offline network map (network-map.tsx): Natural Earth's outline of Russia
 * (world-atlas, public domain data) in an equal-area conic projection, the part of it to show for
 * a set of points, and the markers for those points. Everything is in the units of the SVG
 * viewBox, MAP_WIDTH wide. The outlines of a view are computed once per process and kept, so a
 * page pays for projecting the data only the first time it shows a new view.
 */

/** ISO 3166-1 numeric code of Russia: the `id` of its shape in world-atlas. */
const RUSSIA_ID = '643';

/** Width of the map's coordinate system (the SVG viewBox); the height follows from Russia's shape. */
export const MAP_WIDTH = 1000;
/** Space around Russia in the whole-country view, in viewBox units. */
const FRAME_MARGIN = 12;

/**
 * Central meridian 100° E and standard parallels 52° and 64° N: the usual conic for a map of
 * Russia. Rotating by -100° moves the projection's cut to 80° W, so Chukotka, which crosses the
 * 180th meridian, stays in one piece next to the rest of the country.
 */
const ROTATE: [number, number] = [-100, 0];
const PARALLELS: [number, number] = [52, 64];
const EARTH_RADIUS_KM = 6371;

/** The narrowest view, in km across: the offices of one city are spread over it, not piled up. */
const MIN_SPAN_KM = 60;
/** Share of each side of the view kept free of points, so markers are not cut by the edge. */
const VIEW_PADDING = 0.1;
/** A view that zooms in less than this on the whole country shows the whole country. */
const MIN_ZOOM = 1.6;
/** From this zoom on the outline comes from the 1:50m data; below, the 1:110m data is enough. */
const DETAILED_ZOOM = 3;
/** Points of one group this close together (viewBox units) become one marker with a count. */
const AGGREGATE_DISTANCE = 40;
/** Outlines are clipped this far outside the view, so their strokes do not show at the edge. */
const CLIP_MARGIN = 4;
/** Other land is drawn only north of this latitude and this far (degrees) from the central meridian. */
const NEAR_LATITUDE = 25;
const NEAR_LONGITUDE = 110;
/** Views whose outline is kept (each a few KB); the oldest goes first. */
const OUTLINE_CACHE_SIZE = 200;

type Countries = Topology<{ countries: GeometryCollection; land: GeometryCollection }>;

type Area = GeoJSON.Feature<GeoJSON.Polygon | GeoJSON.MultiPolygon>;

interface Layer {
  russia: Area;
  /** The land of every other country near Russia as one shape, without their borders. */
  neighbours: GeoJSON.MultiPolygon;
}

interface Frame {
  scale: number;
  translate: [number, number];
  height: number;
}

/** A part of the whole-country map, in its viewBox units: what the SVG shows. */
export interface MapViewport {
  x: number;
  y: number;
  width: number;
  height: number;
}

/** One marker: a point, or several points of one group shown together. */
export interface MapMarker {
  key: string;
  /** Position in the viewBox of the rendered map (0…MAP_WIDTH, 0…height). */
  x: number;
  y: number;
  points: MapPoint[];
  /** Set when the marker stands for several points of this group. */
  group?: MapPointGroup;
}

export interface MapOutline {
  /** SVG path data of Russia, clipped to the view. */
  russia: string;
  /** SVG path data of the other land in the view. */
  neighbours: string;
}

export interface NetworkMapModel {
  width: number;
  height: number;
  viewport: MapViewport;
  outline: MapOutline;
  markers: MapMarker[];
}

const conic = () => geoConicEqualArea().rotate(ROTATE).parallels(PARALLELS);

const isArea = (g: GeometryCollection['geometries'][number]): g is Polygon | MultiPolygon =>
  g.type === 'Polygon' || g.type === 'MultiPolygon';

/** GeoJSON of a country (the branches pick topojson-client's Polygon and MultiPolygon overloads). */
const areaOf = (topology: Countries, g: Polygon | MultiPolygon): Area =>
  g.type === 'Polygon' ? feature(topology, g) : feature(topology, g);

function russiaOf(topology: Countries): Area {
  const geometry = topology.objects.countries.geometries.filter(isArea).find((g) => g.id === RUSSIA_ID);
  if (!geometry) throw new Error(`world-atlas: no country ${RUSSIA_ID} (Russia)`);
  return areaOf(topology, geometry);
}

let frame: Frame | undefined;
/** The projection's scale and offset that fit Russia (1:110m) into MAP_WIDTH, and the height that gives. */
function getFrame(): Frame {
  if (frame) return frame;
  const russia = russiaOf(countries110m as unknown as Countries);
  const fitted = conic().fitWidth(MAP_WIDTH - 2 * FRAME_MARGIN, russia);
  const [[x0, y0], [, y1]] = geoPath(fitted).bounds(russia);
  const [tx, ty] = fitted.translate();
  frame = {
    scale: fitted.scale(),
    translate: [tx - x0 + FRAME_MARGIN, ty - y0 + FRAME_MARGIN],
    height: Math.ceil(y1 - y0 + 2 * FRAME_MARGIN),
  };
  return frame;
}

/** The projection whose output is the whole-country map (viewBox 0 0 MAP_WIDTH height). */
let base: GeoProjection | undefined;
function getBaseProjection(): GeoProjection {
  if (base) return base;
  const { scale, translate } = getFrame();
  base = conic().scale(scale).translate(translate);
  return base;
}

/** The projection that maps `viewport` (a part of the whole-country map) onto the full viewBox. */
function viewportProjection(viewport: MapViewport): GeoProjection {
  const {
    scale,
    translate: [tx, ty],
  } = getFrame();
  const k = MAP_WIDTH / viewport.width;
  return conic()
    .scale(scale * k)
    .translate([(tx - viewport.x) * k, (ty - viewport.y) * k]);
}

/**
 * Whether a shape has a vertex in the part of the world the map can show: north of NEAR_LATITUDE
 * and within NEAR_LONGITUDE of the central meridian. Projecting and clipping the rest of the world
 * for every view would cost time for nothing.
 */
function isNear(polygons: GeoJSON.Position[][][]): boolean {
  return polygons.some((rings) =>
    (rings[0] ?? []).some(
      ([lon = 0, lat = 0]) => lat > NEAR_LATITUDE && Math.abs(((lon + ROTATE[0] + 540) % 360) - 180) < NEAR_LONGITUDE,
    ),
  );
}

const polygonsOf = ({ geometry }: Area): GeoJSON.Position[][][] =>
  geometry.type === 'Polygon' ? [geometry.coordinates] : geometry.coordinates;

function loadLayer(topology: Countries): Layer {
  const russia = russiaOf(topology);
  const nearby = topology.objects.countries.geometries
    .filter(isArea)
    .filter((g) => g.id !== RUSSIA_ID && isNear(polygonsOf(areaOf(topology, g))));
  // Merged, the neighbours are one shape without inner borders; far parts (mainland USA) go.
  const merged = merge(topology, nearby);
  return { russia, neighbours: { ...merged, coordinates: merged.coordinates.filter((p) => isNear([p])) } };
}

let coarse: Layer | undefined;
let detailed: Layer | undefined;
const getCoarseLayer = () => (coarse ??= loadLayer(countries110m as unknown as Countries));
const getDetailedLayer = () => (detailed ??= loadLayer(countries50m as unknown as Countries));

/** Size of the map's viewBox: MAP_WIDTH wide, as high as Russia's outline needs. */
export function getMapSize(): { width: number; height: number } {
  return { width: MAP_WIDTH, height: getFrame().height };
}

/** Where a point lands on the whole-country map (viewBox units), or null for unusable coordinates. */
export function projectToMap(lon: number, lat: number): [number, number] | null {
  if (!Number.isFinite(lon) || !Number.isFinite(lat) || Math.abs(lat) > 90) return null;
  return getBaseProjection()([lon, lat]);
}

/**
 * The part of the whole-country map to show for these points (whole-country viewBox units, with
 * the map's aspect ratio). Points spread over much of the country: the whole country. Points in
 * one small area (one city): that area with VIEW_PADDING around it and at least MIN_SPAN_KM across,
 * so markers a few km apart do not sit on top of each other. Points outside the country frame
 * widen the view past it.
 */
export function fitViewport(points: ReadonlyArray<readonly [number, number]>): MapViewport {
  const { scale, height } = getFrame();
  const whole = { x: 0, y: 0, width: MAP_WIDTH, height };
  if (points.length === 0) return whole;
  const xs = points.map((p) => p[0]);
  const ys = points.map((p) => p[1]);
  const [x0, x1, y0, y1] = [Math.min(...xs), Math.max(...xs), Math.min(...ys), Math.max(...ys)];
  const minSpan = (MIN_SPAN_KM * scale) / EARTH_RADIUS_KM;
  const spanX = Math.max(x1 - x0, minSpan);
  const spanY = Math.max(y1 - y0, (minSpan * height) / MAP_WIDTH);
  const zoom = Math.min(((1 - 2 * VIEW_PADDING) * MAP_WIDTH) / spanX, ((1 - 2 * VIEW_PADDING) * height) / spanY);
  const insideWhole = x0 >= 0 && x1 <= MAP_WIDTH && y0 >= 0 && y1 <= height;
  if (zoom < MIN_ZOOM && insideWhole) return whole;
  const width = MAP_WIDTH / zoom;
  const viewHeight = height / zoom;
  return { x: (x0 + x1) / 2 - width / 2, y: (y0 + y1) / 2 - viewHeight / 2, width, height: viewHeight };
}

/**
 * Markers for points already placed in the rendered viewBox. The points of one group (a city)
 * become one marker at their centre when they all lie within AGGREGATE_DISTANCE of each other;
 * otherwise, and for points without a group, each point is its own marker. Bigger groups come
 * first, so smaller markers are drawn over them and stay clickable.
 */
export function aggregatePoints(placed: ReadonlyArray<{ point: MapPoint; x: number; y: number }>): MapMarker[] {
  const byGroup = new Map<string, Array<{ point: MapPoint; x: number; y: number }>>();
  for (const item of placed) {
    const key = item.point.group ? `group:${item.point.group.key}` : `point:${item.point.id}`;
    const members = byGroup.get(key);
    if (members) members.push(item);
    else byGroup.set(key, [item]);
  }
  const markers: MapMarker[] = [];
  for (const [key, members] of byGroup) {
    const xs = members.map((m) => m.x);
    const ys = members.map((m) => m.y);
    const spread = Math.max(Math.max(...xs) - Math.min(...xs), Math.max(...ys) - Math.min(...ys));
    if (members.length > 1 && spread <= AGGREGATE_DISTANCE) {
      markers.push({
        key,
        x: xs.reduce((a, b) => a + b, 0) / members.length,
        y: ys.reduce((a, b) => a + b, 0) / members.length,
        points: members.map((m) => m.point),
        group: members[0]!.point.group,
      });
    } else {
      for (const m of members) markers.push({ key: `point:${m.point.id}`, x: m.x, y: m.y, points: [m.point] });
    }
  }
  return markers.sort((a, b) => b.points.length - a.points.length || a.x - b.x);
}

const outlineCache = new Map<string, MapOutline>();

/** The outlines for a view, as SVG path data in the rendered viewBox; kept per view. */
export function getOutline(viewport: MapViewport): MapOutline {
  const key = [viewport.x, viewport.y, viewport.width, viewport.height].map((v) => v.toFixed(3)).join(' ');
  const cached = outlineCache.get(key);
  if (cached) return cached;
  const { height } = getFrame();
  const zoom = MAP_WIDTH / viewport.width;
  const layer = zoom < DETAILED_ZOOM ? getCoarseLayer() : getDetailedLayer();
  // No adaptive resampling: the data's vertices are close enough for straight segments, and
  // resampling every edge of the country at city zoom costs far more than it shows.
  const projection = viewportProjection(viewport)
    .precision(0)
    .clipExtent([
      [-CLIP_MARGIN, -CLIP_MARGIN],
      [MAP_WIDTH + CLIP_MARGIN, height + CLIP_MARGIN],
    ]);
  const path = geoPath(projection).digits(1);
  const outline = { russia: path(layer.russia) ?? '', neighbours: path(layer.neighbours) ?? '' };
  if (outlineCache.size >= OUTLINE_CACHE_SIZE) outlineCache.delete(outlineCache.keys().next().value!);
  outlineCache.set(key, outline);
  return outline;
}

/** Whether a view is the whole country (whose outline is served once as cached images, /map/*.svg). */
export function isWholeCountry(viewport: MapViewport): boolean {
  return viewport.x === 0 && viewport.y === 0 && viewport.width === MAP_WIDTH;
}

/** The whole-country outlines, for the cached images of /map/[layer]. */
export function getWholeCountryOutline(): MapOutline {
  return getOutline({ x: 0, y: 0, width: MAP_WIDTH, height: getFrame().height });
}

/** Everything the network map draws for these points: the view, its outlines and the markers. */
export function buildNetworkMap(points: readonly MapPoint[]): NetworkMapModel {
  const { width, height } = getMapSize();
  const placed = points.flatMap((point) => {
    const at = projectToMap(point.lon, point.lat);
    return at ? [{ point, at }] : [];
  });
  const viewport = fitViewport(placed.map((p) => p.at));
  const zoom = width / viewport.width;
  const markers = aggregatePoints(
    placed.map(({ point, at }) => ({ point, x: (at[0] - viewport.x) * zoom, y: (at[1] - viewport.y) * zoom })),
  );
  return { width, height, viewport, outline: getOutline(viewport), markers };
}
