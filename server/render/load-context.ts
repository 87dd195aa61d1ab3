import type GUEST_SCRIPTS from "./guest-scripts.json";
import type { ReadCache } from "../cache/cached-read";
import type { ViewerCache } from "../cache/viewer-cache";
import type { Database } from "../db/client";
import type { JobQueue } from "../jobs/job-queue";
import type { CardGateway } from "../payments/card-gateway";
import type { SessionUser } from "#domain/session-user";

/** What the server hands to every React Router loader and action. */
export interface PublicConfig {
  appName: string;
  publicUrl: string;
  chatWidgetSrc: string | null;
  /** Addresses of the framework-free page scripts (app/enhance), by name. */
  enhanceScripts: EnhanceScripts;
  /** MAP_STYLE_URL: the map view draws MapLibre over this style; null for the states drawn on the server. */
  mapStyleUrl: string | null;
}

/** The guest scripts (app/enhance/scripts.json, their one registry) by name: the address each is served from. */
export type EnhanceScripts = Record<keyof typeof GUEST_SCRIPTS | "mapLibreWorker", string>;

// A type alias, not an interface, so it fits React Router's index-signature context type.
export type LoadContext = {
  viewer: SessionUser | null;
  db: Database;
  /** Where a page's command schedules its jobs, as its API route does (server/render/page-command.ts). */
  jobs: JobQueue;
  /** Stripe, when card payments are set up (server/payments/card-gateway.ts). */
  cards: CardGateway | undefined;
  /** What reads may be answered from between requests (server/cache/cached-read.ts). */
  readCache: ReadCache;
  config: PublicConfig;
  /** Whether whole pages are kept by the data they were rendered from (decision 0022). */
  keepPages: boolean;
  /**
   * False for a page made ahead of its first asking (the `pages_ahead` round, decision 0067):
   * neither it nor its parts are kept in this server's memory, where they would push out what
   * people ask for. Its reads are not kept either (its `readCache` is undefined).
   */
  keepParts?: boolean;
  /**
   * Tells the middleware around the page something about it, kept with its cached copy and told
   * again on each hit (server/http/app-env.ts: pageMemo).
   */
  remember(key: string, value: unknown): void;
  /** Calls our own /api in process, as the signed-in user of this request. */
  apiFetch(path: string, init?: RequestInit): Promise<Response>;
  requestId: string;
};

/**
 * What the pages add to every load context: facts of the viewer the header and pages show
 * (app/lib/viewer-facts.server.ts), handed to the page handler at start. The platform only
 * builds them per request, with the viewer cache to keep them in.
 */
export type ViewerFactsOf<Facts extends object> = (deps: {
  viewer: SessionUser | null;
  db: Database;
  viewerCache: ViewerCache | undefined;
}) => Facts;

/** Renders a page: React Router's request handler, given the request and its load context. */
export type SsrHandler<Facts extends object = object> = (
  request: Request,
  context: LoadContext & Facts,
) => Promise<Response>;

/** How a route's loader answered: its value, or what it threw. */
export type LoaderOutcome = { value: unknown } | { error: unknown };

/**
 * A guest's page drawn without React Router (app/guest-document.server.tsx): its answer; or,
 * when the page is React Router's to draw after all, the outcomes of the loaders it called, by
 * route, which React Router is then given instead of calling them again; or null when it called
 * none.
 */
export type GuestDocument<Context = LoadContext> = (
  request: Request,
  context: Context,
) => Promise<Response | { loaded: Map<string, LoaderOutcome> } | null>;
