import { createHash } from 'node:crypto';
import type { MapPoint } from './map-point';
import { buildNetworkMap, isWholeCountry, type MapMarker, type NetworkMapModel } from './network-map-geometry';

/**
 * The markers of the whole-country network map as a picture: three SVG layers served from
 * /map/network/<version>/<layer>.svg and cached by browsers, painted by the map as CSS masks in
 * the theme's colours (like the country's outline), instead of an HTML element per city in the
 * page and again in its data. Only a view whose markers are not links is drawn so (the whole
 * network at country scale: its markers are images, not targets).
 *
 * The layers, bottom to top: `ring` (the white border of every marker, one shape), `fill` (the
 * dots) and `label` (the numbers). A marker drawn later covers those below it, as the HTML markers
 * do: in `fill` and `label` each marker first erases what lies under its own outline.
 *
 * Positions are in per cent of the image and sizes in CSS pixels (no viewBox), so the markers keep
 * their size at any width of the map; the image's own media query switches to the smaller dots
 * below the width where network-map.module.css does (a phone).
 */

export const PICTURE_LAYERS = ['ring', 'fill', 'label'] as const;
export type PictureLayer = (typeof PICTURE_LAYERS)[number];

export interface MarkerPicture {
  /** Changes with anything drawn (the network, the sizes): a new address, so caches never go stale. */
  version: string;
  layers: Record<PictureLayer, string>;
}

/** How many places a marker stands for. */
export const placesOf = (marker: MapMarker) => marker.points.reduce((sum, p) => sum + (p.count ?? 1), 0);

/** The number a marker shows: the places of a group, nothing for a single place. */
export const countOf = (marker: MapMarker) => {
  const places = placesOf(marker);
  return marker.group || places > 1 ? places : undefined;
};

/**
 * The paint order of markers: a marker standing for more places lies above its smaller neighbours
 * (the HTML markers' z-index, capped at 90), then the order of the list.
 */
export const stackOf = (marker: MapMarker) => {
  const places = placesOf(marker);
  return places > 1 ? Math.min(places, 90) : 0;
};

/** Sizes of network-map.module.css (.dot, .major .dot, .group .dot), at full width and on a phone. */
const SIZES = {
  l: { single: 14, major: 18, group: 26, border: 2, padding: 6, font: 12 },
  s: { single: 10, major: 13, group: 20, border: 1.5, padding: 4, font: 11 },
} as const;
/**
 * Width of a digit of the bold system font, in em, for the width of a pill with a number of two or
 * more digits (a picture cannot fit its shape to its text): Segoe UI and Roboto ≈ 0.56, SF ≈ 0.6,
 * DejaVu Sans ≈ 0.7; a pill is at most ≈ 1.5 px per digit narrower or wider than the HTML one.
 */
const DIGIT_EM = 0.62;
/** The container width at and below which network-map.module.css draws the smaller dots. */
const SMALL_MAX_WIDTH = 480;
const FONT = "system-ui, -apple-system, 'Segoe UI', Roboto, 'Helvetica Neue', Arial, 'Noto Sans', sans-serif";

type Variant = keyof typeof SIZES;

interface Spot {
  x: string;
  y: string;
  kind: 'single' | 'major' | 'group';
  label?: string;
}

const percent = (share: number) => `${(share * 100).toFixed(2)}%`;
const num = (value: number) => String(Math.round(value * 100) / 100);

/** Outer width and height of a marker (border included), in px. */
function boxOf(spot: Spot, variant: Variant): { width: number; height: number } {
  const size = SIZES[variant];
  const height = size[spot.kind];
  if (spot.kind !== 'group' || !spot.label) return { width: height, height };
  const text = spot.label.length * DIGIT_EM * size.font;
  return { width: Math.max(height, text + 2 * (size.padding + size.border)), height };
}

/** Id of the shape (a dot or a pill) of a marker, `inset` px inside its outline. */
const shapeId = (spot: Spot, variant: Variant, inset: number) =>
  `${variant}${spot.kind[0]}${spot.label?.length ?? 0}${inset ? 'i' : 'o'}`;

