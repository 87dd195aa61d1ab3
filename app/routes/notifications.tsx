import { Link } from "react-router";
import { pageCount } from "#domain/paging";
import { Pager } from "#ui/pager";
import { LocalTime } from "#ui/local-time";
import { Badge } from "#ui/badge";
import { Button } from "#ui/button";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";
import { loadNotifications } from "./notifications.server";
import type { Route } from "./+types/notifications";
import type { RouteHandle } from "../root";
import { PAGE_QUERY_KEYS } from "#domain/paging";

export const handle: RouteHandle = { queryParams: PAGE_QUERY_KEYS };

export function meta() {
  return [{ title: "Notifications" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, url }: Route.LoaderArgs) {
  return loadNotifications(context, url);
}

export default function Notifications({ loaderData }: Route.ComponentProps) {
  const { run, pending } = useAction();
  return (
    <div className="mx-auto max-w-2xl">
      <div className="flex flex-wrap items-center justify-between gap-3">
        <h1 className="text-2xl font-bold">Notifications</h1>
        {loaderData.unread > 0 && (
          <Button
            variant="secondary"
            disabled={pending}
            onClick={() => void run(() => outcome(api.POST("/notifications/read")))}
          >
            Mark all read
          </Button>
        )}
      </div>
      <p className="mt-2 text-sm text-gray-700">
        Choose which of these also come by email on{" "}
        <Link to="/account" className="text-brand-800 underline">
          your account page
        </Link>
        .
      </p>
      {loaderData.items.length === 0 ? (
        <p className="mt-6 text-gray-700">Nothing yet. We will tell you here when something happens.</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-3">
          {loaderData.items.map((item) => (
            <li
              key={item.id}
              className={`rounded-lg bg-white p-4 shadow-sm ${item.read ? "" : "border-l-4 border-brand-600"}`}
            >
              <div className="flex flex-wrap items-center gap-2">
                {!item.read && <Badge color="yellow">New</Badge>}
                <Link to={item.link} className={`text-brand-900 hover:underline ${item.read ? "" : "font-semibold"}`}>
                  {item.title}
                </Link>
              </div>
              <p className="mt-1 text-sm text-gray-800">{item.body}</p>
              <p className="mt-1 text-xs text-gray-600">
                <LocalTime instant={item.created_at} />
              </p>
            </li>
          ))}
        </ul>
      )}
      <Pager
        page={loaderData.meta.page}
        pages={pageCount(loaderData.meta)}
        link={(to) => `/notifications?page=${to}`}
      />
    </div>
  );
}
