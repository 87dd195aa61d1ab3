import { Form, Link, redirect, useNavigation } from "react-router";
import { Button } from "#ui/button";
import { TextField } from "#ui/text-field";
import { forwardCookies, readFailure } from "#ui/lib/api-errors";
import { safeRedirect } from "#domain/redirect";
import { isRole, LANDING_PAGE, type Role } from "#domain/roles";
import { postJson } from "../lib/post-json.server";
import { actCameFrom } from "../lib/act-came-from.server";
import type { Route } from "./+types/login";
import type { RouteHandle } from "../root";

/** Guests get it as plain HTML, without React (decision 0024). */
export const handle: RouteHandle = { publicForGuests: true, queryParams: ["redirectTo", "reset"] };
export function meta({ data }: Route.MetaArgs) {
  return [{ title: `Log in - ${data?.appName ?? "EVA"}` }, { name: "robots", content: "noindex" }];
}

export async function loader({ context, url }: Route.LoaderArgs) {
  // Empty when no page asked to be returned to: the user then lands on their role's page.
  const redirectTo = safeRedirect(url.searchParams.get("redirectTo"), "");
  if (context.viewer) throw redirect(redirectTo || LANDING_PAGE[context.viewer.role]);
  const act = redirectTo ? await actCameFrom(context, redirectTo) : null;
  return { appName: context.config.appName, redirectTo, reset: url.searchParams.has("reset"), act };
}

async function roleOf(response: Response): Promise<Role | null> {
  const body: unknown = await response
    .clone()
    .json()
    .catch(() => null);
  const role = (body as { user?: { role?: unknown } } | null)?.user?.role;
  return isRole(role) ? role : null;
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const response = await postJson(context, "/api/auth/sign-in/email", {
    email: form.get("email") ?? "",
    password: form.get("password") ?? "",
  });
  if (response.ok) {
    const role = await roleOf(response);
    const landing = safeRedirect(form.get("redirectTo"), "") || (role ? LANDING_PAGE[role] : "/");
    return redirect(landing, { headers: forwardCookies(response) });
  }
  return readFailure(response, "Could not sign in. Please try again.");
}

export default function Login({ loaderData, actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  return (
    <section className="mx-auto max-w-md rounded-lg bg-white p-6 shadow-sm" aria-labelledby="login-heading">
      <h1 id="login-heading" className="text-2xl font-bold">
        Log in
      </h1>
      {loaderData.act && (
        <p className="mt-1 text-sm text-gray-700">
          {`Log in or sign up to ask ${loaderData.act.name} for a quote: you come back to it after.`}
        </p>
      )}
      {loaderData.reset && (
        <p role="status" className="mt-4 rounded-md bg-green-50 p-3 text-sm text-green-900">
          Your password is changed. Log in with the new one.
        </p>
      )}
      <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
        <input type="hidden" name="redirectTo" value={loaderData.redirectTo} />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          errors={actionData?.errors.email}
        />
        <TextField
          label="Password"
          name="password"
          type="password"
          autoComplete="current-password"
          required
          errors={actionData?.errors.password}
        />
        {actionData && !Object.keys(actionData.errors).length && (
          <p role="alert" className="text-sm text-red-700">
            {actionData.message}
          </p>
        )}
        <Button type="submit" disabled={submitting}>
          {submitting ? "Signing in…" : "Log in"}
        </Button>
      </Form>
      <p className="mt-4 text-sm text-gray-700">
        <Link to="/forgot-password" className="text-brand-800 underline">
          Forgot your password?
        </Link>
      </p>
      <p className="mt-2 text-sm text-gray-700">
        New here?{" "}
        <Link
          to={loaderData.redirectTo ? `/signup?redirectTo=${encodeURIComponent(loaderData.redirectTo)}` : "/signup"}
          className="text-brand-800 underline"
        >
          Sign up for free
        </Link>
      </p>
    </section>
  );
}
