import { randomUUID } from "node:crypto";
import { hashPassword } from "better-auth/crypto";
import { eq } from "drizzle-orm";
import { signUpSchema } from "../schemas";
import { uniqueSlug } from "#domain/slug";
import type { Database, Executor } from "#server/db/client";
import { accounts, users } from "#modules/accounts/server/tables";
import { newPasswordRefusal } from "./password-policy";

/** Admins are made only by the operator, never through the API. */
export async function createAdmin(db: Database, input: { email: string; name: string; password: string }) {
  const parsed = signUpSchema.safeParse({ ...input, role: "PLANNER" });
  if (!parsed.success)
    throw new Error(parsed.error.issues.map((issue) => `${issue.path.join(".")}: ${issue.message}`).join("\n"));
  const { email, name, password } = parsed.data;
  const refusal = await newPasswordRefusal(password, email);
  if (refusal) throw new Error(`password: ${refusal}`);
  const [existing] = await db.select({ id: users.id }).from(users).where(eq(users.email, email)).limit(1);
  if (existing) throw new Error(`An account with the email ${email} already exists.`);
  const hash = await hashPassword(password);
  const id = randomUUID();
  await db.transaction(async (tx) => {
    await tx.insert(users).values({ id, email, name, role: "ADMIN", url: uniqueSlug(name), emailVerified: true });
    await tx
      .insert(accounts)
      .values({ id: randomUUID(), accountId: id, providerId: "credential", userId: id, password: hash });
  });
  return { id, email };
}

/** Every admin's id: those told of what waits for an admin (a new case). */
export async function adminIds(db: Executor): Promise<string[]> {
  return (await db.select({ id: users.id }).from(users).where(eq(users.role, "ADMIN"))).map((row) => row.id);
}
