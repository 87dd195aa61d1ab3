import { deriveActStatus } from "../acts/act-status";
import { ACT_TAG_RELATIONS, type ActTagRelation, RELATION_TAG_TYPE, TAG_TYPE_NAMES } from "#domain/tags";

/** One field an admin's action changed, in people's words: "Status: Pending Approval → Approved". */
export interface ModerationChange {
  field: string;
  before: string;
  after: string;
}

/** What the history calls each list of an act's tags: its tag type's name, as everywhere else. */
const relationName = (relation: ActTagRelation) => TAG_TYPE_NAMES[RELATION_TAG_TYPE[relation]].many;

const NONE = "—";
const yesNo = (value: unknown) => (value === undefined ? NONE : value === true || value === 1 ? "Yes" : "No");
const text = (value: unknown) => (typeof value === "string" && value.trim() ? value : NONE);
const isRelation = (key: string): key is ActTagRelation => (ACT_TAG_RELATIONS as readonly string[]).includes(key);

type Values = Record<string, unknown>;

/** The tag ids an entry records under one of the act's tag lists. */
function tagIdsUnder(values: Values, relation: ActTagRelation): number[] {
  const ids = values[relation];
  return Array.isArray(ids) ? ids.filter((id): id is number => typeof id === "number") : [];
}

/** Every tag id an entry records, under any of the act's tag lists: the names to look up. */
export function recordedTagIds(values: Values): number[] {
  return ACT_TAG_RELATIONS.flatMap((relation) => tagIdsUnder(values, relation));
}

/** How one recorded value reads, for the facts an action records (moderation-log's callers). */
const FIELDS: { field: string; keys: string[]; read: (values: Values, tagName: (id: number) => string) => string }[] = [
  {
    field: "Status",
    keys: ["active", "declined", "application_complete"],
    read: (v) =>
      v.active === undefined
        ? NONE
        : deriveActStatus({
            active: v.active === true,
            declined: v.declined === true,
            application_complete: v.application_complete === true,
          }).label,
  },
  { field: "Decline reason", keys: ["decline_reason"], read: (v) => text(v.decline_reason) },
  { field: "Manager", keys: ["manager_name"], read: (v) => text(v.manager_name) },
  { field: "Internal use only", keys: ["internal_use_only"], read: (v) => yesNo(v.internal_use_only) },
  { field: "Featured", keys: ["is_featured"], read: (v) => yesNo(v.is_featured) },
  { field: "Nationally recognized", keys: ["nationallyRecognized"], read: (v) => yesNo(v.nationallyRecognized) },
  {
    field: "Kind of act",
    keys: ["musical"],
    read: (v) => (v.musical === undefined ? NONE : v.musical ? "Musical" : "Variety or speaker"),
  },
  ...ACT_TAG_RELATIONS.map((relation) => ({
    field: relationName(relation),
    keys: [relation],
    read: (v: Values, tagName: (id: number) => string) => {
      const ids = tagIdsUnder(v, relation);
      return ids.length ? ids.map(tagName).join(", ") : NONE;
    },
  })),
  {
    field: "Review",
    keys: ["review_id"],
    read: (v) =>
      v.review_id === undefined
        ? NONE
        : `${v.rating} stars, “${text(v.title)}” by ${text(v.reviewer_name) === NONE ? "a planner" : v.reviewer_name}`,
  },
];

/** Keys that only identify something another field already names (the manager's account, the review's row). */
const SHOWN_THROUGH_OTHERS = new Set(["manager", "rating", "title", "body", "reviewer_name"]);

/**
 * The fields an entry of an act's moderation history changed, each before and after, in the
 * words an admin reads; facts recorded without a reading of their own are named as stored.
 */
export function moderationChanges(before: Values, after: Values, tagName: (id: number) => string): ModerationChange[] {
  const known = new Set(FIELDS.flatMap((entry) => entry.keys));
  const changes: ModerationChange[] = [];
  for (const entry of FIELDS) {
    if (!entry.keys.some((key) => key in before || key in after)) continue;
    const change = { field: entry.field, before: entry.read(before, tagName), after: entry.read(after, tagName) };
    if (change.before !== change.after) changes.push(change);
  }
  for (const key of new Set([...Object.keys(before), ...Object.keys(after)])) {
    if (known.has(key) || SHOWN_THROUGH_OTHERS.has(key) || isRelation(key)) continue;
    const change = {
      field: key.replace(/_/g, " ").replace(/^./, (first) => first.toUpperCase()),
      before: text(String(before[key] ?? "")),
      after: text(String(after[key] ?? "")),
    };
    if (change.before !== change.after) changes.push(change);
  }
  return changes;
}
