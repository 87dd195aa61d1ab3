import type { Context } from "hono";

/**
 * Sets a header on the response already made. Hono's `c.header` would first copy the response,
 * which turns a body held in memory into a stream; a response whose headers are read-only
 * (a redirect made by Response.redirect) still gets its copy.
 */
export function setResponseHeader(c: Context, name: string, value: string): void {
  try {
    c.res.headers.set(name, value);
  } catch {
    c.header(name, value);
  }
}
