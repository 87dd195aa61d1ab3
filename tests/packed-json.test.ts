import { describe, expect, it } from "vitest";
import { packJson, packedJsonOf, unpackJson, type PackedJson } from "#app/lib/packed-json";

/** Large loader data travels as one JSON string (decision 0023). */
describe("packed JSON", () => {
  it("unpacks to what was packed, and the same object for the same JSON, as a render and its meta need", () => {
    const profile = { url: "the-velvet-tones", reviews: [{ rating: 5, title: 'Superb "night" </script>' }] };
    const packed = packJson(profile);
    expect(typeof packed).toBe("string");
    // Where it was packed (the server's render), the object itself comes back: nothing is parsed.
    expect(unpackJson(packed)).toBe(profile);
    // Where it arrives as text (the browser), it is parsed once and then shared.
    const arrived = ` ${packed}`.slice(1) as PackedJson<typeof profile>;
    const fresh = JSON.parse(arrived) as unknown;
    expect(unpackJson(arrived)).toEqual(fresh);
    expect(unpackJson(JSON.stringify(fresh) as PackedJson<typeof profile>)).toBe(unpackJson(arrived));
  });

  it("another value is another object, and old values are let go", () => {
    const first = packJson({ n: 0 });
    for (let n = 1; n <= 40; n++) expect(unpackJson(packJson({ n }))).toEqual({ n });
    const again = unpackJson(first);
    expect(again).toEqual({ n: 0 });
    expect(unpackJson(packJson({ n: 1 }))).not.toBe(again);
  });

  it("the same JSON packed again hands out the first value, whose JSON the server can name without writing it", () => {
    const first = { url: "the-trio", rating: 4 };
    const packed = packJson(first);
    const again = packJson({ url: "the-trio", rating: 4 });
    expect(unpackJson(again)).toBe(first);
    expect(packedJsonOf(unpackJson(again))).toBe(packed);
    expect(packedJsonOf({ url: "the-trio", rating: 4 })).toBeUndefined();
  });
});
