import type { LoadContext } from "#server/render/load-context";

// Loaders receive what server/app.ts builds; this tells React Router its type.
declare module "react-router" {
  interface AppLoadContext extends LoadContext {}
}
