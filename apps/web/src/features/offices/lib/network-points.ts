import type { CountryMap } from '@freight/contracts';
import type { MapPoint } from '@/components/map/map-point';

const pointsOf = new WeakMap<CountryMap['cities'], MapPoint[]>();

/**
 * The whole network on the map: a point per city with its number of places, a bigger one where
 * there is a terminal. No links: 80 cities at country scale are too close for fingers (the city is
 * chosen in the search form); the map draws them as a picture. The same array for the same answer
 * of the API, so the map lays out and draws the network once per answer, not once per page.
 */
export function networkCityPoints(cities: CountryMap['cities']): MapPoint[] {
  let points = pointsOf.get(cities);
  if (!points) {
    points = cities.map((c) => ({
      id: `city-${c.id}`,
      lat: c.lat,
      lon: c.lon,
      title: c.name,
      major: c.has_terminal,
      count: c.subdivisions_count,
      group: { key: String(c.id), label: c.name },
    }));
    pointsOf.set(cities, points);
  }
  return points;
}
