import { z } from "zod";
import { MESSAGES } from "#domain/messages";

export const ACT_STATUS_KEYS = ["draft", "approved", "declined", "pending"] as const;
export type ActStatusKey = (typeof ACT_STATUS_KEYS)[number];
export const ACT_STATUS_COLORS = ["gray", "green", "red", "yellow"] as const;
export type ActStatusColor = (typeof ACT_STATUS_COLORS)[number];

export const actStatusSchema = z
  .object({
    key: z.enum(ACT_STATUS_KEYS),
    label: z.string(),
    color: z.enum(ACT_STATUS_COLORS),
    tooltip: z.string().optional(),
  })
  .meta({
    id: "ActStatus",
    description: "The act's displayed status; a tooltip only while pending",
    example: { key: "approved", label: "Approved", color: "green" },
  });
export type ActStatus = z.infer<typeof actStatusSchema>;

export interface ActStatusInput {
  application_complete: boolean;
  active: boolean;
  declined: boolean;
}

/** The displayed act status, checked in a fixed order: the first that holds wins. */
export function deriveActStatus(act: ActStatusInput): ActStatus {
  if (!act.application_complete) return { key: "draft", label: "Draft", color: "gray" };
  if (act.active) return { key: "approved", label: "Approved", color: "green" };
  if (act.declined) return { key: "declined", label: "Declined", color: "red" };
  return {
    key: "pending",
    label: "Pending Approval",
    color: "yellow",
    tooltip: MESSAGES.pendingApprovalTooltip,
  };
}
