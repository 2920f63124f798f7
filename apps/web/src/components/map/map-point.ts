/**
 * A point on a map: shared by the Leaflet map (map-view.tsx, a client component) and the offline
 * SVG map (network-map.tsx, a server component), so neither imports the other.
 */
export interface MapPoint {
  id: number | string;
  lat: number;
  lon: number;
  title: string;
  /** Second line of the popup or tooltip, e.g. the address. */
  subtitle?: string;
  href?: string;
  /** Bigger marker (a terminal, a city with a terminal). */
  major?: boolean;
  /** How many places the point stands for (a whole city of offices); default 1. */
  count?: number;
  /**
   * The city (or other place) the point belongs to. The network map shows the points of one
   * group as a single marker with a count when they would sit on top of each other.
   */
  group?: MapPointGroup;
}

export interface MapPointGroup {
  /** Points with the same key are one group, e.g. the city id. */
  key: string;
  /** Name of the group in the marker's tooltip, e.g. «Казань». */
  label: string;
  /** Where the group's marker leads, e.g. the list filtered by the city. */
  href?: string;
}
