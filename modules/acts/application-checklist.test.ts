import { describe, expect, it } from "vitest";
import {
  applicationChecklist,
  approvalWarning,
  incompleteApplicationMessage,
  missingForApplication,
} from "./application-checklist";

const complete = {
  headline: "Soul band",
  description: "Nine pieces.",
  location: "Chicago, IL",
  avatar: "avatars/a.png",
  imageCount: 0,
  tagCount: 3,
  pendingTagRequest: false,
};

describe("the application checklist", () => {
  it("is done when every item is there; blank text is missing", () => {
    expect(missingForApplication(complete)).toEqual([]);
    expect(missingForApplication({ ...complete, headline: "   ", description: null })).toEqual([
      "A headline",
      "A description",
    ]);
  });

  it("takes an image for the photo and a pending request for the tags", () => {
    expect(
      missingForApplication({ ...complete, avatar: null, imageCount: 1, tagCount: 0, pendingTagRequest: true }),
    ).toEqual([]);
    expect(
      applicationChecklist({ ...complete, avatar: null, tagCount: 0 })
        .filter((item) => !item.done)
        .map((item) => item.key),
    ).toEqual(["photo", "tags"]);
  });

  it("names what is missing in the refusal", () => {
    expect(incompleteApplicationMessage(["A headline", "A home city"])).toBe(
      "Before you submit, add: a headline; a home city",
    );
  });
});

describe("the approving admin's warning", () => {
  it("names what is missing, and says nothing when nothing is", () => {
    expect(approvalWarning("Pending Act", [])).toBeNull();
    expect(approvalWarning("Pending Act", ["A headline", "A home city"])).toBe(
      "Pending Act is missing: a headline; a home city. Planners will see its page as it is.",
    );
  });
});
