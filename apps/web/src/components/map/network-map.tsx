import 'server-only';
import { Link } from '@/components/ui/link';
import clsx from 'clsx';
import { formatCount, MESSAGES } from '@freight/domain';
import type { MapPoint } from './map-point';
import { isWholeCountry, type MapMarker } from './network-map-geometry';
import {
  countOf,
  getNetworkMapView,
  PICTURE_LAYERS,
  pictureLayerUrl,
  placesOf,
  stackOf,
  type PictureLayer,
} from './network-map-picture';
import styles from './network-map.module.css';

export interface NetworkMapProps {
  /** The same array for the same points (e.g. made once per answer of the API) is laid out once. */
  points: readonly MapPoint[];
  /** Accessible name of the map region. */
  label: string;
  /** Name of the list that stands for the markers when they are drawn as a picture, e.g. «79 городов, 105 пунктов». */
  markersLabel?: string;
  className?: string;
}

/** What a marker says: its accessible name, its tooltip and where it leads. */
function describe(marker: MapMarker): { name: string; tooltip: string; href?: string } {
  const point = marker.points[0]!;
  const group = marker.group ?? (placesOf(marker) > 1 ? point.group : undefined);
  if (group) {
    const name = `${group.label}: ${formatCount(placesOf(marker), MESSAGES.plural.point)}`;
    return { name, tooltip: name, href: group.href ?? point.href };
  }
  return {
    name: point.title,
    tooltip: point.subtitle ? `${point.title}\n${point.subtitle}` : point.title,
    href: point.href,
  };
}

const mask = (url: string) => {
  const image = `url(${url})`;
  return { maskImage: image, WebkitMaskImage: image };
};

const PICTURE_CLASS: Record<PictureLayer, string | undefined> = {
  ring: styles.ringLayer,
  fill: styles.fillLayer,
  label: styles.labelLayer,
};

const percent = (share: number) => `${(share * 100).toFixed(2)}%`;

/**
 * The network on a map drawn on the server, with no tiles and no script: Russia's outline
 * (Natural Earth, from the world-atlas package) as SVG and the points as links laid over it. The
 * view fits the points: the whole country, or one city zoomed in so its offices stand apart. The
 * points of one city that would overlap become one marker with their count, linking to the
 * group's href (e.g. the list filtered by the city). Markers are HTML so they keep their size and
 * focus ring at any map width; the SVG itself is decoration. The whole network at country scale,
 * whose markers are not links, is a cached picture instead (network-map-picture.ts) with a
 * visually hidden list of its markers, so the page does not carry an element per city twice
 * (in its HTML and again in its data).
 */
export function NetworkMap({ points, label, markersLabel, className }: NetworkMapProps) {
  const { model, picture } = getNetworkMapView(points);
  const { width, height, viewport, outline, markers } = model;
  // The whole country is the same for every page: its outline comes as cached images (/map/*.svg)
  // painted as masks in the theme's colours; a zoomed view carries its own small outline.
  const whole = isWholeCountry(viewport);
  return (
    <div
      className={clsx(styles.map, className)}
      style={{ aspectRatio: `${width} / ${height}` }}
      role="region"
      aria-label={label}
      data-testid="network-map"
    >
      {whole ? (
        <div className={styles.geoLayers} aria-hidden="true">
          <div className={clsx(styles.mask, styles.landMask)} style={mask('/map/land.svg')} />
          <div className={clsx(styles.mask, styles.russiaMask)} style={mask('/map/russia.svg')} />
          <div className={clsx(styles.mask, styles.russiaLine)} style={mask('/map/russia-line.svg')} />
        </div>
      ) : (
        <svg className={styles.geo} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false">
          {outline.neighbours && <path className={styles.neighbours} d={outline.neighbours} />}
          {outline.russia && <path className={styles.russia} d={outline.russia} />}
        </svg>
      )}
      {picture ? (
        <>
          {/* The markers of the whole network: one cached picture; the list below is what it says. */}
          <div className={styles.pictureLayers} aria-hidden="true">
            {PICTURE_LAYERS.map((layer) => (
              <div
                key={layer}
                className={clsx(styles.mask, PICTURE_CLASS[layer])}
                style={mask(pictureLayerUrl(picture.version, layer))}
              />
            ))}
          </div>
          <ul className="visually-hidden" aria-label={markersLabel}>
            {markers.map((marker) => (
              <li key={marker.key}>{describe(marker).name}</li>
            ))}
          </ul>
        </>
      ) : (
        markers.length > 0 && (
          <ul className={styles.markers}>
            {markers.map((marker) => {
              const { name, tooltip, href } = describe(marker);
              const count = countOf(marker);
              const stack = stackOf(marker);
              return (
                <li
                  key={marker.key}
                  className={clsx(
                    styles.marker,
                    marker.points.some((p) => p.major) && styles.major,
                    count !== undefined && styles.group,
                  )}
                  // A marker standing for more places lies above its smaller neighbours.
                  style={{
                    left: percent(marker.x / width),
                    top: percent(marker.y / height),
                    ...(stack > 0 ? { zIndex: stack } : {}),
                  }}
                >
                  {href ? (
                    <Link href={href} prefetch={false} className={styles.dot} title={tooltip} aria-label={name}>
                      {count}
                    </Link>
                  ) : (
                    <span className={styles.dot} title={tooltip} role="img" aria-label={name}>
                      {count}
                    </span>
                  )}
                </li>
              );
            })}
          </ul>
        )
      )}
    </div>
  );
}
