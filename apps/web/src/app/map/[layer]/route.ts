import { getMapSize, getWholeCountryOutline } from '@/components/map/network-map-geometry';

/**
 * The whole-country outlines of the offline network map as SVG files, built once at build time
 * and cached by browsers: the page then carries a few bytes per layer instead of the outline's
 * path twice (HTML and page data). The map paints them as CSS masks, so their colours come from
 * the page's theme. `russia.svg` and `land.svg` are filled shapes, `russia-line.svg` the border.
 */
const LAYERS = ['russia.svg', 'russia-line.svg', 'land.svg'] as const;
type LayerName = (typeof LAYERS)[number];

export const dynamic = 'force-static';
export const dynamicParams = false;

export function generateStaticParams() {
  return LAYERS.map((layer) => ({ layer }));
}

function svgOf(layer: LayerName): string {
  const { width, height } = getMapSize();
  const outline = getWholeCountryOutline();
  const shape =
    layer === 'land.svg'
      ? `<path d="${outline.neighbours}" fill="#000"/>`
      : layer === 'russia.svg'
        ? `<path d="${outline.russia}" fill="#000"/>`
        : `<path d="${outline.russia}" fill="none" stroke="#000" stroke-width="1.2" stroke-linejoin="round"/>`;
  return `<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 ${width} ${height}" preserveAspectRatio="none">${shape}</svg>`;
}

export async function GET(_request: Request, { params }: { params: Promise<{ layer: string }> }) {
  const { layer } = await params;
  if (!(LAYERS as readonly string[]).includes(layer)) return new Response('Not found', { status: 404 });
  return new Response(svgOf(layer as LayerName), {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': 'public, max-age=86400, stale-while-revalidate=604800',
    },
  });
}
