import { createElement, Suspense, type ReactNode } from "react";
import { renderToString } from "react-dom/server";
import { type AppLoadContext, type RouteObject, type ServerBuild, matchRoutes } from "react-router";
import type { CachedPiece } from "#server/cache/markup-cache";
import { htmlResponse } from "#server/http/page-response";
import type { GuestDocument, LoaderOutcome } from "#server/render/load-context";
import { CachedMarkupContext } from "#ui/cached-markup";
import type { GuestPage } from "./lib/guest-page";
import { cachedMarkupFor, joinedPage } from "./lib/kept-parts.server";
import { isPublicLayout } from "./lib/public-layout";
import { GuestFooter, GuestHeader, PageDocument, PageFrame } from "./root";

/** What of a route module a guest's document reads. */
interface GuestRouteModule {
  loader?: (args: object) => unknown;
  meta?: (args: object) => unknown;
  links?: () => LinkDescriptor[];
  handle?: unknown;
  guestPage?: GuestPage<unknown>;
}

type LinkDescriptor = Record<string, unknown>;
type Match = NonNullable<ReturnType<typeof matchRoutes>>[number];

/**
 * A guest's page in the public layout, drawn without React Router (decision 0066). Such a page
 * hydrates nothing and sends none of the router's data, yet React Router's request made it pay
 * for the router all the same: its routes built anew for every request, its loaders' data
 * serialised for a browser that never reads it, and its layout's components. Here the route is
 * matched once, its loaders are called as React Router calls them, and the document is React's
 * render of the layout's own parts (`PageDocument`, `PageFrame`, app/root.tsx) around what the
 * route draws for a guest (its `guestPage`), with the head React Router's `<Meta>` and `<Links>`
 * would write. The bytes are the same as React Router's (tests/e2e/guest-document.test.ts).
 *
 * Anything else is React Router's: a signed-in viewer, a route with no `guestPage`, a loader
 * that throws or answers with a Response, and a page whose kept parts are not made yet (their
 * links and forms need the router). Then the loaders' outcomes are handed on, so React Router
 * does not call them again.
 */
export function createGuestDocument(build: ServerBuild): GuestDocument<AppLoadContext> {
  const matchGuestRoute = guestRouteMatcher(build);
  const linksOf = new Map<string, LinkDescriptor[] | null>();
  const moduleOf = (match: Match) => build.routes[match.route.id!]!.module as GuestRouteModule;
  return async (request, context) => {
    if (request.method !== "GET" || context.viewer) return null;
    const url = new URL(request.url);
    // React Router's own requests: its data requests, and a form's `?index`.
    if (url.pathname.endsWith(".data") || url.searchParams.has("index") || url.searchParams.has("_routes")) return null;
    const location = routerLocation(url);
    const matches = matchGuestRoute(location.pathname);
    const leaf = matches?.[matches.length - 1];
    if (!matches || !leaf) return null;
    const guestPage = moduleOf(leaf).guestPage;
    if (!guestPage) return null;
    const links = linksFor(leaf.route.id!, () => routeLinks(build, matches, moduleOf));
    if (!links) return null;

    const outcomes = await loaded(matches, moduleOf, { request, location, context });
    const data = new Map<string, unknown>();
    for (const [id, outcome] of outcomes) {
      if (!("value" in outcome) || outcome.value instanceof Response || isDataWithInit(outcome.value))
        return { loaded: outcomes };
      data.set(id, outcome.value);
    }
    if (!isPublicLayout(moduleOf(leaf).handle, data.get("root"))) return { loaded: outcomes };

    const pieces: CachedPiece[] = [];
    const html = rendered(
      <CachedMarkupContext.Provider value={cachedMarkupFor(pieces, { onMissing: partMissing })}>
        <PageDocument
          publicLayout
          head={
            <>
              {metaElements(matches, moduleOf, data, location)}
              {links.map((link) => createElement("link", { key: JSON.stringify(link), ...link }))}
            </>
          }
        >
          <PageFrame
            header={<GuestHeader appName={appNameOf(data.get("root"))} />}
            footer={<GuestFooter appName={appNameOf(data.get("root"))} />}
          >
            {guestPage(data.get(leaf.route.id!), location.search)}
          </PageFrame>
        </PageDocument>
        {/* Where React Router's render transfers its data to a browser: an empty boundary in a guest's page. */}
        <Suspense>{null}</Suspense>
      </CachedMarkupContext.Provider>,
    );
    if (html === null) return { loaded: outcomes };
    // Says it was drawn here, for operators and tests; the bytes are React Router's.
    const headers = new Headers({ "Content-Type": "text/html; charset=utf-8", "x-guest-document": "drawn" });
    const page = joinedPage(Buffer.from(`<!DOCTYPE html>${html}`), pieces);
    return htmlResponse(page.bytes, { status: 200, headers }, { kept: page.placed, scriptHashes: page.scriptHashes });
  };

  function linksFor(routeId: string, make: () => LinkDescriptor[] | null) {
    if (!linksOf.has(routeId)) linksOf.set(routeId, make());
    return linksOf.get(routeId)!;
  }
}

