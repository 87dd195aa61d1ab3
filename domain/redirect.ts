/** Any control character or whitespace: browsers drop or rewrite them in a Location, so `/\t/evil` reads as `//evil`. */
const CONTROL_OR_SPACE = /[\s\p{Cc}\p{Cf}]/u;
/** An origin no real request has, to resolve a path against without trusting any host. */
const PROBE_ORIGIN = "https://same-origin.invalid";

/**
 * A redirect target (`redirectTo`, `callbackURL`, …) as a path on our own origin, or
 * `fallback`: anything that resolves to another origin, a scheme-relative or backslashed
 * path, or a value holding control or whitespace characters (raw or percent-encoded) is
 * replaced. The result is the resolved path, query and fragment, so it is what the browser
 * will open.
 */
export function safeRedirect(value: unknown, fallback = "/"): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.length > 2048) return fallback;
  if (CONTROL_OR_SPACE.test(value) || CONTROL_OR_SPACE.test(decodeLoosely(value))) return fallback;
  if (value.startsWith("//") || value.includes("\\")) return fallback;
  let resolved: URL;
  try {
    resolved = new URL(value, PROBE_ORIGIN);
  } catch {
    return fallback;
  }
  if (resolved.origin !== PROBE_ORIGIN) return fallback;
  const path = `${resolved.pathname}${resolved.search}${resolved.hash}`;
  return path.startsWith("//") ? fallback : path;
}

/** Percent-decoded as far as it decodes: a malformed escape leaves the value as it was. */
function decodeLoosely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
