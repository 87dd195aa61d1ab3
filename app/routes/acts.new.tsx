import { Form, data, redirect, useNavigation } from "react-router";
import { Button } from "#ui/button";
import { FieldErrors } from "#ui/form-fields";
import { TextField } from "#ui/text-field";
import { createActSchema } from "#modules/acts/schemas";
import { createAct } from "#modules/acts/server/pages";
import { runCommand } from "#server/render/page-command";
import type { Route } from "./+types/acts.new";

export function meta() {
  return [{ title: "Create an act" }, { name: "robots", content: "noindex" }];
}

export function loader({ context }: Route.LoaderArgs) {
  if (!context.viewer) throw redirect("/login?redirectTo=/acts/new");
  if (context.viewer.role !== "ARTIST") throw data("Only artists create acts", { status: 403 });
  return null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const musical = form.get("musical");
  const body = {
    name: form.get("name") ?? "",
    ...(musical === "yes" ? { musical: true } : musical === "no" ? { musical: false } : {}),
  };
  const result = await runCommand(context, createActSchema, body, ({ db, viewer }, input) =>
    createAct(db, viewer, input),
  );
  if (result.ok) return redirect(`/entertainment/update/${result.data.url}`);
  return { message: result.message, errors: result.errors };
}

export default function NewAct({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  return (
    <section className="mx-auto max-w-md rounded-lg bg-white p-6 shadow-sm" aria-labelledby="new-act-heading">
      <h1 id="new-act-heading" className="text-2xl font-bold">
        Create an act
      </h1>
      <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
        <TextField label="Act name" name="name" required errors={actionData?.errors.name} />
        <fieldset>
          <legend className="text-sm font-medium text-gray-800">Kind of act</legend>
          <label className="mt-1 flex items-center gap-2">
            <input type="radio" name="musical" value="yes" defaultChecked /> Musical (band, DJ, singer)
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="musical" value="no" /> Not musical (speaker, variety act)
          </label>
          <FieldErrors errors={actionData?.errors.musical} />
        </fieldset>
        <Button type="submit" disabled={submitting}>
          Create act
        </Button>
      </Form>
    </section>
  );
}
