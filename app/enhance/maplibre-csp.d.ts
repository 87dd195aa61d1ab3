// MapLibre's build for a strict CSP (its worker from our origin, not a blob:) has the package's types.
declare module "maplibre-gl/dist/maplibre-gl-csp.js" {
  export * from "maplibre-gl";
}