/** Stops the render at the first kept part not made yet: the page is the router's to draw. */
const PART_MISSING = new Error("a kept part of the page is not made yet");
function partMissing(): never {
  throw PART_MISSING;
}

/**
 * The document, or null when a kept part is not made yet or its render failed: React Router
 * draws the page then, and its error page if it fails there too. A failure is reported, as it is
 * a difference between the two.
 */
function rendered(element: ReactNode): string | null {
  try {
    return renderToString(element);
  } catch (error) {
    if (error !== PART_MISSING) console.error(error);
    return null;
  }
}

/**
 * The matches of a path whose route has a `guestPage`, as React Router makes them; null for any
 * other path. React Router ranks every route for every path it matches, which cost a third of a
 * guest's request here. A route with a guest page is tried alone instead (with the root), after
 * a look at the path's first segment. Alone it matches what it matches among all the routes
 * when no other route could match the same path: one with as many segments, each the same or a
 * parameter on either side, or one with optional segments or a splat inside. A route that has
 * such rivals is matched among all the routes, as React Router does.
 */
function guestRouteMatcher(build: ServerBuild): (pathname: string) => Match[] | null {
  const all = routeTree(build);
  const routes = Object.values(build.routes).filter((route) => route !== undefined);
  const root = routes.find((route) => route.parentId === undefined);
  const nested = routes.some((route) => route.parentId !== undefined && route.parentId !== root?.id);
  const candidates = routes
    .filter((route) => route.parentId === root?.id && (route.module as GuestRouteModule).guestPage)
    .map((route) => {
      const segments = (route.path ?? "").split("/");
      const rivals =
        nested ||
        routes.some(
          (other) =>
            other !== route &&
            other.path !== undefined &&
            other.path !== "*" &&
            other.parentId !== undefined &&
            (/[?*]/.test(other.path) || sameShape(segments, other.path.split("/"))),
        );
      const alone: RouteObject[] = [
        {
          id: root!.id,
          path: root!.path,
          caseSensitive: root!.caseSensitive,
          children: routeTree(build, root!.id).filter((child) => child.id === route.id),
        },
      ];
      const first = segments[0]!;
      return { tree: rivals ? all : alone, first: first.startsWith(":") ? null : first.toLowerCase() };
    });
  return (pathname) => {
    const first = pathname.split("/", 2)[1]!.toLowerCase();
    for (const candidate of candidates) {
      if (candidate.first !== null && candidate.first !== first) continue;
      const matches = matchRoutes(candidate.tree, pathname, build.basename);
      if (matches) return matches;
    }
    return null;
  };
}

/** Whether one path of segments could match what another matches: each the same, or a parameter. */
function sameShape(segments: string[], others: string[]): boolean {
  return (
    segments.length === others.length &&
    segments.every(
      (segment, at) =>
        segment.startsWith(":") || others[at]!.startsWith(":") || segment.toLowerCase() === others[at]!.toLowerCase(),
    )
  );
}

/** The routes as React Router matches them: the build's, nested by parent. */
function routeTree(build: ServerBuild, parentId?: string): RouteObject[] {
  return Object.values(build.routes)
    .filter((route) => route && route.parentId === parentId)
    .map((route) => {
      const { id, path, index, caseSensitive } = route!;
      const children = routeTree(build, id);
      return index
        ? { id, path, index: true, caseSensitive }
        : { id, path, caseSensitive, ...(children.length ? { children } : {}) };
    });
}

interface RouterLocation {
  pathname: string;
  search: string;
  hash: "";
  state: null;
  key: "default";
}

/**
 * The page's location as React Router makes it from the request, which its components (their
 * `useLocation()`), `meta()` and loaders (their `url`) see: the path without a trailing slash,
 * the query written anew (`?a=b+c` for `?a=b%20c`), no fragment.
 */
function routerLocation(url: URL): RouterLocation {
  const pathname = url.pathname !== "/" && url.pathname.endsWith("/") ? url.pathname.slice(0, -1) : url.pathname;
  const query = new URLSearchParams(url.search).toString();
  return { pathname, search: query ? `?${query}` : "", hash: "", state: null, key: "default" };
}

/** Each matched route's loader, called as React Router calls it: all at once, each outcome kept. */
async function loaded(
  matches: Match[],
  moduleOf: (match: Match) => GuestRouteModule,
  { request, location, context }: { request: Request; location: RouterLocation; context: AppLoadContext },
): Promise<Map<string, LoaderOutcome>> {
  const dataUrl = new URL(request.url);
  dataUrl.pathname = location.pathname;
  dataUrl.search = location.search;
  dataUrl.hash = "";
  const pattern =
    matches
      .map((match) => match.route.path)
      .filter(Boolean)
      .join("/")
      .replace(/\/\/+/g, "/") || "/";
  const settled = await Promise.allSettled(
    matches.map(async (match) => {
      const loader = moduleOf(match).loader;
      return loader ? loader({ request, url: dataUrl, pattern, params: match.params, context }) : null;
    }),
  );
  return new Map(
    settled.map((outcome, at) => [
      matches[at]!.route.id!,
      outcome.status === "fulfilled" ? { value: outcome.value } : { error: outcome.reason },
    ]),
  );
}

