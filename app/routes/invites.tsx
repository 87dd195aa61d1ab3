import { pageCount } from "#domain/paging";
import { Pager } from "#ui/pager";
import { InviteCard } from "#modules/bookings/ui";
import { loadArtistInvites } from "./invites.server";
import type { Route } from "./+types/invites";
import type { RouteHandle } from "../root";
import { PAGE_QUERY_KEYS } from "#domain/paging";

export const handle: RouteHandle = { queryParams: PAGE_QUERY_KEYS };

export function meta() {
  return [{ title: "Invites" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, url }: Route.LoaderArgs) {
  return loadArtistInvites(context, url);
}

export default function Invites({ loaderData }: Route.ComponentProps) {
  return (
    <>
      <h1 className="text-2xl font-bold">Invites</h1>
      {loaderData.invites.length === 0 ? (
        <p className="mt-6 text-gray-700">No invites yet.</p>
      ) : (
        <ul className="mt-6 flex flex-col gap-4">
          {loaderData.invites.map((invite) => (
            <InviteCard key={invite.id} invite={invite} templates={loaderData.templates[invite.act.url] ?? []} />
          ))}
        </ul>
      )}
      <Pager page={loaderData.meta.page} pages={pageCount(loaderData.meta)} link={(to) => `/invites?page=${to}`} />
    </>
  );
}
