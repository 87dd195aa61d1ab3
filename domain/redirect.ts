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
  if (path.startsWith("//") || leavesOnceDecoded(path)) return fallback;
  return path;
}

/**
 * A path whose encoded slashes or dots, decoded once by whoever reads it next (a library that
 * redirects, a proxy), resolve to another host: `/.%2F%2Fevil.example` is `//evil.example`.
 */
function leavesOnceDecoded(path: string): boolean {
  const decoded = decodeLoosely(path);
  if (decoded === path) return false;
  if (decoded.startsWith("//") || decoded.includes("\\")) return true;
  try {
    const again = new URL(decoded, PROBE_ORIGIN);
    return again.origin !== PROBE_ORIGIN || again.pathname.startsWith("//");
  } catch {
    return true;
  }
}

/** The names auth routes take a redirect target under, in a query or a body. */
export const REDIRECT_PARAMETERS = ["callbackURL", "errorCallbackURL", "newUserCallbackURL", "redirectTo"] as const;

/** Percent-decoded as far as it decodes: a malformed escape leaves the value as it was. */
function decodeLoosely(value: string): string {
  try {
    return decodeURIComponent(value);
  } catch {
    return value;
  }
}
