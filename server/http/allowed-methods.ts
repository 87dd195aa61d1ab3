/** A route as Hono lists it: its method and its path pattern ("/acts/:actUrl"). */
interface RouteEntry {
  method: string;
  path: string;
}

/** Methods the API answers on some path; any other (TRACE, CONNECT, …) is 405 everywhere. */
export const API_METHODS = new Set(["GET", "HEAD", "POST", "PUT", "PATCH", "DELETE", "OPTIONS"]);

function patternOf(path: string): RegExp {
  const source = path
    .split("/")
    .map((segment) => {
      if (segment === "*") return ".*";
      const param = /^:[A-Za-z0-9_]+(?:\{(.+)\})?$/.exec(segment);
      if (param) return param[1] ? `(?:${param[1]})` : "[^/]+";
      return segment.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");
    })
    .join("/");
  return new RegExp(`^${source}/?$`);
}

/**
 * The methods some route answers at `path` (relative to where the routes are mounted), with
 * HEAD wherever GET is: what a 405's Allow header lists. Empty for a path no route has.
 */
export function allowedMethods(routes: readonly RouteEntry[], path: string): string[] {
  const methods = new Set<string>();
  for (const route of routes) {
    if (route.method === "ALL" || route.path === "*" || route.path === "/*") continue;
    if (patternOf(route.path).test(path)) methods.add(route.method);
  }
  if (methods.has("GET")) methods.add("HEAD");
  return [...methods].sort();
}
