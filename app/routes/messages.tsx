import { Link } from "react-router";
import { conversationTitle } from "#modules/conversations/conversations";
import { pageCount } from "#domain/paging";
import { Pager } from "#ui/pager";
import { LocalTime } from "#ui/local-time";
import { Badge } from "#ui/badge";
import { Button } from "#ui/button";
import { loadConversations } from "./messages.server";
import type { Route } from "./+types/messages";
import type { RouteHandle } from "../root";
import { PAGE_QUERY_KEYS } from "#domain/paging";

export const handle: RouteHandle = { queryParams: [...PAGE_QUERY_KEYS, "q"] };

export function meta() {
  return [{ title: "Messages" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, url }: Route.LoaderArgs) {
  return loadConversations(context, url);
}

export default function Messages({ loaderData }: Route.ComponentProps) {
  const { data: conversations, meta, admin, q } = loaderData;
  return (
    <div className="mx-auto max-w-2xl">
      <h1 className="text-2xl font-bold">Messages</h1>
      {admin && (
        <form method="get" aria-label="Find conversations" className="mt-4 flex flex-wrap items-end gap-2">
          <label className="flex grow flex-col text-sm font-medium text-gray-800">
            Find conversations by act, planner or event
            <input
              type="search"
              name="q"
              defaultValue={q}
              maxLength={255}
              className="mt-1 rounded-md border border-gray-300 px-3 py-2 font-normal text-gray-900"
            />
          </label>
          <Button type="submit">Search</Button>
        </form>
      )}
      {conversations.length === 0 ? (
        <p className="mt-6 text-gray-700">
          {admin && q ? (
            <>No conversation's act, planner or event matches “{q}”.</>
          ) : admin ? (
            "No planner has written to an act yet."
          ) : (
            <>
              No conversations yet. Planners start one from an act's profile with <strong>Message</strong>; an act
              answers here.
            </>
          )}
        </p>
      ) : (
        <ul className="mt-6 flex flex-col gap-3">
          {conversations.map((item) => (
            <li
              key={item.id}
              className={`rounded-lg bg-white p-4 shadow-sm ${item.unread ? "border-l-4 border-brand-600" : ""}`}
            >
              <div className="flex flex-wrap items-center gap-2">
                <Link
                  to={`/messages/${item.id}`}
                  className={`text-brand-900 hover:underline ${item.unread ? "font-semibold" : ""}`}
                >
                  {conversationTitle(item)}
                </Link>
                {item.unread > 0 && <Badge color="brand">{item.unread} unread</Badge>}
              </div>
              <p className="text-sm text-gray-700">{item.event ? `About ${item.event.name}` : "No event yet"}</p>
              {item.last_message && (
                <p className="mt-1 line-clamp-2 text-sm text-gray-800">
                  {item.last_message.mine ? "You: " : ""}
                  {item.last_message.body}
                </p>
              )}
              {item.last_message && (
                <p className="mt-1 text-xs text-gray-600">
                  <LocalTime instant={item.last_message.created_at} />
                </p>
              )}
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={meta.page}
        pages={pageCount(meta)}
        link={(to) => `/messages?page=${to}${q ? `&q=${encodeURIComponent(q)}` : ""}`}
      />
    </div>
  );
}