/** The shapes the spots use, centred on (0, 0): each is drawn with <use> at a marker's centre. */
function defsOf(spots: readonly Spot[], insets: boolean): string {
  const defs = new Map<string, string>();
  for (const variant of ['l', 's'] as const) {
    for (const spot of spots) {
      for (const inset of insets ? [0, SIZES[variant].border] : [0]) {
        const id = shapeId(spot, variant, inset);
        if (defs.has(id)) continue;
        const { width, height } = boxOf(spot, variant);
        const [w, h] = [width - 2 * inset, height - 2 * inset];
        defs.set(
          id,
          `<rect id="${id}" x="${num(-w / 2)}" y="${num(-h / 2)}" width="${num(w)}" height="${num(h)}" rx="${num(h / 2)}"/>`,
        );
      }
    }
  }
  return `<defs>${[...defs.values()].join('')}</defs>`;
}

const use = (spot: Spot, variant: Variant, inset: number, fill: string) =>
  `<use href="#${shapeId(spot, variant, inset)}" x="${spot.x}" y="${spot.y}" fill="${fill}"/>`;

const label = (spot: Spot) =>
  spot.label
    ? `<text x="${spot.x}" y="${spot.y}" fill="#fff" text-anchor="middle" dominant-baseline="central">${spot.label}</text>`
    : '';

const STYLE =
  `<style>.s{display:none}@media (max-width:${SMALL_MAX_WIDTH}px){.l{display:none}.s{display:inline}}` +
  `text{font-family:${FONT};font-weight:700}#l text{font-size:${SIZES.l.font}px}#s text{font-size:${SIZES.s.font}px}</style>`;

const svg = (body: string) =>
  `<svg xmlns="http://www.w3.org/2000/svg" width="100%" height="100%">${STYLE}${body}</svg>`;

/**
 * A layer whose markers cover those drawn before them: a mask where each marker, in paint order,
 * first blacks out its whole outline, then draws its own part in white.
 */
function coveringLayer(spots: readonly Spot[], part: (spot: Spot, variant: Variant) => string, insets: boolean) {
  const variant = (v: Variant) =>
    `<mask id="${v}" x="0" y="0" width="100%" height="100%" maskUnits="userSpaceOnUse">` +
    spots.map((spot) => use(spot, v, 0, '#000') + part(spot, v)).join('') +
    `</mask><rect class="${v}" width="100%" height="100%" mask="url(#${v})"/>`;
  return svg(defsOf(spots, insets) + variant('l') + variant('s'));
}

function drawLayers(spots: readonly Spot[]): Record<PictureLayer, string> {
  const ring = (v: Variant) => `<g class="${v}">${spots.map((spot) => use(spot, v, 0, '#000')).join('')}</g>`;
  return {
    ring: svg(defsOf(spots, false) + ring('l') + ring('s')),
    fill: coveringLayer(spots, (spot, v) => use(spot, v, SIZES[v].border, '#fff'), true),
    label: coveringLayer(spots, (spot) => label(spot), false),
  };
}

/** The picture of a model's markers, bottom first; null when the view cannot be a picture. */
function drawPicture(model: NetworkMapModel): MarkerPicture | null {
  if (!isWholeCountry(model.viewport) || model.markers.length === 0) return null;
  if (model.markers.some((m) => m.points.some((p) => p.href) || m.group?.href)) return null;
  const spots = model.markers
    .map((marker, index) => ({ marker, index }))
    .sort((a, b) => stackOf(a.marker) - stackOf(b.marker) || a.index - b.index)
    .map(({ marker }): Spot => {
      const count = countOf(marker);
      return {
        x: percent(marker.x / model.width),
        y: percent(marker.y / model.height),
        kind: count !== undefined ? 'group' : marker.points.some((p) => p.major) ? 'major' : 'single',
        ...(count !== undefined ? { label: String(count) } : {}),
      };
    });
  const layers = drawLayers(spots);
  const hash = createHash('sha256');
  for (const layer of PICTURE_LAYERS) hash.update(layers[layer]);
  return { version: hash.digest('hex').slice(0, 16), layers };
}

export interface NetworkMapView {
  model: NetworkMapModel;
  /** Set when the markers are drawn as the cached picture. */
  picture: MarkerPicture | null;
}

const views = new WeakMap<readonly MapPoint[], NetworkMapView>();

/**
 * The map of these points and, for the whole network, the picture of its markers. Kept per array
 * of points: a caller that passes the same array again (the points of one answer of the API) pays
 * for the layout and the drawing once.
 */
export function getNetworkMapView(points: readonly MapPoint[]): NetworkMapView {
  let view = views.get(points);
  if (!view) {
    const model = buildNetworkMap(points);
    view = { model, picture: drawPicture(model) };
    views.set(points, view);
  }
  return view;
}

/** The address of one layer of a picture. */
export const pictureLayerUrl = (version: string, layer: PictureLayer) => `/map/network/${version}/${layer}.svg`;
