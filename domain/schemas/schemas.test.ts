import fc from "fast-check";
import { describe, expect, it } from "vitest";
import type { ZodType } from "zod";
import { signUpSchema } from "#modules/accounts/schemas";
import { imageSchema, videoLinkSchema } from "#modules/files/schemas";
import { reassignSchema, setStatusSchema } from "#modules/moderation/schemas";
import { messageSchema } from "#modules/conversations/schemas";
import { createEventSchema, offerSchema } from "#modules/bookings/schemas";
import { offeringSchema } from "#modules/content/offering-schemas";
import { reorderSchema } from "#modules/content/reorder-schemas";
import { adminReviewSchema, plannerReviewSchema } from "#modules/content/review-schemas";
import { tagSelectionSchema } from "#modules/moderation/tag-schemas";
import { testimonialSchema } from "#modules/content/testimonial-schemas";

/** The messages a schema gives for an input, by field. */
function messages(schema: ZodType, input: unknown): Record<string, string[]> {
  const result = schema.safeParse(input);
  if (result.success) return {};
  const errors: Record<string, string[]> = {};
  for (const issue of result.error.issues) (errors[issue.path.join(".") || "_"] ??= []).push(issue.message);
  return errors;
}

const long = (n: number) => "x".repeat(n);

describe("review schemas", () => {
  it("gives the spec's messages when fields are missing", () => {
    expect(messages(adminReviewSchema, {})).toEqual({
      rating: ["Rating is required"],
      title: ["Review Title is required"],
      body: ["Review is required"],
      reviewer_name: ["Reviewer Name is required"],
    });
    expect(messages(plannerReviewSchema, { rating: 5, title: "t", body: "b" })).toEqual({
      event_url: ["Event is required"],
    });
  });

  it("gives the spec's length messages", () => {
    expect(
      messages(adminReviewSchema, { rating: 3, title: long(256), body: long(1001), reviewer_name: long(51) }),
    ).toEqual({
      title: ["Must be 255 characters or less"],
      body: ["Must be 1000 characters or less"],
      reviewer_name: ["Must be 50 characters or less"],
    });
    expect(
      messages(adminReviewSchema, { rating: 3, title: long(255), body: long(1000), reviewer_name: long(50) }),
    ).toEqual({});
  });

  it("accepts whole ratings 1 to 5 only, and shows the planner's name by default", () => {
    fc.assert(
      fc.property(fc.integer(), (rating) => {
        const ok = plannerReviewSchema.safeParse({ rating, title: "t", body: "b", event_url: "spring-gala" }).success;
        expect(ok).toBe(rating >= 1 && rating <= 5);
      }),
    );
    expect(plannerReviewSchema.parse({ rating: 5, title: "t", body: "b", event_url: "e" }).allow_reviewer_name).toBe(
      true,
    );
  });
});

describe("testimonial and offering schemas", () => {
  it("testimonial messages", () => {
    expect(messages(testimonialSchema, {})).toEqual({
      name: ["Name is required"],
      content: ["Description is required"],
    });
    expect(
      messages(testimonialSchema, {
        name: long(256),
        organization: long(256),
        org_position: long(256),
        content: long(1001),
      }),
    ).toEqual({
      name: ["Must be 255 characters or less"],
      organization: ["Must be 255 characters or less"],
      org_position: ["Must be 255 characters or less"],
      content: ["Must be 1000 characters or less"],
    });
    expect(testimonialSchema.parse({ name: " A ", content: "c", organization: "" })).toEqual({
      name: "A",
      content: "c",
      organization: null,
      org_position: null,
    });
  });

  it("offering messages", () => {
    expect(messages(offeringSchema, { title: "", description: "", eventTypes: [] })).toEqual({
      title: ["Title is required"],
      description: ["Description is required"],
      eventTypes: ["At least one Event Type must be selected"],
    });
    expect(messages(offeringSchema, { title: "t", description: long(751), eventTypes: [1] })).toEqual({
      description: ["Must be 750 characters or less"],
    });
    expect(offeringSchema.parse({ title: "t", description: "d", eventTypes: [3, 3, 4] }).eventTypes).toEqual([3, 4]);
  });
});

describe("tag selection schema", () => {
  it("a musical act needs 1 to 5 genres, a set type and a group size", () => {
    expect(messages(tagSelectionSchema, { musical: true, genres: [], "song-types": [], "band-setups": [] })).toEqual({
      genres: ["At least one Genre must be selected"],
      "song-types": ["At least one Set Type must be selected"],
      "band-setups": ["At least one Group Size must be selected"],
    });
    expect(
      messages(tagSelectionSchema, {
        musical: true,
        genres: [1, 2, 3, 4, 5, 6],
        "song-types": [7],
        "band-setups": [8],
      }),
    ).toEqual({
      genres: ["Cannot add more than 5 Genres"],
    });
  });

  it("a non-musical act picks at most 5 variety and speaker tags", () => {
    expect(messages(tagSelectionSchema, { musical: false, tags: [1, 2, 3, 4, 5, 6] })).toEqual({
      tags: ["Cannot add more than 5 Tags"],
    });
    expect(messages(tagSelectionSchema, { musical: false, tags: [1, 2, 3, 4, 5] })).toEqual({});
  });
});

