import { Form, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, isRouteErrorResponse, useMatches, useRouteLoaderData } from "react-router";
import type { Route } from "./+types/root";
import { Toaster } from "sonner";
import { Badge } from "./components/ui/badge";
import { loadRoot } from "./root.server";
import "./app.css";

export function loader({ context }: Route.LoaderArgs) {
  return loadRoot(context);
}

/** A route's handle may ask for the public layout when a guest views it. */
export interface RouteHandle {
  publicForGuests?: boolean;
}

/**
 * The public layout: a gradient background, and the page as plain HTML with no React
 * runtime in the browser; its interactive parts work from markup and a small script.
 */
export function usePublicLayout(): boolean {
  const root = useRouteLoaderData<typeof loader>("root");
  const matches = useMatches();
  const leaf = matches[matches.length - 1]?.handle as RouteHandle | undefined;
  return Boolean(leaf?.publicForGuests && root && root.viewer === null);
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
  return [{ rel: "icon", href: "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg' viewBox='0 0 16 16'%3E%3Ccircle cx='8' cy='8' r='8' fill='%236d28d9'/%3E%3C/svg%3E" }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const publicLayout = usePublicLayout();
  const hydrate = !publicLayout;
  return (
    <html lang="en">
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <Meta />
        <Links />
      </head>
      <body
        className={`min-h-screen font-sans text-gray-900 ${publicLayout ? "bg-gradient-to-br from-violet-100 via-pink-50 to-amber-50" : "bg-gray-50"}`}
        data-layout={publicLayout ? "public" : "authenticated"}
      >
        {children}
        {hydrate && <Toaster richColors closeButton position="top-center" />}
        {hydrate && <ScrollRestoration />}
        {hydrate && <Scripts />}
      </body>
    </html>
  );
}

function SiteHeader() {
  const data = useRouteLoaderData<typeof loader>("root");
  const viewer = data?.viewer ?? null;
  return (
    <header className="border-b border-gray-200 bg-white">
      <nav aria-label="Main" className="mx-auto flex max-w-6xl flex-wrap items-center justify-between gap-3 px-4 py-3">
        <div className="flex items-center gap-4">
          <Link to="/" className="text-lg font-bold text-violet-800">
            {data?.appName ?? "EVA"}
          </Link>
          <Link to="/search" className="text-sm hover:underline">
            Find entertainers
          </Link>
          <Link to="/guides" className="text-sm hover:underline">
            Guides
          </Link>
        </div>
        {viewer ? (
          <div className="flex flex-wrap items-center gap-3 text-sm">
            {viewer.role === "PLANNER" && (
              <Link to="/events" className="hover:underline">
                My Events
              </Link>
            )}
            {viewer.role === "ADMIN" && (
              <Link to="/admin/acts" className="hover:underline">
                Moderation <Badge color={data?.adminWaiting ? "yellow" : "gray"}>{data?.adminWaiting ?? 0} waiting</Badge>
              </Link>
            )}
            {viewer.role === "ADMIN" && (
              <Link to="/admin/seo" className="hover:underline">
                Search-engine copy
              </Link>
            )}
            {(viewer.role === "ARTIST" || viewer.role === "ADMIN") && (
              <Link to="/my-acts" className="hover:underline">
                My Acts
              </Link>
            )}
            {viewer.role === "ARTIST" && (
              <Link to="/invites" className="hover:underline">
                Invites
              </Link>
            )}
            <Link to="/notifications" className="hover:underline">
              Notifications{" "}
              <Badge color={data?.unread ? "violet" : "gray"} data-testid="unread-count">
                {data?.unread ?? 0} unread
              </Badge>
            </Link>
            <Link to="/account" className="hover:underline" data-testid="signed-in-as">
              Signed in as <strong>{viewer.name}</strong> ({viewer.role})
            </Link>
            <Form method="post" action="/logout">
              <button type="submit" className="rounded-md border border-gray-300 px-3 py-1.5 hover:bg-gray-50">
                Sign out
              </button>
            </Form>
          </div>
        ) : (
          <div className="flex items-center gap-3 text-sm">
            <Link to="/login" className="hover:underline">
              Log in
            </Link>
            <Link to="/signup" className="rounded-md bg-violet-700 px-3 py-1.5 font-semibold text-white hover:bg-violet-800">
              Sign up
            </Link>
          </div>
        )}
      </nav>
    </header>
  );
}

export default function App() {
  return (
    <>
      <a href="#main" className="sr-only focus:not-sr-only focus:absolute focus:left-2 focus:top-2 focus:bg-white focus:p-2">
        Skip to content
      </a>
      <SiteHeader />
      <main id="main" className="mx-auto max-w-6xl px-4 py-8">
        <Outlet />
      </main>
    </>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (isRouteErrorResponse(error) && error.status === 403) {
    return (
      <main id="main" className="mx-auto max-w-2xl px-4 py-16 text-center">
        <h1 className="text-2xl font-bold">Not available</h1>
        <p className="mt-2 text-gray-700">{typeof error.data === "string" ? error.data : "You may not see this page."}</p>
        <p className="mt-6">
          <Link to="/" className="text-violet-800 underline">
            Go to the home page
          </Link>
        </p>
      </main>
    );
  }
  return (
    <main id="main" className="mx-auto max-w-2xl px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{notFound ? "Page not found" : "Something went wrong"}</h1>
      <p className="mt-2 text-gray-700">
        {notFound ? "There is nothing at this address." : "Please try again in a moment."}
      </p>
      <p className="mt-6">
        <Link to="/" className="text-violet-800 underline">
          Go to the home page
        </Link>
      </p>
    </main>
  );
}
