import { z } from "zod";
import { LIMITS } from "../limits";
import { MESSAGES } from "../messages";
import { SELF_SERVICE_ROLES } from "../roles";
import { requiredText, text } from "./fields";

const email = text({ error: MESSAGES.emailRequired })
  .trim()
  .min(1, MESSAGES.emailRequired)
  .max(254, MESSAGES.tooLong(254))
  .pipe(z.email(MESSAGES.emailInvalid))
  .transform((value) => value.toLowerCase());

export const signUpSchema = z.object({
  name: requiredText(LIMITS.name, MESSAGES.nameRequired),
  email,
  password: text({ error: MESSAGES.passwordRequired })
    .min(1, MESSAGES.passwordRequired)
    .min(LIMITS.passwordMin, MESSAGES.passwordTooShort)
    .max(LIMITS.passwordMax, MESSAGES.tooLong(LIMITS.passwordMax)),
  role: z.enum(SELF_SERVICE_ROLES, { error: MESSAGES.roleInvalid }),
});
export type SignUpInput = z.infer<typeof signUpSchema>;

export const signInSchema = z.object({
  email,
  password: text({ error: MESSAGES.passwordRequired }).min(1, MESSAGES.passwordRequired).max(LIMITS.passwordMax),
});
export type SignInInput = z.infer<typeof signInSchema>;
