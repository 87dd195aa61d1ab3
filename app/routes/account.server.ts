import { eq } from "drizzle-orm";
import { redirect, type AppLoadContext } from "react-router";
import { users } from "#modules/accounts/server/tables";
import { notificationSettings } from "#modules/notifications/server";

export async function loadAccount(context: AppLoadContext) {
  const viewer = context.viewer;
  if (!viewer) throw redirect("/login?redirectTo=/account");
  const [[account], settings] = await Promise.all([
    context.db.select({ phone: users.phone }).from(users).where(eq(users.id, viewer.id)).limit(1),
    notificationSettings(context.db, viewer.id, viewer.role),
  ]);
  return { name: viewer.name, email: viewer.email, role: viewer.role, phone: account?.phone ?? "", settings };
}
