import { z } from "zod";
import { NOTIFICATION_KINDS } from "./notifications";

/** POST /api/notifications/settings: turn one kind of email on or off. */
export const notificationSettingInputSchema = z.object({
  kind: z.enum(NOTIFICATION_KINDS, { error: "Choose a kind of notification" }),
  email: z.boolean({ error: "Say whether to send this email" }),
});
export type NotificationSettingInput = z.infer<typeof notificationSettingInputSchema>;
