import { pathToFileURL } from "node:url";
import { createRequestHandler, type ServerBuild } from "react-router";
import type { SsrHandler } from "./load-context";

/** React Router's handler over the built server bundle. */
export async function createProductionSsr(buildFile: string): Promise<SsrHandler> {
  const build = (await import(pathToFileURL(buildFile).href)) as ServerBuild;
  const handler = createRequestHandler(build, "production");
  return (request, context) => handler(request, context);
}

/** Vite in middleware mode: modules load fresh on every change. */
export async function createDevelopmentSsr() {
  const { createServer } = await import("vite");
  const vite = await createServer({ server: { middlewareMode: true }, appType: "custom" });
  const handler = createRequestHandler(() => vite.ssrLoadModule("virtual:react-router/server-build") as Promise<ServerBuild>, "development");
  const ssr: SsrHandler = (request, context) => handler(request, context);
  return { ssr, middlewares: vite.middlewares, close: () => vite.close() };
}
