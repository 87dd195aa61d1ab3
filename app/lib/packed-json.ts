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

export function packJson<T>(value: T): PackedJson<T> {
  const json = JSON.stringify(value);
  remember(json, value);
  return json as PackedJson<T>;
}

/** The value, the same object for the same JSON while it is recent: parsed at most once per render. */
export function unpackJson<T>(packed: PackedJson<T>): T {
  if (recent.has(packed)) return recent.get(packed) as T;
  const value = JSON.parse(packed) as T;
  remember(packed, value);
  return value;
}

function remember(json: string, value: unknown) {
  recent.set(json, value);
  if (recent.size > RECENT) recent.delete(recent.keys().next().value!);
}
