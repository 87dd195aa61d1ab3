import type { LoadContext } from "#server/render/load-context";
import type { ViewerFacts } from "./lib/viewer-facts.server";

// Loaders receive what start/app.ts builds; this tells React Router its type.
declare module "react-router" {
  interface AppLoadContext extends LoadContext, ViewerFacts {}
}
