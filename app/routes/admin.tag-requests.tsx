import { LocalDay } from "#ui/local-time";
import { Link } from "react-router";
import { Button } from "#ui/button";
import { QueueNav } from "#modules/moderation/ui";
import { api, outcome } from "#ui/lib/api-client";
import { useAction } from "#ui/lib/use-action";
import { loadAdminTagRequests } from "./admin.server";
import type { Route } from "./+types/admin.tag-requests";
import { TAG_TYPE_NAMES } from "#domain/tags";

export function meta() {
  return [{ title: "Tag update requests" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, url }: Route.LoaderArgs) {
  return loadAdminTagRequests(context, url);
}

export default function AdminTagRequests({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">Tag update requests</h1>
      <QueueNav waiting={loaderData.waiting} />
      {loaderData.requests.length === 0 ? (
        <p className="mt-6 text-gray-700">No tag update requests are waiting.</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-3">
          {loaderData.requests.map((request) => (
            <TagRequest key={request.act.url} request={request} />
          ))}
        </ul>
      )}
    </>
  );
}

function TagRequest({ request }: { request: Route.ComponentProps["loaderData"]["requests"][number] }) {
  const { run, pending } = useAction();
  const { act } = request;
  return (
    <li className="rounded-lg bg-white p-4 shadow-sm" aria-labelledby={`request-${act.url}`}>
      <p id={`request-${act.url}`} className="font-semibold">
        <Link to={`/entertainment/${act.url}`} className="text-brand-800 hover:underline">
          {act.name}
        </Link>
      </p>
      <p className="text-sm text-gray-700">
        Asked by {request.requested_by ?? "a former user"} on <LocalDay instant={request.created_at} />
      </p>
      <ul className="mt-2 flex flex-wrap gap-2" aria-label={`Tags requested for ${act.name}`}>
        {request.tags.map((tag) => (
          <li
            key={`${tag.relation}-${tag.id}`}
            className="rounded-full bg-yellow-50 px-3 py-1 text-sm ring-1 ring-yellow-300"
          >
            {tag.name} <span className="text-gray-600">({TAG_TYPE_NAMES[tag.type].one})</span>
          </li>
        ))}
      </ul>
      <div className="mt-3 flex gap-2">
        <Button
          disabled={pending}
          aria-label={`Accept the request for ${act.name}`}
          onClick={() =>
            void run(() =>
              outcome(api.POST("/acts/accept-tag-update-request/{actUrl}", { params: { path: { actUrl: act.url } } })),
            )
          }
        >
          Accept
        </Button>
        <Button
          variant="danger"
          disabled={pending}
          aria-label={`Decline the request for ${act.name}`}
          onClick={() =>
            void run(() =>
              outcome(api.POST("/acts/decline-tag-update-request/{actUrl}", { params: { path: { actUrl: act.url } } })),
            )
          }
        >
          Decline
        </Button>
      </div>
    </li>
  );
}
