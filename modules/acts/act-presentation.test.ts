import { kindOfAct } from "#domain/tags";
import { describe, expect, it } from "vitest";
import { initialsOf } from "#domain/formatters";
import { isShowcaseReady } from "./act-presentation";

describe("how an act is put in front of planners", () => {
  it("a promoted act has a photo, a headline and a city", () => {
    const full = { avatar: "avatars/a.png", headline: "Soul for weddings", location: "Chicago, IL" };
    expect(isShowcaseReady(full)).toBe(true);
    expect(isShowcaseReady({ ...full, avatar: null })).toBe(false);
    expect(isShowcaseReady({ ...full, headline: "  " })).toBe(false);
    expect(isShowcaseReady({ ...full, location: null })).toBe(false);
  });

  it("an act without a photo is shown by its initials", () => {
    expect(initialsOf("The Velvet Tones")).toBe("VT");
    expect(initialsOf("DJ Nova")).toBe("DN");
    expect(initialsOf("élan")).toBe("É");
    expect(initialsOf("The")).toBe("T");
  });
});

describe("kindOfAct", () => {
  it("says a variety type before a speaker type before a band setup, and nothing for a style alone", () => {
    expect(
      kindOfAct([
        { name: "Trio", type: "Band Setup" },
        { name: "Magician", type: "Variety Type" },
      ]),
    ).toBe("Magician");
    expect(
      kindOfAct([
        { name: "Trio", type: "Band Setup" },
        { name: "Emcee", type: "Speaker Type" },
      ]),
    ).toBe("Emcee");
    expect(
      kindOfAct([
        { name: "Trio", type: "Band Setup" },
        { name: "Duo", type: "Band Setup" },
      ]),
    ).toBe("Duo");
    expect(kindOfAct([{ name: "Jazz", type: "Genre" }])).toBeNull();
  });
});
