import { Form, Link, redirect, useNavigation } from "react-router";
import { Button } from "#ui/button";
import { EventFormFields, eventBodyOf } from "#modules/bookings/ui";
import { runCommand } from "#server/render/page-command";
import { updateEventSchema } from "#modules/bookings/schemas";
import { updateEvent } from "#modules/bookings/server";
import { loadEventToEdit } from "./events.server";
import type { Route } from "./+types/events.edit.$eventUrl";

export function meta() {
  return [{ title: "Edit an event" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, url, params }: Route.LoaderArgs) {
  return loadEventToEdit(context, url, params.eventUrl);
}

export async function action({ context, request, params }: Route.ActionArgs) {
  const body = eventBodyOf(await request.formData());
  const result = await runCommand(context, updateEventSchema, body, ({ db, viewer }, input) =>
    updateEvent(db, viewer, params.eventUrl, input),
  );
  if (result.ok) return redirect("/events");
  return { message: result.message, errors: result.errors };
}

export default function EditEvent({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const errors = actionData?.errors ?? {};
  return (
    <section className="mx-auto max-w-lg rounded-lg bg-white p-6 shadow-sm" aria-labelledby="edit-event-heading">
      <h1 id="edit-event-heading" className="text-2xl font-bold">
        Edit {loaderData.values.name}
      </h1>
      <p className="mt-1 text-sm text-gray-700">Invited acts read the new details on their invites.</p>
      <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
        <EventFormFields values={loaderData.values} eventTypes={loaderData.eventTypes} errors={errors} />
        {actionData && Object.keys(errors).length === 0 && (
          <p role="alert" className="text-sm text-red-700">
            {actionData.message}
          </p>
        )}
        <div className="flex gap-3">
          <Button type="submit" disabled={submitting}>
            Save event
          </Button>
          <Link to="/events" className="self-center text-sm text-brand-800 underline">
            Back to my events
          </Link>
        </div>
      </Form>
    </section>
  );
}
