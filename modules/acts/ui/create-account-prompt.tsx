import { LIMITS } from "#domain/limits";
import { Form, useNavigation } from "react-router";
import type { FieldErrors } from "#domain/api-error";
import { Button } from "#ui/button";
import { TextField } from "#ui/text-field";
import { NewPasswordField } from "#ui/new-password-field";

/** A refused sign-up: the messages, and what was typed (never the password), to show again. */
export interface SignupFailure {
  message: string;
  errors: FieldErrors;
  values?: { name: string; email: string };
}

/**
 * The guest's create-account prompt: signs a new planner up and in, then back to this act. It
 * works without JavaScript: the browser checks the fields first, the rules are said before
 * anything is typed, and a refusal keeps the name and email.
 */
export function CreateAccountPrompt({ actName, failure }: { actName: string; failure: SignupFailure | undefined }) {
  const submitting = useNavigation().state === "submitting";
  const errors = failure?.errors ?? {};
  return (
    <section id="create-account" aria-labelledby="create-account-heading" className="rounded-lg bg-white p-5 shadow-sm">
      <h2 id="create-account-heading" className="text-lg font-semibold">
        Create a free account to book {actName}
      </h2>
      <p className="mt-1 text-sm text-gray-700">
        Planners sign up for free, invite acts to their events and compare offers.
      </p>
      <Form method="post" name={`Entertainer Profile - ${actName}`} className="mt-4 grid gap-3 sm:grid-cols-3">
        <input type="hidden" name="intent" value="create-account" />
        <TextField
          label="Name"
          name="name"
          autoComplete="name"
          required
          maxLength={LIMITS.name}
          defaultValue={failure?.values?.name}
          errors={errors.name}
        />
        <TextField
          label="Email"
          name="email"
          type="email"
          autoComplete="email"
          required
          defaultValue={failure?.values?.email}
          errors={errors.email}
        />
        <NewPasswordField errors={errors.password} />
        {failure && Object.keys(errors).length === 0 && (
          <p role="alert" className="text-sm text-red-700 sm:col-span-3">
            {failure.message}
          </p>
        )}
        <div className="sm:col-span-3">
          <Button type="submit" disabled={submitting}>
            {submitting ? "Creating account…" : "Sign Up for Free"}
          </Button>
        </div>
      </Form>
    </section>
  );
}
