/**
 * Whether a page is shown in the public layout: plain HTML with no React runtime in the browser,
 * for a guest (the root's data has no viewer) on a route whose handle asks for it
 * (`RouteHandle.publicForGuests`, app/root.tsx). One rule for the layout's render and for the
 * server's choice of renderer (app/entry.server.tsx).
 */
export function isPublicLayout(leafHandle: unknown, rootData: unknown): boolean {
  const handle = leafHandle as { publicForGuests?: boolean } | undefined;
  const root = rootData as { viewer?: unknown } | undefined | null;
  return Boolean(handle?.publicForGuests && root && root.viewer === null);
}
