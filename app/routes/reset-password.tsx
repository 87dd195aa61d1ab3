import { Form, Link, redirect, useNavigation } from "react-router";
import { Button } from "#ui/button";
import { TextField } from "#ui/text-field";
import { NewPasswordField } from "#ui/new-password-field";
import { readFailure } from "#ui/lib/api-errors";
import { postJson } from "../lib/post-json.server";
import type { Route } from "./+types/reset-password";
import type { RouteHandle } from "../root";

/** Guests get it as plain HTML, without React (decision 0024). */
export const handle: RouteHandle = { publicForGuests: true };
export function meta() {
  return [{ title: "Choose a new password" }, { name: "robots", content: "noindex" }];
}

/** better-auth sends the browser here from the mail's link, with the token, or with an error when the link is spent. */
export function loader({ url }: Route.LoaderArgs) {
  const params = url.searchParams;
  return { token: params.get("token") ?? "", invalid: params.has("error") || !params.get("token") };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const newPassword = String(form.get("password") ?? "");
  if (newPassword !== String(form.get("confirm") ?? ""))
    return { message: "The passwords do not match", errors: { confirm: ["The passwords do not match"] } };
  const response = await postJson(context, "/api/auth/reset-password", {
    newPassword,
    token: String(form.get("token") ?? ""),
  });
  if (response.ok) throw redirect("/login?reset=1");
  const failure = await readFailure(response, "This link has expired or was used already. Ask for a new one.");
  // better-auth names the field newPassword; the form calls it password.
  return {
    message: failure.message,
    errors: { password: failure.errors.newPassword ?? failure.errors.password ?? [] },
  };
}

export default function ResetPassword({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  return (
    <section className="mx-auto max-w-md rounded-lg bg-white p-6 shadow-sm" aria-labelledby="reset-heading">
      <h1 id="reset-heading" className="text-2xl font-bold">
        Choose a new password
      </h1>
      {loaderData.invalid ? (
        <p role="alert" className="mt-4 text-gray-800">
          This link has expired or was used already.{" "}
          <Link to="/forgot-password" className="text-brand-800 underline">
            Ask for a new one
          </Link>
          .
        </p>
      ) : (
        <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
          <input type="hidden" name="token" value={loaderData.token} />
          <NewPasswordField
            label="New password"
            errors={actionData?.errors.password?.length ? actionData.errors.password : undefined}
          />
          <TextField
            label="New password again"
            name="confirm"
            type="password"
            autoComplete="new-password"
            required
            errors={actionData?.errors.confirm}
          />
          {actionData && !actionData.errors.password?.length && !actionData.errors.confirm && (
            <p role="alert" className="text-sm text-red-700">
              {actionData.message}
            </p>
          )}
          <Button type="submit" disabled={submitting}>
            {submitting ? "Saving…" : "Save the new password"}
          </Button>
        </Form>
      )}
    </section>
  );
}
