import { describe, expect, it } from "vitest";
import { NOTIFICATION_FACTS, NOTIFICATION_KINDS, NOTIFICATIONS } from "./notifications";

describe("what each kind of notice mentions", () => {
  it("has a schema of its facts for every kind, and words for every kind", () => {
    expect(Object.keys(NOTIFICATION_FACTS).sort()).toEqual([...NOTIFICATION_KINDS].sort());
    expect(Object.keys(NOTIFICATIONS).sort()).toEqual([...NOTIFICATION_KINDS].sort());
  });

  it("refuses facts a kind needs by name, instead of writing 'undefined' into a mail", () => {
    const missing = NOTIFICATION_FACTS.booking_confirmed.safeParse({ actName: "The Velvet Tones", eventName: "Gala" });
    expect(missing.success).toBe(false);
    expect(missing.error?.issues.map((issue) => issue.path.join("."))).toEqual(
      expect.arrayContaining(["bookingNumber", "contact", "due", "when"]),
    );
  });

  it("keeps a fact a kind may leave out optional, and the words read without it", () => {
    const facts = NOTIFICATION_FACTS.act_declined.parse({ actName: "DJ Nova", actUrl: "dj-nova", reason: null });
    expect(NOTIFICATIONS.act_declined.text(facts)).toEqual({
      title: "DJ Nova was declined",
      body: "DJ Nova was not approved. Update the profile and submit it again.",
      link: "/entertainment/dj-nova",
    });
  });
});