describe("moderation, media, reorder and sign-up schemas", () => {
  it("decline reason is optional and at most 1000 characters", () => {
    expect(messages(setStatusSchema, { status: "declined" })).toEqual({});
    expect(messages(setStatusSchema, { status: "declined", decline_reason: long(1001) })).toEqual({
      decline_reason: ["Must be 1000 characters or less"],
    });
  });

  it("reassign needs an account", () => {
    expect(messages(reassignSchema, {})).toEqual({ act: ["Entertainer Account is required"] });
    expect(messages(reassignSchema, { act: "  " })).toEqual({ act: ["Entertainer Account is required"] });
  });

  it("an image is required", () => {
    expect(messages(imageSchema, {})).toEqual({ path: ["Image is required"] });
  });

  it("a video link is stripped, checked and required", () => {
    expect(videoLinkSchema.parse({ link: " https://youtu.be/ dQw4w9WgXcQ " })).toEqual({
      link: "https://youtu.be/dQw4w9WgXcQ",
    });
    expect(messages(videoLinkSchema, { link: "https://example.com/video" })).toEqual({ link: ["Error: Invalid link"] });
    expect(messages(videoLinkSchema, { link: "   " })).toEqual({ link: ["Link is required"] });
  });

  it("reorder ranks start at 1 with no gaps or repeats", () => {
    expect(
      reorderSchema.safeParse({
        order: [
          { id: 5, rank: 2 },
          { id: 9, rank: 1 },
        ],
      }).success,
    ).toBe(true);
    expect(
      reorderSchema.safeParse({
        order: [
          { id: 5, rank: 0 },
          { id: 9, rank: 1 },
        ],
      }).success,
    ).toBe(false);
    expect(
      reorderSchema.safeParse({
        order: [
          { id: 5, rank: 1 },
          { id: 9, rank: 3 },
        ],
      }).success,
    ).toBe(false);
    expect(
      reorderSchema.safeParse({
        order: [
          { id: 5, rank: 1 },
          { id: 5, rank: 2 },
        ],
      }).success,
    ).toBe(false);
  });

  it("sign-up never accepts the ADMIN role", () => {
    expect(messages(signUpSchema, { name: "A", email: "a@b.co", password: "long-enough", role: "ADMIN" })).toEqual({
      role: ["Choose Planner or Artist"],
    });
    expect(signUpSchema.parse({ name: "A", email: " A@B.co ", password: "long-enough", role: "ARTIST" }).email).toBe(
      "a@b.co",
    );
  });
});

describe("conversation, event and offer schemas", () => {
  it("a message needs a character a reader can see: blanks and zero-width characters alone are no message, and say so once", () => {
    for (const body of ["", "   ", "\u200B\u200B", "\u200C\u200D\u2060\uFEFF", " \u3164 \u2800 ", "\u202E\u200E"]) {
      expect(messages(messageSchema, { body }), JSON.stringify(body)).toEqual({ body: ["Message is required"] });
    }
    expect(messages(messageSchema, { body: "\u200Bhi\u200B" })).toEqual({});
    expect(messages(messageSchema, { body: "🎷" })).toEqual({});
  });

  it("a start time says it is required once, and a day that does not exist is refused", () => {
    const event = { name: "Gala", location: "Chicago, IL" };
    expect(messages(createEventSchema, { ...event, starttime: "" })).toEqual({ starttime: ["Start time is required"] });
    for (const starttime of ["2027-02-30T19:00", "+275760-09-13T00:00", "0000-01-01T00:00"]) {
      expect(messages(createEventSchema, { ...event, starttime }), starttime).toEqual({
        starttime: ["Enter a valid date and time"],
      });
    }
  });

  it("an offer is whole cents, at least $1", () => {
    expect(messages(offerSchema, { price: 0 })).toEqual({ price: ["An offer is at least $1"] });
    expect(messages(offerSchema, { price: 0.99 })).toEqual({ price: ["An offer is at least $1"] });
    expect(messages(offerSchema, { price: 12.345 })).toEqual({
      price: ["Enter the price in dollars and cents, such as 1500 or 1500.50"],
    });
    expect(messages(offerSchema, { price: 1500.29 })).toEqual({});
  });
});
