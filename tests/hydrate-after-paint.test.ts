import { describe, expect, it } from "vitest";
import { hydrateAfterPaint } from "#app/lib/hydrate-after-paint.server";

/** A signed-in page as React Router 7 writes it: preloads hoisted to the head, one bootstrap module. */
const page = [
  '<!DOCTYPE html><html lang="en"><head><meta charSet="utf-8"/>',
  '<link rel="modulepreload" href="/assets/entry.client-A.js"/><link rel="modulepreload" href="/assets/root-B.js"/>',
  '<link rel="stylesheet" href="/assets/root-C.css"/></head><body><main>Booking</main>',
  "<script>window.__reactRouterContext = {};</script>",
  '<script type="module" async="">;\nimport * as route0 from "/assets/root-B.js";\nimport * as route1 from "/assets/bookings-D.js";\n',
  '  window.__reactRouterRouteModules = {"root":route0,"routes/bookings":route1};\nimport("/assets/entry.client-A.js");</script>',
  "</body></html>",
].join("");

describe("a signed-in page hydrates after its first paint", () => {
  it("asks for no module before the page is drawn, then for the same ones together", () => {
    const html = hydrateAfterPaint(page);
    expect(html).not.toContain('<link rel="modulepreload"');
    expect(html).toContain('<link rel="stylesheet" href="/assets/root-C.css"/>');
    const bootstrap = /<script type="module" async="">([\s\S]*?)<\/script>/.exec(html)![1]!;
    expect(bootstrap).not.toMatch(/^\s*import \*/m);
    expect(bootstrap.indexOf("requestAnimationFrame")).toBeLessThan(bootstrap.indexOf("import("));
    expect(bootstrap).toContain(JSON.stringify(["/assets/entry.client-A.js", "/assets/root-B.js"]));
    expect(bootstrap).toContain(
      'const [route0, route1] = await Promise.all([import("/assets/root-B.js"), import("/assets/bookings-D.js")]);',
    );
    expect(bootstrap).toContain('window.__reactRouterRouteModules = {"root":route0,"routes/bookings":route1};');
    // The rest of the page is untouched.
    expect(html).toContain("<main>Booking</main><script>window.__reactRouterContext = {};</script>");
  });

  it("leaves a page without a bootstrap, or with one it does not know, as it is", () => {
    const guest = '<html><head></head><body><script type="module" src="/assets/profile.js"></script></body></html>';
    expect(hydrateAfterPaint(guest)).toBe(guest);
    const other = page.replace("import * as route1", 'import "/assets/side.js";\nimport * as route1');
    expect(hydrateAfterPaint(other)).toBe(other);
  });
});
