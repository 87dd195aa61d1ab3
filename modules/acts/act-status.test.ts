import fc from "fast-check";
import { describe, expect, it } from "vitest";
import { deriveActStatus } from "./act-status";

describe("deriveActStatus", () => {
  it("follows the spec's order: draft, approved, declined, pending", () => {
    expect(deriveActStatus({ application_complete: false, active: true, declined: true })).toEqual({
      key: "draft",
      label: "Draft",
      color: "gray",
    });
    expect(deriveActStatus({ application_complete: true, active: true, declined: true })).toMatchObject({
      label: "Approved",
      color: "green",
    });
    expect(deriveActStatus({ application_complete: true, active: false, declined: true })).toMatchObject({
      label: "Declined",
      color: "red",
    });
    expect(deriveActStatus({ application_complete: true, active: false, declined: false })).toEqual({
      key: "pending",
      label: "Pending Approval",
      color: "yellow",
      tooltip: "The EVA team will notify you as soon as a decision has been made",
    });
  });

  it("only the pending status carries a tooltip, for every combination of flags", () => {
    fc.assert(
      fc.property(fc.boolean(), fc.boolean(), fc.boolean(), (application_complete, active, declined) => {
        const status = deriveActStatus({ application_complete, active, declined });
        expect(status.tooltip !== undefined).toBe(status.key === "pending");
        expect({ draft: "gray", approved: "green", declined: "red", pending: "yellow" }[status.key]).toBe(status.color);
      }),
    );
  });
});

import { actPageSeo } from "../seo/seo";

describe("actPageSeo", () => {
  it("uses the curated entry when there is one", () => {
    expect(actPageSeo("EVA", { name: "X", description: "d" }, { title: "T", description: "D" })).toEqual({
      title: "T",
      description: "D",
    });
  });
  it("falls back to the short name, a dash and the act name, and the description", () => {
    expect(actPageSeo("EVA", { name: "DJ Nova", description: "Spins." }, null)).toEqual({
      title: "EVA - DJ Nova",
      description: "Spins.",
    });
    expect(actPageSeo("Gigs", { name: "", description: null }, null)).toEqual({
      title: "Gigs - Entertainer Profile",
      description: "EVA Entertainer",
    });
  });
});
