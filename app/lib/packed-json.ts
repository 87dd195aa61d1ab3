declare const packedOf: unique symbol;

/**
 * A value a loader sends to the browser as one JSON string. React Router serialises loader data
 * with turbo-stream, which walks every object, array and string of it in JavaScript, on every
 * request, for every page (a guest's too, which never reads it). A large value such as an act's
 * profile cost about a fifth of a kept page's CPU that way (decision 0023); as one string it is a
 * single JSON.stringify, native, and the browser parses it once.
 */
export type PackedJson<T> = string & { readonly [packedOf]?: T };

/** Values packed or unpacked lately, by their JSON: a page's render and its meta read one value several times. */
const recent = new Map<string, unknown>();
const RECENT = 16;
/** The JSON of each value `unpackJson` has handed out or `packJson` was given frozen, while the value lives. */
const jsonOfValue = new WeakMap<object, string>();

export function packJson<T>(value: T): PackedJson<T> {
  // A value frozen whole (as every kept read is) never changes: its JSON is written once.
  const frozen = typeof value === "object" && value !== null && Object.isFrozen(value);
  const known = frozen ? jsonOfValue.get(value) : undefined;
  const json = known ?? JSON.stringify(value);
  if (frozen && known === undefined) jsonOfValue.set(value, json);
  // The same JSON keeps the value first seen with it, so that requests of unchanged data get one
  // object (and what is kept by that object, as a kept part's key, stays kept).
  if (!recent.has(json)) remember(json, value);
  return json as PackedJson<T>;
}

/** The value, the same object for the same JSON while it is recent: parsed at most once per render. */
export function unpackJson<T>(packed: PackedJson<T>): T {
  if (recent.has(packed)) return recent.get(packed) as T;
  const value = JSON.parse(packed) as T;
  remember(packed, value);
  return value;
}

/**
 * The JSON a value handed out by `unpackJson` was unpacked from, when it is such a value: what
 * the server keys a kept part by instead of writing the value out again. Values handed out are
 * shared by every render of the same JSON, so they are never changed.
 */
export function packedJsonOf(value: object): string | undefined {
  return jsonOfValue.get(value);
}

function remember(json: string, value: unknown) {
  if (typeof value === "object" && value !== null) jsonOfValue.set(value, json);
  recent.set(json, value);
  if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
}
