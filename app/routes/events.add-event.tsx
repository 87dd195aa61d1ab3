import { useState } from "react";
import { Form, data, redirect, useNavigation } from "react-router";
import { PlaceCombobox } from "../components/ui/place-combobox";
import { Button } from "../components/ui/button";
import { TextField } from "../components/ui/text-field";
import { readFailure } from "../lib/api-errors";
import { safeRedirect } from "../../domain/redirect";
import { postJson } from "../lib/post-json.server";
import type { Route } from "./+types/events.add-event";

export function meta() {
  return [{ title: "Create an event" }, { name: "robots", content: "noindex" }];
}

export function loader({ context, url }: Route.LoaderArgs) {
  if (!context.viewer) throw redirect(`/login?redirectTo=${encodeURIComponent(url.pathname + url.search)}`);
  if (context.viewer.role !== "PLANNER") throw data("Only planners create events", { status: 403 });
  return { actUrl: url.searchParams.get("actUrl") ?? "" };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const actUrl = String(form.get("actUrl") ?? "");
  const response = await postJson(context, "/api/events/create", {
    name: form.get("name") ?? "",
    starttime: form.get("starttime") ?? "",
    location: form.get("location") ?? "",
    ...(actUrl ? { actUrl } : {}),
  });
  if (response.ok) return redirect(actUrl ? safeRedirect(`/entertainment/${encodeURIComponent(actUrl)}`) : "/events");
  return readFailure(response, "Could not create the event. Please try again.");
}

export default function AddEvent({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const [location, setLocation] = useState("");
  const errors = actionData?.errors ?? {};
  return (
    <section className="mx-auto max-w-lg rounded-lg bg-white p-6 shadow-sm" aria-labelledby="add-event-heading">
      <h1 id="add-event-heading" className="text-2xl font-bold">
        Create an event
      </h1>
      {loaderData.actUrl && <p className="mt-1 text-sm text-gray-700">The act you came from is invited as soon as the event is created.</p>}
      <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
        <input type="hidden" name="actUrl" value={loaderData.actUrl} />
        <TextField label="Event name" name="name" required errors={errors.name} />
        <PlaceCombobox label="Location" name="location" value={location} onValueChange={setLocation} placeholder="City, ST, or Online" errors={errors.location} />
        <TextField label="Start time (local time where the event happens)" name="starttime" type="datetime-local" required errors={errors.starttime} />
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
