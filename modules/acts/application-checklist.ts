/**
 * What an act needs before its application can be submitted for approval: shown on /my-acts
 * as a checklist, and checked again by the server when the application is submitted.
 */
export interface ApplicationFacts {
  headline: string | null;
  description: string | null;
  location: string | null;
  avatar: string | null;
  imageCount: number;
  /** Tags on the act, or asked for in a pending tag update request (an admin decides both together). */
  tagCount: number;
  pendingTagRequest: boolean;
}

export interface ChecklistItem {
  key: "headline" | "description" | "location" | "photo" | "tags";
  label: string;
  done: boolean;
}

const filled = (value: string | null) => Boolean(value?.trim());

export function applicationChecklist(facts: ApplicationFacts): ChecklistItem[] {
  return [
    { key: "headline", label: "A headline", done: filled(facts.headline) },
    { key: "description", label: "A description", done: filled(facts.description) },
    { key: "location", label: "A home city", done: filled(facts.location) },
    { key: "photo", label: "A profile photo or an image", done: filled(facts.avatar) || facts.imageCount > 0 },
    {
      key: "tags",
      label: "Genres and tags (or a request for them)",
      done: facts.tagCount > 0 || facts.pendingTagRequest,
    },
  ];
}

export function missingForApplication(facts: ApplicationFacts): string[] {
  return applicationChecklist(facts)
    .filter((item) => !item.done)
    .map((item) => item.label);
}

/** The server's refusal when something is missing, naming what. */
export function incompleteApplicationMessage(missing: string[]): string {
  return `Before you submit, add: ${missing.map((label) => label.charAt(0).toLowerCase() + label.slice(1)).join("; ")}`;
}

/** What an approving admin is told is still missing from an act's page (its checklist's gaps). */
export function approvalWarning(actName: string, missing: readonly string[]): string | null {
  if (missing.length === 0) return null;
  return `${actName} is missing: ${missing.map((label) => label.charAt(0).toLowerCase() + label.slice(1)).join("; ")}. Planners will see its page as it is.`;
}
