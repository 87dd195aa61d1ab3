import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { TextField } from "./text-field";

/**
 * A field for choosing a password: its rules said before anything is typed, and its lengths
 * checked by the browser as well as the server (domain/limits.ts).
 */
export function NewPasswordField({ label = "Password", errors }: { label?: string; errors: string[] | undefined }) {
  return (
    <TextField
      label={label}
      name="password"
      type="password"
      autoComplete="new-password"
      required
      minLength={LIMITS.passwordMin}
      maxLength={LIMITS.passwordMax}
      hint={MESSAGES.passwordRules}
      errors={errors}
    />
  );
}
