import type GUEST_SCRIPTS from "./guest-scripts.json";
import type { ReadCache } from "../cache/cached-read";
import type { Database } from "../db/client";
import type { JobQueue } from "../jobs/job-queue";
import type { CardGateway } from "#modules/bookings/server/card-gateway";
import type { UnreviewedBooking } from "#modules/content/server/planner-reviews";
import type { SessionUser } from "#domain/session-user";

/** What the server hands to every React Router loader and action. */
export interface PublicConfig {
  appName: string;
  publicUrl: string;
  chatWidgetSrc: string | null;
  /** Addresses of the framework-free page scripts (app/enhance), by name. */
  enhanceScripts: EnhanceScripts;
}

/** The guest scripts (app/enhance/scripts.json, their one registry) by name: the address each is served from. */
export type EnhanceScripts = Record<keyof typeof GUEST_SCRIPTS, string>;

// A type alias, not an interface, so it fits React Router's index-signature context type.
export type LoadContext = {
  viewer: SessionUser | null;
  db: Database;
  /** Where a page's command schedules its jobs, as its API route does (server/render/page-command.ts). */
  jobs: JobQueue;
  /** Stripe, when card payments are set up (modules/bookings/server/card-gateway.ts). */
  cards: CardGateway | undefined;
  /** How many of the viewer's notifications are unread (null for a guest), kept per viewer between changes. */
  unreadCount(): Promise<number | null>;
  /** Messages from others the viewer has not read, over their conversations. */
  unreadMessages(): Promise<number | null>;
  /** A planner's bookings not yet reviewed, kept per viewer between changes. */
  unreviewedBookings(): Promise<readonly UnreviewedBooking[]>;
  /** A planner's saved acts (urls); empty for anyone else. */
  shortlisted(): Promise<readonly string[]>;
  /** What reads may be answered from between requests (server/cache/cached-read.ts). */
  readCache: ReadCache;
  config: PublicConfig;
  /** Whether whole pages are kept by the data they were rendered from (decision 0022). */
  keepPages: boolean;
  /** Calls our own /api in process, as the signed-in user of this request. */
  apiFetch(path: string, init?: RequestInit): Promise<Response>;
  requestId: string;
};

/** Renders a page: React Router's request handler, given the request and its load context. */
export type SsrHandler = (request: Request, context: LoadContext) => Promise<Response>;
