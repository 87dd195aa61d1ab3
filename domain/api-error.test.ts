import { describe, expect, it } from "vitest";
import { fieldMessagesText } from "./api-error";

describe("a field's messages as one text", () => {
  it("keeps one message as it is, and makes several into sentences", () => {
    expect(fieldMessagesText(undefined)).toBe("");
    expect(fieldMessagesText(["Start time is required"])).toBe("Start time is required");
    expect(fieldMessagesText(["Start time is required", "Enter a valid date and time"])).toBe(
      "Start time is required. Enter a valid date and time.",
    );
    expect(fieldMessagesText(["Too long!", "Name is required"])).toBe("Too long! Name is required.");
  });
});
