import { Form, Link, useNavigation } from "react-router";
import { Button } from "#ui/button";
import { TextField } from "#ui/text-field";
import { readFailure } from "#ui/lib/api-errors";
import { postJson } from "../lib/post-json.server";
import type { Route } from "./+types/forgot-password";
import type { RouteHandle } from "../root";

/** Guests get it as plain HTML, without React (decision 0024). */
export const handle: RouteHandle = { publicForGuests: true };
export function meta() {
  return [{ title: "Reset your password" }, { name: "robots", content: "noindex" }];
}

export async function action({ context, request }: Route.ActionArgs) {
  const form = await request.formData();
  const email = String(form.get("email") ?? "").trim();
  if (!email) return { sent: false as const, message: "Enter your email", errors: { email: ["Enter your email"] } };
  const response = await postJson(context, "/api/auth/request-password-reset", {
    email,
    redirectTo: "/reset-password",
  });
  if (response.ok) return { sent: true as const, email };
  return { sent: false as const, ...(await readFailure(response, "Could not send the link. Please try again.")) };
}

export default function ForgotPassword({ actionData }: Route.ComponentProps) {
  const submitting = useNavigation().state === "submitting";
  return (
    <section className="mx-auto max-w-md rounded-lg bg-white p-6 shadow-sm" aria-labelledby="forgot-heading">
      <h1 id="forgot-heading" className="text-2xl font-bold">
        Reset your password
      </h1>
      {actionData?.sent ? (
        <p role="status" className="mt-4 text-gray-800">
          If an account uses {actionData.email}, we sent it a link to choose a new password. The link works for an hour.
        </p>
      ) : (
        <Form method="post" className="mt-6 flex flex-col gap-4" noValidate>
          <p className="text-sm text-gray-700">We will email you a link to choose a new password.</p>
          <TextField
            label="Email"
            name="email"
            type="email"
            autoComplete="email"
            required
            errors={actionData?.errors.email}
          />
          {actionData && !actionData.sent && !Object.keys(actionData.errors).length && (
            <p role="alert" className="text-sm text-red-700">
              {actionData.message}
            </p>
          )}
          <Button type="submit" disabled={submitting}>
            {submitting ? "Sending…" : "Email me a link"}
          </Button>
        </Form>
      )}
      <p className="mt-4 text-sm text-gray-700">
        <Link to="/login" className="text-brand-800 underline">
          Back to log in
        </Link>
      </p>
    </section>
  );
}
