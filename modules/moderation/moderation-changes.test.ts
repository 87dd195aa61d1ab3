import { describe, expect, it } from "vitest";
import { moderationChanges } from "./moderation-changes";

const tags: Record<number, string> = { 1: "Jazz", 2: "Swing", 3: "Rock", 7: "Background Music", 8: "Trio" };
const tagName = (id: number) => tags[id] ?? "a removed tag";

describe("an act's moderation history in people's words", () => {
  it("a decision is a change of status and of the reason, never raw fields", () => {
    const before = { active: false, declined: false, application_complete: true, decline_reason: null };
    const after = { active: false, declined: true, application_complete: true, decline_reason: "No live footage." };
    expect(moderationChanges(before, after, tagName)).toEqual([
      { field: "Status", before: "Pending Approval", after: "Declined" },
      { field: "Decline reason", before: "—", after: "No live footage." },
    ]);
    expect(
      moderationChanges(
        after,
        { active: true, declined: false, application_complete: true, decline_reason: null },
        tagName,
      ),
    ).toEqual([
      { field: "Status", before: "Declined", after: "Approved" },
      { field: "Decline reason", before: "No live footage.", after: "—" },
    ]);
  });

  it("a reassignment names the managers, not their accounts' ids", () => {
    const changes = moderationChanges(
      { manager: "artist2", manager_name: "Sam Second", internal_use_only: true },
      { manager: "artist", manager_name: "Alex Artist", internal_use_only: false },
      tagName,
    );
    expect(changes).toEqual([
      { field: "Manager", before: "Sam Second", after: "Alex Artist" },
      { field: "Internal use only", before: "Yes", after: "No" },
    ]);
    expect(JSON.stringify(changes)).not.toContain("artist2");
  });

  it("tags by name, flags as yes or no, reviews as a reader sees them", () => {
    expect(
      moderationChanges(
        { musical: true, genres: [1, 2], songTypes: [7] },
        { musical: true, genres: [3], songTypes: [7], bandSetups: [8] },
        tagName,
      ),
    ).toEqual([
      { field: "Genres", before: "Jazz, Swing", after: "Rock" },
      { field: "Group Sizes", before: "—", after: "Trio" },
    ]);
    expect(moderationChanges({ is_featured: 0 }, { is_featured: 1 }, tagName)).toEqual([
      { field: "Featured", before: "No", after: "Yes" },
    ]);
    expect(
      moderationChanges(
        { review_id: 4, rating: 5, title: "Unforgettable", body: "…", reviewer_name: "Quinn Q." },
        {},
        tagName,
      ),
    ).toEqual([{ field: "Review", before: "5 stars, “Unforgettable” by Quinn Q.", after: "—" }]);
  });

  it("a fact with no reading of its own is still named, and a tag since removed says so", () => {
    expect(moderationChanges({ payout_hold: false }, { payout_hold: true }, tagName)).toEqual([
      { field: "Payout hold", before: "false", after: "true" },
    ]);
    expect(moderationChanges({ genres: [99] }, { genres: [] }, tagName)).toEqual([
      { field: "Genres", before: "a removed tag", after: "—" },
    ]);
  });
});
