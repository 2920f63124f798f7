import 'server-only';
import Link from 'next/link';
import clsx from 'clsx';
import { formatCount, MESSAGES } from '@freight/domain';
import type { MapPoint } from './map-point';
import { buildNetworkMap, isWholeCountry, type MapMarker } from './network-map-geometry';
import styles from './network-map.module.css';

export interface NetworkMapProps {
  points: readonly MapPoint[];
  /** Accessible name of the map region. */
  label: string;
  className?: string;
}

/** What a marker says: its accessible name, its tooltip and where it leads. */
/** How many places a marker stands for. */
const placesOf = (marker: MapMarker) => marker.points.reduce((sum, p) => sum + (p.count ?? 1), 0);

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

const mask = (layer: string) => {
  const image = `url(/map/${layer}.svg)`;
  return { maskImage: image, WebkitMaskImage: image };
};

const percent = (share: number) => `${(share * 100).toFixed(2)}%`;

/**
 * The network on a map drawn on the server, with no tiles and no script: Russia's outline
 * (Natural Earth, from the world-atlas package) as SVG and the points as links laid over it. The
 * view fits the points: the whole country, or one city zoomed in so its offices stand apart. The
 * points of one city that would overlap become one marker with their count, linking to the
 * group's href (e.g. the list filtered by the city). Markers are HTML so they keep their size and
 * focus ring at any map width; the SVG itself is decoration.
 */
export function NetworkMap({ points, label, className }: NetworkMapProps) {
  const { width, height, viewport, outline, markers } = buildNetworkMap(points);
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
          <div className={clsx(styles.mask, styles.landMask)} style={mask('land')} />
          <div className={clsx(styles.mask, styles.russiaMask)} style={mask('russia')} />
          <div className={clsx(styles.mask, styles.russiaLine)} style={mask('russia-line')} />
        </div>
      ) : (
        <svg className={styles.geo} viewBox={`0 0 ${width} ${height}`} aria-hidden="true" focusable="false">
          {outline.neighbours && <path className={styles.neighbours} d={outline.neighbours} />}
          {outline.russia && <path className={styles.russia} d={outline.russia} />}
        </svg>
      )}
      {markers.length > 0 && (
        <ul className={styles.markers}>
          {markers.map((marker) => {
            const { name, tooltip, href } = describe(marker);
            const places = placesOf(marker);
            const count = marker.group || places > 1 ? places : undefined;
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
                  ...(places > 1 ? { zIndex: Math.min(places, 90) } : {}),
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
      )}
    </div>
  );
}
