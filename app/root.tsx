import {
  Link,
  Links,
  Meta,
  Outlet,
  Scripts,
  ScrollRestoration,
  isRouteErrorResponse,
  useMatches,
  useRouteLoaderData,
} from "react-router";
import { useEffect } from "react";
import type { Route } from "./+types/root";
import { Toaster } from "sonner";
import { SiteFooter } from "./components/site-footer";
import { type HeaderData, SiteHeader } from "./components/site-header";
import { CachedMarkup } from "#ui/cached-markup";
import { loadRoot } from "./root.server";
import { isPublicLayout } from "./lib/public-layout";
import "./app.css";

export function loader({ context, url }: Route.LoaderArgs) {
  return loadRoot(context, url);
}

/** What a route says of itself to the layout and the server. */
export interface RouteHandle {
  /** The public layout when a guest views it. */
  publicForGuests?: boolean;
  /**
   * The query parameters its loader reads: a guest's kept copy of a page is keyed by its path
   * and these (server/cache/guest-cache.ts), so a parameter not named here is neither a new
   * render nor part of a kept page.
   */
  queryParams?: readonly string[];
}

/**
 * The public layout: the page as plain HTML with no React runtime in the browser; its
 * interactive parts work from markup and a small script.
 */
export function usePublicLayout(): boolean {
  const root = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  return isPublicLayout(matches[matches.length - 1]?.handle, root);
}

export function meta({ error, data }: Route.MetaArgs) {
  if (error) {
    const status = isRouteErrorResponse(error) ? error.status : 500;
    const title = status === 404 ? "Page not found" : status === 403 ? "Not available" : "Something went wrong";
    return [{ title }, { name: "robots", content: "noindex" }];
  }
  return [{ title: data?.appName ?? "EVA" }];
}

export function links() {
  return [
    {
      rel: "icon",
      href: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='8' fill='%236d28d9'/%3E%3C/svg%3E",
    },
  ];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const publicLayout = usePublicLayout();
  const hydrate = !publicLayout;
  // A page is drawn before its scripts load (decision 0046): this says when it answers clicks,
  // for browser tests and for anyone watching a page's readiness.
  useEffect(() => {
    document.documentElement.setAttribute("data-hydrated", "");
  }, []);
  return (
    <PageDocument
      publicLayout={publicLayout}
      head={
        <>
          <Meta />
          <Links />
        </>
      }
    >
      {children}
      {hydrate && <Toaster richColors closeButton position="top-center" />}
      {hydrate && <ScrollRestoration />}
      {hydrate && <Scripts />}
    </PageDocument>
  );
}

/**
 * The document every page is drawn in: React Router's layout above, and a guest's document made
 * without React Router (app/guest-document.server.tsx), which must be the same bytes.
 */
export function PageDocument({
  publicLayout,
  head,
  children,
}: {
  publicLayout: boolean;
  head: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        {head}
      </head>
      <body
        // One background for every page, a guest's or a signed-in one's (docs/design-system.md).
        className="min-h-screen bg-gradient-to-br from-brand-100 via-pink-50 to-amber-50 font-sans text-gray-900"
        data-layout={publicLayout ? "public" : "authenticated"}
      >
        {children}
      </body>
    </html>
  );
}

/** A page's frame: the skip link, the header, the page in its main landmark, the footer. */
export function PageFrame({
  header,
  footer,
  children,
}: {
  header: React.ReactNode;
  footer: React.ReactNode;
  children: React.ReactNode;
}) {
  return (
    <>
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2"
      >
        Skip to content
      </a>
      {header}
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        {children}
      </main>
      {footer}
    </>
  );
}

/**
 * A guest's header and footer are the same on every public page: kept as rendered markup
 * (decision 0021) like the page's body, so a guest's render makes only what differs per page.
 * A signed-in page renders them with React, whose links and menu it hydrates.
 */
function RootHeader() {
  const data = useRouteLoaderData<typeof loader>("root") ?? null;
  if (!usePublicLayout()) return <SiteHeader data={data} />;
  return <GuestHeader appName={data?.appName ?? "EVA"} />;
}

export function GuestHeader({ appName }: { appName: string }) {
  return (
    <CachedMarkup
      name="site-header"
      input={{ appName }}
      interactive={false}
      render={(input) => <SiteHeader data={guestHeader(input.appName)} />}
    />
  );
}

function guestHeader(appName: string): HeaderData {
  return { appName, viewer: null, unread: null, unreadMessages: null, adminWaiting: null, openCases: null };
}

function RootFooter() {
  const appName = useRouteLoaderData<typeof loader>("root")?.appName ?? "EVA";
  if (!usePublicLayout()) return <SiteFooter appName={appName} />;
  return <GuestFooter appName={appName} />;
}

export function GuestFooter({ appName }: { appName: string }) {
  return (
    <CachedMarkup
      name="site-footer"
      input={{ appName }}
      interactive={false}
      render={(input) => <SiteFooter appName={input.appName} />}
    />
  );
}

export default function App() {
  return (
    <PageFrame header={<RootHeader />} footer={<RootFooter />}>
      <Outlet />
    </PageFrame>
  );
}

/** Error pages keep the header, so that a wrong address is not a dead end; a 404 offers a search too. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  const forbidden = isRouteErrorResponse(error) && error.status === 403;
  return (
    <>
      <RootHeader />
      <main id="main" className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">
          {forbidden ? "Not available" : notFound ? "Page not found" : "Something went wrong"}
        </h1>
        <p className="mt-2 text-gray-700">
          {forbidden
            ? typeof error.data === "string"
              ? error.data
              : "You may not see this page."
            : notFound
              ? "There is nothing at this address."
              : "Please try again in a moment."}
        </p>
        {notFound && (
          // biome-ignore lint/a11y/useSemanticElements: a form that submits without a script, marked as the page's search.
          <form
            method="get"
            action="/search"
            role="search"
            aria-label="Find entertainers"
            className="mx-auto mt-6 flex max-w-md gap-2"
          >
            <label htmlFor="not-found-search" className="sr-only">
              What are you looking for?
            </label>
            <input
              id="not-found-search"
              type="search"
              name="searchTerms"
              placeholder="Jazz band, DJ, magician…"
              className="min-w-0 flex-1 rounded-md border border-gray-300 px-3 py-2"
            />
            <button
              type="submit"
              className="rounded-md bg-brand-700 px-4 py-2 font-semibold text-white hover:bg-brand-800"
            >
              Search
            </button>
          </form>
        )}
        <p className="mt-6">
          <Link to="/" className="text-brand-800 underline">
            Go to the home page
          </Link>
        </p>
      </main>
      <RootFooter />
    </>
  );
}
