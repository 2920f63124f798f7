// @vitest-environment node
import { describe, expect, it } from 'vitest';
import type { MapPoint } from './map-point';
import { getNetworkMapView, PICTURE_LAYERS, pictureLayerUrl } from './network-map-picture';

/** The whole network as /offices shows it: a point per city with its count, no links. */
const city = (id: number, name: string, lat: number, lon: number, count: number, major = false): MapPoint => ({
  id: `city-${id}`,
  lat,
  lon,
  title: name,
  major,
  count,
  group: { key: String(id), label: name },
});

const NETWORK: MapPoint[] = [
  city(1, 'Москва', 55.7558, 37.6176, 6, true),
  city(2, 'Тула', 54.193, 37.617, 1, true),
  city(3, 'Калуга', 54.513, 36.261, 1),
  city(4, 'Новосибирск', 55.03, 82.92, 12, true),
  city(5, 'Владивосток', 43.1155, 131.8869, 1, true),
];

/** The `<use>` and `<text>` of one size variant's mask, in paint order. */
const maskOf = (svg: string, variant: 'l' | 's') => svg.split(`<mask id="${variant}"`)[1]!.split('</mask>')[0]!;

describe('getNetworkMapView: the whole network as a cached picture', () => {
  it('draws a network without links as three layers with one version, kept for the same points', () => {
    const view = getNetworkMapView(NETWORK);
    expect(view.picture).not.toBeNull();
    const picture = view.picture!;
    expect(picture.version).toMatch(/^[0-9a-f]{16}$/);
    expect(Object.keys(picture.layers)).toEqual([...PICTURE_LAYERS]);
    for (const layer of PICTURE_LAYERS) {
      expect(picture.layers[layer]).toMatch(
        /^<svg xmlns="http:\/\/www\.w3\.org\/2000\/svg" width="100%" height="100%">/,
      );
      // Positions in per cent of the map, sizes in pixels: markers keep their size at any width.
      expect(picture.layers[layer]).not.toContain('viewBox');
    }
    expect(getNetworkMapView(NETWORK)).toBe(view);
    expect(pictureLayerUrl(picture.version, 'fill')).toBe(`/map/network/${picture.version}/fill.svg`);
  });

  it('places each marker where the HTML marker stood, in per cent of the map', () => {
    const { model, picture } = getNetworkMapView(NETWORK);
    const ring = picture!.layers.ring;
    for (const marker of model.markers) {
      const x = `${((marker.x / model.width) * 100).toFixed(2)}%`;
      const y = `${((marker.y / model.height) * 100).toFixed(2)}%`;
      expect(ring).toContain(`x="${x}" y="${y}"`);
    }
  });

  it('numbers the cities with several points, in the label layer only', () => {
    const { picture } = getNetworkMapView(NETWORK);
    const texts = [...picture!.layers.label.matchAll(/<text [^>]*>(\d+)<\/text>/g)].map((m) => m[1]);
    // Each number twice: at full width and in the phone's smaller size.
    expect(texts.sort()).toEqual(['12', '12', '6', '6']);
    expect(picture!.layers.ring).not.toContain('<text');
    expect(picture!.layers.fill).not.toContain('<text');
  });

  it('paints a marker standing for more places last, over its neighbours, as the HTML z-index did', () => {
    const { picture } = getNetworkMapView(NETWORK);
    const order = [...maskOf(picture!.layers.label, 'l').matchAll(/<text [^>]*>(\d+)<\/text>/g)].map((m) => m[1]);
    expect(order).toEqual(['6', '12']);
    // Every marker first blacks out its outline (covering what lies below), then draws its part.
    const fill = maskOf(picture!.layers.fill, 'l');
    expect(fill.match(/fill="#000"/g)).toHaveLength(NETWORK.length);
    expect(fill.match(/fill="#fff"/g)).toHaveLength(NETWORK.length);
    expect(fill.indexOf('fill="#000"')).toBeLessThan(fill.indexOf('fill="#fff"'));
  });

  it('sizes the dots as network-map.module.css does, smaller below 480 px, a two-digit count wider', () => {
    const { picture } = getNetworkMapView(NETWORK);
    const ring = picture!.layers.ring;
    const width = (id: string) => Number(new RegExp(`<rect id="${id}"[^>]* width="([\\d.]+)"`).exec(ring)![1]);
    // l/s: full size / phone; then the kind (s single, m major, g group), the digits, o = outline.
    expect([width('ls0o'), width('lm0o'), width('lg1o')]).toEqual([14, 18, 26]);
    expect([width('ss0o'), width('sm0o'), width('sg1o')]).toEqual([10, 13, 20]);
    expect(width('lg2o')).toBeGreaterThan(26);
    expect(ring).toContain('@media (max-width:480px){.l{display:none}.s{display:inline}}');
  });

  it('changes the version with the network', () => {
    const before = getNetworkMapView(NETWORK).picture!.version;
    const more = NETWORK.map((p) => (p.id === 'city-2' ? { ...p, count: 2 } : p));
    expect(getNetworkMapView(more).picture!.version).not.toBe(before);
  });

  it('is no picture when the markers are links or the view is zoomed in', () => {
    const linked = NETWORK.map((p) => ({ ...p, href: `/offices?city=${p.group!.key}` }));
    expect(getNetworkMapView(linked).picture).toBeNull();
    expect(getNetworkMapView(NETWORK.slice(0, 1)).picture).toBeNull();
    expect(getNetworkMapView([]).picture).toBeNull();
  });
});
