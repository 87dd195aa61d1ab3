import { z } from "zod";
import { LIMITS } from "#domain/limits";
import { MESSAGES } from "#domain/messages";
import { safeRedirect } from "#domain/redirect";
import { SELF_SERVICE_ROLES } from "#domain/roles";
import { optionalPhone, requiredLine, text } from "#domain/schemas/fields";

const email = text({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.tooLong(254))
  .pipe(z.email(MESSAGES.emailInvalid))
  .transform((value) => value.toLowerCase());

/** A person's name, on sign-up and every later change: one line of 1-255 characters. */
export const personNameSchema = requiredLine(LIMITS.name, MESSAGES.nameRequired);

/**
 * The rules a new password meets that need nothing but the password: 10-128 characters, not
 * only spaces. Whether it is the account's email is judged where both are known
 * (passwordProblem), and whether it is a common one on the server, which holds the list.
 */
export const newPasswordSchema = text({ error: MESSAGES.passwordRequired })
  .min(1, MESSAGES.passwordRequired)
  .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
  .max(LIMITS.passwordMax, MESSAGES.tooLong(LIMITS.passwordMax))
  .refine((value) => value.trim() !== "", MESSAGES.passwordBlank);

/** The message for a new password that is the account's own email address, else null. */
export function passwordProblem(password: string, accountEmail: string | null | undefined): string | null {
  if (accountEmail && password.trim().toLowerCase() === accountEmail.trim().toLowerCase())
    return MESSAGES.passwordIsEmail;
  return null;
}

/** A same-origin path to return to; anything else becomes "/" (domain/redirect.ts). */
const redirectPath = z
  .unknown()
  .optional()
  .transform((value) => safeRedirect(value));

export const signUpSchema = z
  .object({
    name: personNameSchema,
    email,
    password: newPasswordSchema,
    role: z.enum(SELF_SERVICE_ROLES, { error: MESSAGES.roleInvalid }),
  })
  .superRefine((value, ctx) => {
    const problem = passwordProblem(value.password, value.email);
    if (problem) ctx.addIssue({ code: "custom", path: ["password"], message: problem });
  });
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email,
  password: text({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(LIMITS.passwordMax),
});
export type SignInInput = z.infer<typeof signInSchema>;

/** What an account may change of itself through update-user: its name, nothing the server keeps. */
export const updateUserSchema = z.object({ name: personNameSchema });

/** POST /api/me/phone: the account's phone, which its bookings give the other side for the day ("" clears it). */
export const phoneSchema = z.object({
  phone: optionalPhone().meta({ description: "A phone for the day of an event", example: "+1 312 555 0199" }),
});
export type PhoneInput = z.infer<typeof phoneSchema>;

export const changePasswordSchema = z.object({
  currentPassword: text({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(LIMITS.passwordMax),
  newPassword: newPasswordSchema,
});

export const resetPasswordSchema = z.object({
  newPassword: newPasswordSchema,
  token: text({ error: "The link is not valid" }).min(1, "The link is not valid").max(500, "The link is not valid"),
});

export const changeEmailSchema = z.object({ newEmail: email, callbackURL: redirectPath });

export const requestPasswordResetSchema = z.object({ email, redirectTo: redirectPath });
