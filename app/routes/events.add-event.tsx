import { Form, Link, data, redirect, useNavigation } from "react-router";
import { Button } from "#ui/button";
import { EMPTY_EVENT, EventFormFields, eventBodyOf } from "#modules/bookings/ui";
import { safeRedirect } from "#domain/redirect";
import { formatCalendarDate, isCalendarDate } from "#domain/calendar-days";
import { runCommand } from "#server/render/page-command";
import { createEventSchema } from "#modules/bookings/schemas";
import { createEvent } from "#modules/bookings/server";
import { eventTypeNames } from "./events.server";
import { actCameFrom } from "../lib/act-came-from.server";
import type { Route } from "./+types/events.add-event";
import type { RouteHandle } from "../root";

export const handle: RouteHandle = { queryParams: ["actUrl", "date"] };

export function meta() {
  return [{ title: "Create an event" }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, url }: Route.LoaderArgs) {
  if (!context.viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  if (context.viewer.role !== "PLANNER") throw data("Only planners create events", { status: 403 });
  // The day a planner found the act free on (its profile's "Request a quote"), kept as the start's day.
  const date = url.searchParams.get("date") ?? "";
  const act = await actCameFrom(context, url.pathname + url.search);
  return {
    actUrl: url.searchParams.get("actUrl") ?? "",
    act,
    date: isCalendarDate(date) ? date : "",
    eventTypes: await eventTypeNames(context),
  };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const actUrl = String(form.get("actUrl") ?? "");
  const body = { ...eventBodyOf(form), ...(actUrl ? { actUrl } : {}) };
  const result = await runCommand(context, createEventSchema, body, ({ db, viewer }, input) =>
    createEvent(db, viewer, input),
  );
  if (result.ok) return redirect(actUrl ? safeRedirect(`/entertainment/${encodeURIComponent(actUrl)}`) : "/events");
  return { message: result.message, errors: result.errors };
}

export default function AddEvent({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  return (
    <section className="mx-auto max-w-lg rounded-lg bg-white p-6 shadow-sm" aria-labelledby="add-event-heading">
      <h1 id="add-event-heading" className="text-2xl font-bold">
        Create an event
      </h1>
      {loaderData.act ? (
        <p className="mt-1 text-sm text-gray-700">
          <Link to={`/entertainment/${encodeURIComponent(loaderData.act.url)}`} className="text-brand-800 underline">
            {loaderData.act.name}
          </Link>{" "}
          is invited to quote as soon as the event is created.
        </p>
      ) : (
        loaderData.actUrl && (
          <p className="mt-1 text-sm text-gray-700">
            The act you came from is invited as soon as the event is created.
          </p>
        )
      )}
      {loaderData.date && (
        <p className="mt-1 text-sm text-gray-700">
          The day you checked, {formatCalendarDate(loaderData.date)}, is filled in: set the time the act starts.
        </p>
      )}
      <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
        <input type="hidden" name="actUrl" value={loaderData.actUrl} />
        <EventFormFields
          values={loaderData.date ? { ...EMPTY_EVENT, starttime: `${loaderData.date}T18:00` } : EMPTY_EVENT}
          eventTypes={loaderData.eventTypes}
          errors={errors}
        />
        {actionData && Object.keys(errors).length === 0 && (
          <p role="alert" className="text-sm text-red-700">
            {actionData.message}
          </p>
        )}
        <Button type="submit" disabled={submitting}>
          {loaderData.actUrl ? "Create event and invite" : "Create event"}
        </Button>
      </Form>
    </section>
  );
}
