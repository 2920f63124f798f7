'use client';

import { lazy, Suspense } from 'react';
import type { MapViewProps } from './map-view';
import styles from './map-view.module.css';

const LeafletMapView = lazy(() => import('./map-view').then((module) => ({ default: module.MapView })));

/**
 * MapView in a chunk of its own, with Leaflet's stylesheet: a page that shows no map (no
 * MAP_TILE_URL) loads neither, and a page that does loads them with the map — not as first-load
 * JavaScript and render-blocking CSS (≈ 5 KB gzip of Leaflet's) of every page that could show
 * one (issue #19). The map is drawn in the browser after mount anyway; until its chunk has
 * arrived, an empty frame of its size holds its place.
 */
export function MapView(props: MapViewProps) {
  return (
    <Suspense fallback={<div className={`${styles.map} ${props.className ?? ''}`} />}>
      <LeafletMapView {...props} />
    </Suspense>
  );
}
