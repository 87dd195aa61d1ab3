import { Bell, Menu, MessagesSquare, UserRound } from "lucide-react";
import { Form, Link, useLocation } from "react-router";
import type { Role } from "#domain/roles";
import { Badge } from "#ui/badge";

export interface HeaderData {
  appName: string;
  viewer: { name: string; role: Role } | null;
  unread: number | null;
  /** Messages from others not yet read, over the viewer's conversations. */
  unreadMessages: number | null;
  adminWaiting: number | null;
  /** Cases waiting for an admin's decision. */
  openCases: number | null;
}

const LINK = "whitespace-nowrap rounded px-1 py-2 hover:underline lg:py-1";

/**
 * One row at every width. From 1024 px the links sit in the row; below, they fold behind a
 * Menu button (a <details>, so it works on pages without React too; app.css, .site-menu). A
 * signed-in person reaches their account by their name.
 */
export function SiteHeader({ data }: { data: HeaderData | null }) {
  // A new page closes the menu: the element is made afresh for each address.
  const { key } = useLocation();
  const viewer = data?.viewer ?? null;
  return (
    <header className="border-b border-gray-200 bg-white">
      <nav aria-label="Main" className="relative mx-auto flex max-w-6xl items-center justify-between gap-3 px-4 py-2">
        <Link to="/" className="text-lg font-bold text-brand-800">
          {data?.appName ?? "EVA"}
        </Link>
        <details key={key} className="site-menu group">
          <summary className="flex cursor-pointer list-none items-center gap-2 rounded-md border border-gray-300 px-3 py-1.5 text-sm font-medium">
            <Menu aria-hidden className="h-4 w-4" />
            Menu
            {viewer && data?.unread ? (
              <span className="rounded-full bg-brand-700 px-1.5 text-xs text-white">
                {data.unread}
                <span className="sr-only"> unread</span>
              </span>
            ) : null}
          </summary>
          <div className="absolute inset-x-0 top-full z-30 flex flex-col border-b border-gray-200 bg-white px-4 pb-3 text-sm shadow-md lg:static lg:flex-row lg:items-center lg:gap-3 lg:border-0 lg:p-0 lg:shadow-none">
            <Link to="/search" className={LINK}>
              Find entertainers
            </Link>
            <Link to="/guides" className={LINK}>
              Guides
            </Link>
            {viewer ? <SignedInLinks data={data!} /> : <GuestLinks />}
          </div>
        </details>
      </nav>
    </header>
  );
}

function SignedInLinks({ data }: { data: HeaderData }) {
  const role = data.viewer!.role;
  const waiting = (data.adminWaiting ?? 0) + (data.openCases ?? 0);
  return (
    <>
      {role === "PLANNER" && (
        <Link to="/events" className={LINK}>
          My Events
        </Link>
      )}
      {role === "PLANNER" && (
        <Link to="/shortlist" className={LINK}>
          Shortlist
        </Link>
      )}
      {role === "ADMIN" && (
        <Link
          to="/admin/acts"
          className={LINK}
          title={`${data.openCases ?? 0} open ${data.openCases === 1 ? "case" : "cases"} among them`}
        >
          {/* Open cases wait for an admin as acts, documents and tag requests do: one count, one link, one row. */}
          Moderation{" "}
          <Badge color={waiting ? "yellow" : "gray"}>
            {waiting} waiting
            {data.openCases ? <span className="sr-only">, {data.openCases} of them open cases</span> : null}
          </Badge>
        </Link>
      )}
      {role === "ADMIN" && (
        <Link to="/admin/seo" className={LINK}>
          Search-engine copy
        </Link>
      )}

      {(role === "ARTIST" || role === "ADMIN") && (
        <Link to="/my-acts" className={LINK}>
          My Acts
        </Link>
      )}
      {role === "ARTIST" && (
        <Link to="/invites" className={LINK}>
          Invites
        </Link>
      )}
      <Link to="/messages" className={`${LINK} inline-flex items-center gap-1`}>
        <MessagesSquare aria-hidden className="h-4 w-4" />
        Messages
        {data.unreadMessages ? (
          <Badge color="brand" data-testid="unread-messages">
            {data.unreadMessages} new
          </Badge>
        ) : null}
      </Link>
      <Link to="/notifications" className={`${LINK} inline-flex items-center gap-1`}>
        <Bell aria-hidden className="h-4 w-4" />
        Notifications{" "}
        <Badge color={data.unread ? "brand" : "gray"} data-testid="unread-count">
          {data.unread ?? 0} unread
        </Badge>
      </Link>
      <Link
        to="/account"
        className={`${LINK} inline-flex items-center gap-1 font-semibold`}
        data-testid="signed-in-as"
        title="Your account"
      >
        <UserRound aria-hidden className="h-4 w-4" />
        {data.viewer!.name}
      </Link>
      <Form method="post" action="/logout" className="pt-1 lg:pt-0">
        <button
          type="submit"
          className="whitespace-nowrap rounded-md border border-gray-300 px-3 py-1.5 hover:bg-gray-50"
        >
          Sign out
        </button>
      </Form>
    </>
  );
}

function GuestLinks() {
  return (
    <>
      <Link to="/login" className={LINK}>
        Log in
      </Link>
      <Link
        to="/signup"
        className="self-start rounded-md bg-brand-700 px-3 py-1.5 font-semibold text-white hover:bg-brand-800"
      >
        Sign up
      </Link>
    </>
  );
}
