/** Distances between campuses (D13): haversine with an Earth radius of 3959 miles (000 §9). */
export const EARTH_RADIUS_MILES = 3959;

export type Point = { latitude: number; longitude: number };

const rad = (deg: number) => (deg * Math.PI) / 180;

export function haversineMiles(a: Point, b: Point): number {
  const dLat = rad(b.latitude - a.latitude);
  const dLon = rad(b.longitude - a.longitude);
  const h = Math.sin(dLat / 2) ** 2 + Math.cos(rad(a.latitude)) * Math.cos(rad(b.latitude)) * Math.sin(dLon / 2) ** 2;
  return 2 * EARTH_RADIUS_MILES * Math.asin(Math.min(1, Math.sqrt(h)));
}

/** A latitude/longitude box that contains every point within `miles` of the centre (for an index). */
export function boundingBox(centre: Point, miles: number) {
  const dLat = (miles / EARTH_RADIUS_MILES) * (180 / Math.PI);
  const cos = Math.max(0.01, Math.cos(rad(centre.latitude)));
  const dLon = dLat / cos;
  return {
    minLat: centre.latitude - dLat,
    maxLat: centre.latitude + dLat,
    minLon: centre.longitude - dLon,
    maxLon: centre.longitude + dLon,
  };
}
