import { getNetworkMapView, PICTURE_LAYERS, type PictureLayer } from '@/components/map/network-map-picture';
import { getNetworkMap } from '@/features/offices/api/offices';
import { networkCityPoints } from '@/features/offices/lib/network-points';

/**
 * The markers of the whole network on the offline map (/offices with nothing chosen) as SVG
 * layers (network-map-picture.ts): `ring.svg`, `fill.svg`, `label.svg`. The address carries the
 * picture's version, which changes with the network, so a browser keeps a version for good; an
 * address of an older version (a page rendered before the network changed) gets today's picture,
 * not kept.
 */
export const dynamic = 'force-dynamic';

const isLayer = (name: string): name is PictureLayer => (PICTURE_LAYERS as readonly string[]).includes(name);

export async function GET(_request: Request, { params }: { params: Promise<{ version: string; layer: string }> }) {
  const { version, layer: file } = await params;
  const layer = file.replace(/\.svg$/, '');
  if (!file.endsWith('.svg') || !isLayer(layer) || !/^[0-9a-f]{16}$/.test(version)) {
    return new Response('Not found', { status: 404 });
  }
  let network;
  try {
    network = await getNetworkMap();
  } catch {
    return new Response('Unavailable', { status: 503, headers: { 'retry-after': '30', 'cache-control': 'no-store' } });
  }
  const { picture } = getNetworkMapView(networkCityPoints(network.cities));
  if (!picture) return new Response('Not found', { status: 404 });
  return new Response(picture.layers[layer], {
    headers: {
      'content-type': 'image/svg+xml; charset=utf-8',
      'cache-control': picture.version === version ? 'public, max-age=31536000, immutable' : 'no-store',
    },
  });
}
