import type { ReactNode } from "react";

/**
 * A route's page as a guest gets it in the public layout, from its loader's data and its
 * address's query (`?…`, or ""): what the route's component renders for a guest, with no hook of
 * React Router's, so that a guest's document can be drawn without the router
 * (app/guest-document.server.tsx, decision 0066). A route that exports one as `guestPage` has
 * its guests' pages drawn that way; its component must render the same for a guest.
 */
export type GuestPage<Data> = (data: Data, search: string) => ReactNode;
