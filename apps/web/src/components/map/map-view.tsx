'use client';

import { useEffect, useRef } from 'react';
import type { Map as LeafletMap } from 'leaflet';
import 'leaflet/dist/leaflet.css';
import type { MapPoint } from './map-point';
import styles from './map-view.module.css';

export type { MapPoint } from './map-point';

export interface MapViewProps {
  points: readonly MapPoint[];
  tileUrl: string;
  attribution: string;
  /** Accessible name of the map region. */
  label: string;
  className?: string;
}

const escapeHtml = (text: string) =>
  text.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/**
 * A Leaflet map with circle markers (no marker images to load) fitted to the points. Leaflet is
 * loaded in the browser only, after mount; the page around it is complete without it. The tile
 * URL comes from configuration (MAP_TILE_URL), so tests and offline installs run with no map.
 */
export function MapView({ points, tileUrl, attribution, label, className }: MapViewProps) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    let disposed = false;
    let map: LeafletMap | undefined;
    void import('leaflet').then((L) => {
      if (disposed || !container.current) return;
      map = L.map(container.current, { scrollWheelZoom: false, attributionControl: true });
      L.tileLayer(tileUrl, { attribution: escapeHtml(attribution), maxZoom: 18 }).addTo(map);
      const style = getComputedStyle(container.current);
      const color = style.getPropertyValue('--color-primary').trim() || '#007041';
      const group = L.featureGroup();
      for (const point of points) {
        const marker = L.circleMarker([point.lat, point.lon], {
          radius: point.major ? 8 : 6,
          color: '#ffffff',
          weight: 2,
          fillColor: color,
          fillOpacity: 0.9,
        });
        const title = point.href
          ? `<a href="${escapeHtml(point.href)}">${escapeHtml(point.title)}</a>`
          : `<strong>${escapeHtml(point.title)}</strong>`;
        marker.bindPopup(point.subtitle ? `${title}<br>${escapeHtml(point.subtitle)}` : title);
        marker.bindTooltip(point.title);
        group.addLayer(marker);
      }
      group.addTo(map);
      if (points.length === 1) map.setView([points[0]!.lat, points[0]!.lon], 14);
      else if (points.length > 1) map.fitBounds(group.getBounds(), { padding: [24, 24], maxZoom: 13 });
      else map.setView([61, 90], 3);
    });
    return () => {
      disposed = true;
      map?.remove();
    };
  }, [points, tileUrl, attribution]);

  return <div ref={container} className={`${styles.map} ${className ?? ''}`} role="region" aria-label={label} />;
}
