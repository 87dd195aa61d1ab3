import { dictionary } from "@zxcvbn-ts/language-common";
import { MESSAGES } from "../../domain/messages";
import { passwordProblem } from "../../domain/schemas/auth";

/** How many of the most used passwords are refused (the list is ordered by how often each is used). */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let common: Set<string> | undefined;

/** The 10,000 most common passwords, from zxcvbn-ts's frequency list, read once when first needed. */
function commonPasswords(): Set<string> {
  common ??= new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORDS_REFUSED).map((word) => word.toLowerCase()));
  return common;
}

/**
 * Why a new password may not be used, or null: the rules of domain/ that need the account's
 * email, and the list of common passwords, which only the server holds (it weighs ~80 KB).
 * The length and blank rules are the schema's (newPasswordSchema).
 */
export function newPasswordRefusal(password: string, accountEmail: string | null | undefined): string | null {
  const problem = passwordProblem(password, accountEmail);
  if (problem) return problem;
  return commonPasswords().has(password.trim().toLowerCase()) ? MESSAGES.passwordTooCommon : null;
}
