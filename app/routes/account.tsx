import { Form, useNavigation } from "react-router";
import { Button } from "#ui/button";
import { TextField } from "#ui/text-field";
import { NewPasswordField } from "#ui/new-password-field";
import { forwardCookies, readFailure, type FormFailure } from "#ui/lib/api-errors";
import { postJson } from "../lib/post-json.server";
import { notificationSettingInputSchema } from "#modules/notifications/schemas";
import { saveEmailSetting } from "#modules/notifications/server";
import { runCommand } from "#server/render/page-command";
import { loadAccount } from "./account.server";
import type { Route } from "./+types/account";

export function meta() {
  return [{ title: "Your account" }, { name: "robots", content: "noindex" }];
}

export function loader({ context }: Route.LoaderArgs) {
  return loadAccount(context);
}

type Outcome = { intent: string; done?: string; failure?: FormFailure };

/** Each form on the page says which it is: name, email and password go through sign-in's own routes (better-auth), the email settings through the notifications command. */
export async function action({ context, request }: Route.ActionArgs): Promise<Outcome | Response> {
  const form = await request.formData();
  const intent = String(form.get("intent") ?? "");
  const failed = async (response: Response) => ({
    intent,
    failure: await readFailure(response, "Could not save. Please try again."),
  });
  if (intent === "name") {
    const response = await postJson(context, "/api/auth/update-user", { name: String(form.get("name") ?? "").trim() });
    return response.ok ? { intent, done: "Name saved" } : failed(response);
  }
  if (intent === "phone") {
    const response = await postJson(context, "/api/me/phone", { phone: String(form.get("phone") ?? "") });
    return response.ok
      ? { intent, done: String(form.get("phone") ?? "").trim() ? "Phone saved" : "Phone removed" }
      : failed(response);
  }
  if (intent === "email") {
    const newEmail = String(form.get("email") ?? "").trim();
    const response = await postJson(context, "/api/auth/change-email", { newEmail, callbackURL: "/account" });
    return response.ok
      ? { intent, done: `We sent a link to ${newEmail}. Your email changes when you open it.` }
      : failed(response);
  }
  if (intent === "password") {
    const response = await postJson(context, "/api/auth/change-password", {
      currentPassword: String(form.get("current") ?? ""),
      newPassword: String(form.get("password") ?? ""),
      revokeOtherSessions: true,
    });
    if (!response.ok) return failed(response);
    // The new session replaces this one; other devices are signed out.
    return Response.json(
      { intent, done: "Password changed. Other devices are signed out." },
      { headers: forwardCookies(response) },
    );
  }
  if (intent === "notifications") {
    const wanted = new Set(form.getAll("email").map(String));
    for (const kind of form.getAll("kind").map(String)) {
      const result = await runCommand(
        context,
        notificationSettingInputSchema,
        { kind, email: wanted.has(kind) },
        ({ db, viewer }, input) => saveEmailSetting(db, viewer, input),
      );
      if (!result.ok) return { intent, failure: { message: result.message, errors: result.errors } };
    }
    return { intent, done: "Email settings saved" };
  }
  return { intent, failure: { message: "Unknown form", errors: {} } };
}

function Result({ outcome, intent }: { outcome: Outcome | undefined; intent: string }) {
  if (outcome?.intent !== intent) return null;
  if (outcome.done) {
    return (
      <p role="status" className="text-sm text-green-800">
        ✓ {outcome.done}
      </p>
    );
  }
  return outcome.failure && !Object.keys(outcome.failure.errors).length ? (
    <p role="alert" className="text-sm text-red-700">
      {outcome.failure.message}
    </p>
  ) : null;
}

/** One of the page's forms: a card with its heading, fields, outcome and button, posting its intent. */
function AccountForm({
  intent,
  title,
  submit,
  outcome,
  children,
}: {
  intent: string;
  title: string;
  submit: string;
  outcome: Outcome | undefined;
  children: React.ReactNode;
}) {
  const navigation = useNavigation();
  const busy = navigation.state === "submitting" && navigation.formData?.get("intent") === intent;
  return (
    <section aria-labelledby={`${intent}-heading`} className="flex flex-col gap-4 rounded-lg bg-white p-6 shadow-sm">
      <h2 id={`${intent}-heading`} className="text-lg font-semibold">
        {title}
      </h2>
      <Form method="post" className="flex flex-col gap-3">
        <input type="hidden" name="intent" value={intent} />
        {children}
        <Result outcome={outcome} intent={intent} />
        <Button type="submit" disabled={busy} className="self-start">
          {submit}
        </Button>
      </Form>
    </section>
  );
}

export default function Account({ loaderData, actionData }: Route.ComponentProps) {
  const outcome = actionData as Outcome | undefined;
  const errors = (intent: string, field: string) =>
    outcome?.intent === intent ? outcome.failure?.errors[field] : undefined;
  return (
    <div className="mx-auto flex max-w-2xl flex-col gap-6">
      <h1 className="text-2xl font-bold">Your account</h1>
      <AccountForm intent="name" title="Name" submit="Save name" outcome={outcome}>
        <TextField
          label="Name"
          name="name"
          defaultValue={loaderData.name}
          autoComplete="name"
          required
          maxLength={255}
          errors={errors("name", "name")}
        />
      </AccountForm>
      <AccountForm intent="phone" title="Phone for the day" submit="Save phone" outcome={outcome}>
        <TextField
          label="Phone (optional)"
          name="phone"
          type="tel"
          defaultValue={loaderData.phone}
          autoComplete="tel"
          hint={
            loaderData.role === "ARTIST"
              ? "Given to the planners who book your acts, to reach you on the day."
              : "Given to the acts you book when you leave the booking's own phone empty."
          }
          errors={errors("phone", "phone")}
        />
      </AccountForm>
      <AccountForm intent="email" title="Email" submit="Change email" outcome={outcome}>
        <p className="text-sm text-gray-700">
          Now: <strong>{loaderData.email}</strong>. A new address is used once you open the link we send to it.
        </p>
        <TextField
          label="New email"
          name="email"
          type="email"
          autoComplete="email"
          required
          errors={errors("email", "newEmail") ?? errors("email", "email")}
        />
      </AccountForm>
      <AccountForm intent="password" title="Password" submit="Change password" outcome={outcome}>
        <TextField
          label="Current password"
          name="current"
          type="password"
          autoComplete="current-password"
          required
          errors={errors("password", "currentPassword")}
        />
        <NewPasswordField label="New password" errors={errors("password", "newPassword")} />
      </AccountForm>
      <AccountForm intent="notifications" title="Email me when…" submit="Save email settings" outcome={outcome}>
        <fieldset className="flex flex-col gap-2">
          <legend className="sr-only">Notification emails</legend>
          {loaderData.settings.map((setting) => (
            <label key={setting.kind} className="flex items-center gap-2 text-sm">
              <input type="hidden" name="kind" value={setting.kind} />
              <input
                type="checkbox"
                name="email"
                value={setting.kind}
                defaultChecked={setting.email}
                className="h-4 w-4"
              />
              {setting.label}
            </label>
          ))}
        </fieldset>
        <p className="text-sm text-gray-700">
          Everything also shows on your Notifications page, whatever you choose here.
        </p>
      </AccountForm>
    </div>
  );
}
