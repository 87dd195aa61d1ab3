import { pathToFileURL } from "node:url";
import { type AppLoadContext, createRequestHandler, type ServerBuild } from "react-router";
import type { SsrHandler } from "./load-context";

/**
 * React Router's handler over the built server bundle, and the query parameters its routes
 * say they read (each route's `handle.queryParams`): what a guest's kept page is keyed by.
 */
export async function createProductionSsr(buildFile: string): Promise<{ ssr: SsrHandler; pageQueryParams: string[] }> {
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  return {
    ssr: (request, context) => handler(request, asAppContext(context)),
    pageQueryParams: routeQueryParams(build),
  };
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
