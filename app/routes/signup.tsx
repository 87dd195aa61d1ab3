import { Form, Link, redirect, useNavigation } from "react-router";
import { fieldMessagesText } from "#domain/api-error";
import { Button } from "#ui/button";
import { TextField } from "#ui/text-field";
import { NewPasswordField } from "#ui/new-password-field";
import { forwardCookies, readFailure } from "#ui/lib/api-errors";
import { safeRedirect } from "#domain/redirect";
import { postJson } from "../lib/post-json.server";
import { actCameFrom } from "../lib/act-came-from.server";
import type { Route } from "./+types/signup";
import type { RouteHandle } from "../root";

/** Guests get it as plain HTML, without React (decision 0024). */
export const handle: RouteHandle = { publicForGuests: true, queryParams: ["redirectTo"] };
export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Sign up - ${data?.appName ?? "EVA"}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, url }: Route.LoaderArgs) {
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"));
  if (context.viewer) throw redirect(redirectTo);
  return { appName: context.config.appName, redirectTo, act: await actCameFrom(context, redirectTo) };
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const response = await postJson(context, "/api/auth/sign-up/email", {
    name: form.get("name") ?? "",
    email: form.get("email") ?? "",
    password: form.get("password") ?? "",
    role: form.get("role") ?? "",
  });
  if (response.ok) return redirect(safeRedirect(form.get("redirectTo")), { headers: forwardCookies(response) });
  return readFailure(response, "Could not create your account. Please try again.");
}

export default function Signup({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  const roleErrors = actionData?.errors.role;
  return (
    <section className="mx-auto max-w-md rounded-lg bg-white p-6 shadow-sm" aria-labelledby="signup-heading">
      <h1 id="signup-heading" className="text-2xl font-bold">
        Create your free account
      </h1>
      {loaderData.act && (
        <p className="mt-1 text-sm text-gray-700">{`Then you go on to ask ${loaderData.act.name} for a quote.`}</p>
      )}
      <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <fieldset className="flex flex-col gap-2" aria-describedby={roleErrors ? "role-error" : undefined}>
          <legend className="text-sm font-medium text-gray-800">I am</legend>
          <label className="flex items-center gap-2">
            <input type="radio" name="role" value="PLANNER" defaultChecked /> Planning an event
          </label>
          <label className="flex items-center gap-2">
            <input type="radio" name="role" value="ARTIST" /> An entertainer
          </label>
          {roleErrors && (
            <p id="role-error" className="text-sm text-red-700">
              {fieldMessagesText(roleErrors)}
            </p>
          )}
        </fieldset>
        <TextField label="Name" name="name" autoComplete="name" required errors={actionData?.errors.name} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          errors={actionData?.errors.email}
        />
        <NewPasswordField errors={actionData?.errors.password} />
        {actionData && !Object.keys(actionData.errors).length && (
          <p role="alert" className="text-sm text-red-700">
            {actionData.message}
          </p>
        )}
        <Button type="submit" disabled={submitting}>
          {submitting ? "Creating account…" : "Sign up"}
        </Button>
      </Form>
      <p className="mt-4 text-sm text-gray-700">
        Already have an account?{" "}
        <Link
          to={
            loaderData.redirectTo === "/" ? "/login" : `/login?redirectTo=${encodeURIComponent(loaderData.redirectTo)}`
          }
          className="text-brand-800 underline"
        >
          Log in
        </Link>
      </p>
    </section>
  );
}
