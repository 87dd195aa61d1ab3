import type { Context, MiddlewareHandler } from "hono";
import { isUnsafeText } from "#domain/schemas/fields";
import type { AppEnv } from "./app-env";
import { isWriteMethod } from "./writes";

/** The encodings an HTML form sends; React Router's own submissions use them too. */
const FORM_TYPES = new Set(["application/x-www-form-urlencoded", "multipart/form-data"]);

/** The origin of a Referer header, or null when there is none or it is no URL. */
function originOf(referer: string | undefined): string | null {
  if (!referer) return null;
  try {
    return new URL(referer).origin;
  } catch {
    return null;
  }
}

/**
 * Whether a write shows it comes from one of our pages: its Origin, or failing that its
 * Referer, is ours, and the browser does not call it cross-site. A write that shows neither
 * header is refused too. One rule for /api (cookie-authenticated calls) and page forms.
 */
export function comesFromOurPages(c: Context<AppEnv>, publicOrigin: string): boolean {
  const claimed = c.req.header("origin") ?? originOf(c.req.header("referer"));
  return c.req.header("sec-fetch-site") !== "cross-site" && claimed !== null && ownOrigins(publicOrigin).has(claimed);
}

const LOOPBACK_HOSTS = ["localhost", "127.0.0.1", "[::1]"];

/**
 * The origins our pages are served from: PUBLIC_URL's, never the request's own Host (a forged
 * Host with a matching Origin would pass). A loopback PUBLIC_URL (the default) also answers to
 * its other loopback names on the same port, so `npm start` works at 127.0.0.1 as at localhost.
 */
function ownOrigins(publicOrigin: string): Set<string> {
  let origins = ORIGINS.get(publicOrigin);
  if (origins) return origins;
  const url = new URL(publicOrigin);
  origins = new Set([url.origin]);
  if (LOOPBACK_HOSTS.includes(url.hostname))
    for (const host of LOOPBACK_HOSTS) origins.add(`${url.protocol}//${host}${url.port ? `:${url.port}` : ""}`);
  ORIGINS.set(publicOrigin, origins);
  return origins;
}
const ORIGINS = new Map<string, Set<string>>();

/** Whether a request's path, percent-decoded, is malformed or holds NUL or broken Unicode. */
export function hasUnsafePath(path: string): boolean {
  try {
    return isUnsafeText(decodeURIComponent(path));
  } catch {
    return true;
  }
}

const page = (title: string, text: string) =>
  `<!doctype html><html lang="en"><meta charset="utf-8"><title>${title}</title><h1>${title}</h1><p>${text}</p><p><a href="/">Go to the home page</a></p></html>`;

/**
 * A page form's write (a route action): refused with 403 unless it comes from our pages, and
 * with 415 unless its body is a form encoding, before React Router reads it.
 */
export function pageWriteGuard(publicOrigin: string): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (!isWriteMethod(c.req.method)) return next();
    if (!comesFromOurPages(c, publicOrigin)) {
      return c.html(page("Request refused", "This form was sent from another site, so it was not accepted."), 403);
    }
    const type = c.req.header("content-type")?.split(";")[0]?.trim().toLowerCase() ?? "";
    if (!FORM_TYPES.has(type)) {
      return c.html(
        page("Unsupported form", "This form's contents were not sent as a form, so they were not read."),
        415,
      );
    }
    return next();
  };
}
