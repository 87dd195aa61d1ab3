import { redirect } from "react-router";
import { instantBookingSchema } from "#modules/bookings/schemas";
import { bookInstantly } from "#modules/bookings/server";
import { InstantBookingView } from "#modules/bookings/ui";
import { runCommand } from "#server/render/page-command";
import { CLIENT_IP_HEADER } from "#server/http/session-cookie";
import type { RouteHandle } from "../root";
import { loadInstantBooking } from "./book.$actUrl.$offeringId.server";
import type { Route } from "./+types/book.$actUrl.$offeringId";

export const handle: RouteHandle = { queryParams: ["event"] };

export function meta({ loaderData }: Route.MetaArgs) {
  return [
    { title: loaderData ? `Book ${loaderData.act.name} instantly` : "Book instantly" },
    { name: "robots", content: "noindex" },
  ];
}

export function loader({ context, url, params }: Route.LoaderArgs) {
  return loadInstantBooking(context, url, params.actUrl, params.offeringId);
}

/** Books the offering for the chosen event: the API's command (POST /api/bookings/instant), then the booking's page. */
export async function action({ context, request, params }: Route.ActionArgs) {
  const form = await request.formData();
  const input = {
    offering_id: Number(params.offeringId),
    event_url: String(form.get("event") ?? ""),
    phone: String(form.get("phone") ?? ""),
    // The box is offered only when other acts wait; unticked, it is absent.
    release_others: form.has("release_others") || !form.has("others_offered"),
  };
  const result = await runCommand(context, instantBookingSchema, input, ({ db, jobs, cards, viewer }, body) =>
    bookInstantly(db, jobs, viewer, body, request.headers.get(CLIENT_IP_HEADER), cards),
  );
  if (result.ok) return redirect(`/bookings/${result.data.booking}`);
  return { message: result.message, errors: result.errors };
}

export default function InstantBooking({ loaderData, actionData }: Route.ComponentProps) {
  return <InstantBookingView data={loaderData} actionData={actionData} />;
}
