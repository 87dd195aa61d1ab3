import { z } from "zod";
import { NOTIFICATION_KINDS } from "./notifications";

export const notificationSchema = z
  .object({
    id: z.number().int(),
    kind: z.enum(NOTIFICATION_KINDS),
    title: z.string(),
    body: z.string(),
    link: z.string().describe("The page to act on, a path on this site"),
    created_at: z.iso.datetime(),
    read: z.boolean(),
  })
  .meta({
    id: "Notification",
    description: "Something that happened that the user should know of",
    example: {
      id: 12,
      kind: "act_approved",
      title: "The Velvet Tones is approved",
      body: "The Velvet Tones is live: planners can now find and book it.",
      link: "/entertainment/the-velvet-tones",
      created_at: "2026-11-24T11:11:33.909Z",
      read: false,
    },
  });
export type Notification = z.infer<typeof notificationSchema>;

export const notificationSettingSchema = z
  .object({
    kind: z.enum(NOTIFICATION_KINDS),
    label: z.string().describe("When this mail is sent, in words"),
    email: z.boolean(),
  })
  .meta({
    id: "NotificationSetting",
    description: "Whether the user gets this kind of notification by email",
    example: { kind: "act_approved", label: "An act of mine is approved", email: true },
  });
export type NotificationSetting = z.infer<typeof notificationSettingSchema>;
