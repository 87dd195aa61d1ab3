import { pathToFileURL } from "node:url";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import type { GuestDocument, LoaderOutcome, SsrHandler } from "./load-context";

/**
 * React Router's handler over the built server bundle, and the query parameters its routes
 * say they read (each route's `handle.queryParams`): what a guest's kept page is keyed by.
 */
export async function createProductionSsr(
  buildFile: string,
  options: { guestDocument?: boolean } = {},
): Promise<{ ssr: SsrHandler; pageQueryParams: string[] }> {
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const createGuestDocument = (build.entry.module as { createGuestDocument?: (build: ServerBuild) => GuestDocument })
    .createGuestDocument;
  const guestDocument = options.guestDocument === false ? undefined : createGuestDocument?.(build);
  const handedOn = new WeakMap<object, Map<string, LoaderOutcome>>();
  const handler = createRequestHandler(withLoadersHandedOn(build, handedOn), "production");
  return {
    ssr: async (request, context) => {
      const guest = await guestDocument?.(request, context);
      if (guest instanceof Response) return guest;
      if (guest) handedOn.set(context, guest.loaded);
      return handler(request, asAppContext(context));
    },
    pageQueryParams: routeQueryParams(build),
  };
}

/**
 * The build with each loader first looking for its outcome in what the guest's document handed
 * on for this request (by its load context), so that a page it leaves to React Router does not
 * call its loaders twice. Each outcome is taken once.
 */
function withLoadersHandedOn(build: ServerBuild, handedOn: WeakMap<object, Map<string, LoaderOutcome>>): ServerBuild {
  const routes = Object.fromEntries(
    Object.entries(build.routes).map(([id, route]) => {
      const loader = route?.module.loader;
      if (!route || !loader) return [id, route];
      const handedOnLoader: typeof loader = (args) => {
        const outcomes = handedOn.get(args.context);
        const outcome = outcomes?.get(id);
        if (!outcome) return loader(args);
        outcomes!.delete(id);
        if ("error" in outcome) throw outcome.error;
        return outcome.value as ReturnType<typeof loader>;
      };
      return [id, { ...route, module: { ...route.module, loader: handedOnLoader } }];
    }),
  );
  return { ...build, routes };
}

/**
 * React Router types the context by the pages' declaration (app/load-context.d.ts: the
 * platform's context and the viewer facts the product hands the page handler at start), which
 * the platform cannot name without importing the pages.
 */
function asAppContext(context: Parameters<SsrHandler>[1]): AppLoadContext {
  return context as AppLoadContext;
}

/** Every query parameter some route's handle names, once each. */
export function routeQueryParams(build: Pick<ServerBuild, "routes">): string[] {
  const named = Object.values(build.routes).flatMap(
    (route) => (route?.module.handle as { queryParams?: readonly string[] } | undefined)?.queryParams ?? [],
  );
  return [...new Set(named)].sort();
}

/** Vite in middleware mode: modules load fresh on every change. */
export async function createDevelopmentSsr() {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const handler = createRequestHandler(
    () => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>,
    "development",
  );
  const ssr: SsrHandler = (request, context) => handler(request, asAppContext(context));
  return { ssr, middlewares: vite.middlewares, close: () => vite.close() };
}
