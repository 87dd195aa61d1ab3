import { CITY_AND_STATE } from "#domain/places";

/** How long typing pauses before the results follow it. */
export const KEYWORD_DEBOUNCE_MS = 350;

/**
 * When a changed field of the search form searches: a choice (a date, a radius, an order, a
 * ticked value) at once; words and a budget once typing pauses; a place once it is typed in full
 * ("Austin, TX") or emptied, since part of one waits for a pick or Enter.
 */
export function searchTiming(field: HTMLInputElement | HTMLSelectElement): "now" | "after-typing" | "not-yet" {
  if (field instanceof HTMLSelectElement || field.type === "checkbox" || field.type === "date") return "now";
  if (field.name === "location")
    return field.value === "" || CITY_AND_STATE.test(field.value.trim()) ? "after-typing" : "not-yet";
  return field.type === "search" || field.type === "text" || field.type === "number" ? "after-typing" : "not-yet";
}
