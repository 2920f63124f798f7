/**
 * The visitor's own position in the address of /offices (`at=55.765,37.606`). Rounded to three
 * decimals (about 100 m): enough to sort points by distance, not a precise location in links,
 * history and logs.
 */
export function coordinatesParam(lat: number, lon: number): string {
  const round = (value: number) => String(Math.round(value * 1000) / 1000);
  return `${round(lat)},${round(lon)}`;
}

const PAIR = /^(-?\d{1,2}(?:\.\d{1,6})?),(-?\d{1,3}(?:\.\d{1,6})?)$/;

/** `at` from the address: a point on Earth, or null for anything else. */
export function parseCoordinatesParam(value: string): { lat: number; lon: number } | null {
  const match = PAIR.exec(value.trim());
  if (!match) return null;
  const lat = Number(match[1]);
  const lon = Number(match[2]);
  if (Math.abs(lat) > 90 || Math.abs(lon) > 180) return null;
  return { lat, lon };
}
