import { MESSAGES } from "#domain/messages";
import { passwordProblem } from "../schemas";

/** How many of the most used passwords are refused (the list is ordered by how often each is used). */
export const COMMON_PASSWORDS_REFUSED = 10_000;

let common: Promise<Set<string>> | undefined;

/**
 * The 10,000 most common passwords, from zxcvbn-ts's frequency list, loaded when a password is
 * first judged (the package decompresses its 49,000 words as it loads: no process pays for it
 * before it needs it).
 */
function commonPasswords(): Promise<Set<string>> {
  common ??= import("@zxcvbn-ts/language-common").then(
    ({ dictionary }) =>
      new Set(dictionary["passwords-common"].slice(0, COMMON_PASSWORDS_REFUSED).map((word) => word.toLowerCase())),
  );
  return common;
}

/**
 * Why a new password may not be used, or null: the rules of domain/ that need the account's
 * email, and the list of common passwords, which only the server holds (it weighs ~80 KB).
 * The length and blank rules are the schema's (newPasswordSchema).
 */
export async function newPasswordRefusal(
  password: string,
  accountEmail: string | null | undefined,
): Promise<string | null> {
  const problem = passwordProblem(password, accountEmail);
  if (problem) return problem;
  return (await commonPasswords()).has(password.trim().toLowerCase()) ? MESSAGES.passwordTooCommon : null;
}