/** React Router's `data()`: an answer with its own status or headers, which the router applies. */
function isDataWithInit(value: unknown): boolean {
  return typeof value === "object" && value !== null && (value as { type?: unknown }).type === "DataWithResponseInit";
}

function appNameOf(rootData: unknown): string {
  return (rootData as { appName?: string } | undefined)?.appName ?? "EVA";
}

/**
 * The head's links as React Router's `<Links>` writes them: each matched route's stylesheets
 * from the build, then its `links()`, each once. Null when one is a page to prefetch, which
 * needs the router.
 */
function routeLinks(
  build: ServerBuild,
  matches: Match[],
  moduleOf: (match: Match) => GuestRouteModule,
): LinkDescriptor[] | null {
  const descriptors = matches.flatMap((match) => [
    ...(build.assets.routes[match.route.id!]?.css ?? []).map((href) => ({ rel: "stylesheet", href })),
    ...(moduleOf(match).links?.() ?? []),
  ]);
  if (descriptors.some((link) => "page" in link)) return null;
  const seen = new Set<string>();
  return descriptors.filter((link) => {
    const key = JSON.stringify(Object.fromEntries(Object.entries(link).sort(([a], [b]) => a.localeCompare(b))));
    if (seen.has(key)) return false;
    seen.add(key);
    return true;
  });
}

/**
 * The head's tags as React Router's `<Meta>` writes them: the deepest route's `meta()`, each
 * route's called in turn with the ones above it (app/root.tsx, then the page's).
 */
function metaElements(
  matches: Match[],
  moduleOf: (match: Match) => GuestRouteModule,
  data: Map<string, unknown>,
  location: object,
): ReactNode[] {
  const metaMatches: object[] = [];
  let meta: unknown[] = [];
  for (const match of matches) {
    const id = match.route.id!;
    const module = moduleOf(match);
    const routeData = data.get(id);
    const metaMatch = {
      id,
      data: routeData,
      loaderData: routeData,
      meta: [] as unknown[],
      params: match.params,
      pathname: match.pathname,
      handle: module.handle,
      error: undefined,
    };
    metaMatches.push(metaMatch);
    if (module.meta) {
      const args = { data: routeData, loaderData: routeData, params: match.params, location, matches: metaMatches };
      meta = [...((module.meta({ ...args, error: null }) as unknown[] | undefined) ?? [])];
    }
    metaMatch.meta = meta;
  }
  return meta.flat().map(metaElement);
}

/** One meta descriptor as an element, as React Router's `<Meta>` makes it. */
function metaElement(descriptor: unknown, at: number): ReactNode {
  if (!descriptor || typeof descriptor !== "object") return null;
  const props = { ...(descriptor as Record<string, unknown>) };
  if ("tagName" in props) {
    const { tagName, ...rest } = props;
    return tagName === "link" || tagName === "meta" ? createElement(tagName, { key: at, ...rest }) : null;
  }
  if ("title" in props) return <title key={at}>{String(props.title)}</title>;
  if ("charset" in props) {
    props.charSet ??= props.charset;
    delete props.charset;
  }
  if ("charSet" in props && props.charSet != null)
    return typeof props.charSet === "string" ? <meta key={at} charSet={props.charSet} /> : null;
  if ("script:ld+json" in props) {
    const json = scriptJson(props["script:ld+json"]);
    if (json === null) return null;
    return (
      // biome-ignore lint/security/noDangerouslySetInnerHtml: JSON escaped so that nothing in it can close the script, as React Router's <Meta> writes it.
      <script key={at} type="application/ld+json" dangerouslySetInnerHTML={{ __html: json }} />
    );
  }
  return createElement("meta", { key: at, ...props });
}

/** Structured data's escaped JSON, written once per object while it lives (a profile's is made once per act: app/lib/act-json-ld.ts). */
const scriptJsonOf = new WeakMap<object, string>();

function scriptJson(data: unknown): string | null {
  const known = typeof data === "object" && data !== null ? scriptJsonOf.get(data) : undefined;
  if (known !== undefined) return known;
  let json: string;
  try {
    json = escapeScript(JSON.stringify(data));
  } catch {
    return null;
  }
  if (typeof data === "object" && data !== null) scriptJsonOf.set(data, json);
  return json;
}

/** React Router's escape of JSON inside a script: nothing in it can close the script. */
function escapeScript(json: string): string {
  return json.replace(
    /[&><\u2028\u2029]/g,
    (character) =>
      ({ "&": "\\u0026", ">": "\\u003e", "<": "\\u003c", "\u2028": "\\u2028", "\u2029": "\\u2029" })[character]!,
  );
}
