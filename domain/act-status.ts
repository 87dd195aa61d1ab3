import { MESSAGES } from "./messages";

export type ActStatusKey = "draft" | "approved" | "declined" | "pending";
export type ActStatusColor = "gray" | "green" | "red" | "yellow";

export interface ActStatus {
  key: ActStatusKey;
  label: string;
  color: ActStatusColor;
  tooltip?: string;
}

export interface ActStatusInput {
  application_complete: boolean;
  active: boolean;
  declined: boolean;
}

/** The displayed act status of SPEC.md section 4, checked in the spec's order. */
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
