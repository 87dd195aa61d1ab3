// No zod here: the guests' search script imports this file, and a schema built at module level
// is kept by every bundler (its calls may have effects), zod with it. The API's schema of a
// place is in place.ts.
import { slugify } from "./slug";

/** How a place is written everywhere: "Austin, TX". */
export function placeLabel(name: string, region: string): string {
  return `${name}, ${region}`;
}

/** How a place is written in a URL: "austin-tx". */
export function placeSlug(name: string, region: string): string {
  return `${slugify(name)}-${region.toLowerCase()}`;
}

/** The most places an autocomplete offers at once. */
export const MAX_PLACE_SUGGESTIONS = 10;

/** The field error for a location that is no known place, with the nearest names. */
export function unknownPlaceMessage(written: string, suggestions: string[]): string {
  const known = `We could not find "${written}".`;
  if (suggestions.length === 0) return `${known} Choose a US city, written as City, ST.`;
  return `${known} Did you mean ${suggestions.join(" or ")}?`;
}

/** A place written in full, "City, ST": such a location must be a known place (others, like "Online", name none). */
export const CITY_AND_STATE = /^.+,\s*[A-Za-z]{2}$/;

const EARTH_RADIUS_MILES = 3958.8;

/** Great-circle miles between two points: "as the crow flies", what travel is priced on. */
export function milesBetween(a: { lat: number; lng: number }, b: { lat: number; lng: number }): number {
  const radians = (degrees: number) => (degrees * Math.PI) / 180;
  const h =
    Math.sin(radians(b.lat - a.lat) / 2) ** 2 +
    Math.cos(radians(a.lat)) * Math.cos(radians(b.lat)) * Math.sin(radians(b.lng - a.lng) / 2) ** 2;
  return EARTH_RADIUS_MILES * 2 * Math.asin(Math.min(1, Math.sqrt(h)));
}
