import { redirect, type AppLoadContext } from "react-router";
import { notificationSettings } from "#modules/notifications/server";

export async function loadAccount(context: AppLoadContext) {
  const viewer = context.viewer;
  if (!viewer) throw redirect("/login?redirectTo=/account");
  return {
    name: viewer.name,
    email: viewer.email,
    role: viewer.role,
    settings: await notificationSettings(context.db, viewer.id, viewer.role),
  };
}
