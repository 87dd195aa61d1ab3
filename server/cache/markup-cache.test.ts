import { createHash } from "node:crypto";
import fc from "fast-check";
import { constants, gunzipSync, inflateRawSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { gzipAround } from "../http/gzip-around";
import { createMarkupKeeper, cachedPiece } from "./markup-cache";

/**
 * Parts of pages are rendered once per distinct input and reused (decision 0021); a page's gzip
 * takes their compressed form as it is. Both must give what rendering and compressing afresh gives.
 */
describe("kept markup", () => {
  it("is rendered once per distinct input, and again for any other input", () => {
    const keeper = createMarkupKeeper();
    let renders = 0;
    const render = (text: string) => () => ({ html: `<p>${text} ${++renders}</p>`, imagePreloads: [] });
    const first = keeper.piece("profile", { act: "a", can: { manage: false } }, render("a"));
    expect(keeper.piece("profile", { act: "a", can: { manage: false } }, render("a")).html).toBe(first.html);
    expect(renders).toBe(1);
    // Another viewer's abilities, another act, another part: each its own render.
    expect(keeper.piece("profile", { act: "a", can: { manage: true } }, render("a")).html).toBe("<p>a 2</p>");
    expect(keeper.piece("profile", { act: "b", can: { manage: false } }, render("b")).html).toBe("<p>b 3</p>");
    expect(keeper.piece("other", { act: "a", can: { manage: false } }, render("a")).html).toBe("<p>a 4</p>");
    expect(keeper.size().entries).toBe(4);
  });

  it("forgets the least recently used past its size", () => {
    const keeper = createMarkupKeeper(30);
    const render = (text: string) => () => ({ html: text, imagePreloads: [] });
    keeper.piece("p", 1, render("0123456789"));
    keeper.piece("p", 2, render("abcdefghij"));
    keeper.piece("p", 1, render("unused")); // used again: now the most recent
    keeper.piece("p", 3, render("ABCDEFGHIJ"));
    keeper.piece("p", 4, render("KLMNOPQRST")); // 40 bytes: the least recently used (2) goes
    expect(keeper.size()).toEqual({ entries: 3, bytes: 30 });
    expect(keeper.piece("p", 1, render("again")).html).toBe("0123456789");
    expect(keeper.piece("p", 2, render("rendered again")).html).toBe("rendered again");
  });

  it("a value whose JSON is known keys its part by that JSON, digested once per value", () => {
    const written = new Map<object, string>();
    let asked = 0;
    const keeper = createMarkupKeeper(undefined, (value) => {
      asked++;
      return written.get(value);
    });
    const act = { name: "The Velvet Tones" };
    written.set(act, JSON.stringify(act));
    let renders = 0;
    const render = () => () => ({ html: `<p>${++renders}</p>`, imagePreloads: [] });
    const first = keeper.piece("profile", { act, guest: true }, render());
    expect(keeper.piece("profile", { act, guest: true }, render()).html).toBe(first.html);
    // The same JSON from another value is the same input; another field is another input.
    const same = { name: "The Velvet Tones" };
    written.set(same, JSON.stringify(same));
    expect(keeper.piece("profile", { act: same, guest: true }, render()).html).toBe(first.html);
    expect(keeper.piece("profile", { act, guest: false }, render()).html).toBe("<p>2</p>");
    const changed = { name: "The Velvet Tones Trio" };
    written.set(changed, JSON.stringify(changed));
    expect(keeper.piece("profile", { act: changed, guest: true }, render()).html).toBe("<p>3</p>");
    // A value whose JSON is not known is written out as before.
    expect(keeper.piece("profile", { act: { name: "The Velvet Tones" }, guest: true }, render()).html).toBe("<p>4</p>");
    expect(asked).toBeGreaterThan(0);
  });

  it("a long string keys its part by its content, whichever string brings it", () => {
    const keeper = createMarkupKeeper();
    let renders = 0;
    const render = () => () => ({ html: `<p>${++renders}</p>`, imagePreloads: [] });
    const packed = JSON.stringify({ acts: Array.from({ length: 300 }, (_, n) => `act ${n}`) });
    expect(packed.length).toBeGreaterThan(1024);
    const first = keeper.piece("results", { results: packed }, render());
    // The same text made anew is the same input; one character more is another.
    expect(keeper.piece("results", { results: `${packed} `.trimEnd() }, render()).html).toBe(first.html);
    expect(keeper.piece("results", { results: packed.replace("act 99", "act 98") }, render()).html).toBe("<p>2</p>");
    // No input's own data spells a long string's stand-in.
    const digest = createHash("sha256").update(packed).digest("base64");
    for (const spelled of [{ "#string": digest }, { "#json": digest }, digest])
      expect(keeper.piece("results", { results: spelled }, render()).html).not.toBe(first.html);
    expect(renders).toBe(5);
  });

  it("a page's gzip with kept parts inside decompresses to the page, wherever the parts sit", () => {
    const text = fc.string({ unit: "grapheme", maxLength: 400 });
    fc.assert(
      fc.property(
        text,
        fc.array(fc.tuple(text, text), { maxLength: 4 }),
        fc.integer({ min: 1, max: 9 }),
        (start, rest, level) => {
          const parts = rest.map(([part]) => cachedPiece({ html: part, imagePreloads: [] }));
          const page = Buffer.from(start + rest.map(([part, after]) => part + after).join(""));
          const zipped = gzipAround(page, parts, level);
          expect(gunzipSync(zipped).equals(page)).toBe(true);
        },
      ),
      { numRuns: 300 },
    );
  });

  it("a part is compressed at a page's level for its first showing, then harder, once", () => {
    const html = Array.from({ length: 2000 }, (_, n) => `<li>act ${n * 7919} plays ${n % 13} sets</li>`).join("");
    const piece = cachedPiece({ html, imagePreloads: [] });
    const first = piece.deflated();
    const again = piece.deflated();
    expect(piece.deflated()).toBe(again);
    expect(again).not.toBe(first);
    expect(again.byteLength).toBeLessThanOrEqual(first.byteLength);
    for (const deflated of [first, again])
      expect(inflateRawSync(deflated, { finishFlush: constants.Z_SYNC_FLUSH }).toString()).toBe(html);
  });

  it("a long run around the parts, compressed once and kept by its bytes, is never another run's", () => {
    const body = cachedPiece({ html: "<main>kept</main>", imagePreloads: [] });
    const head = (title: string) => `<head><title>${title}</title>${"<meta name=x>".repeat(300)}</head>`;
    for (const title of ["First", "Second", "First", "Secont"]) {
      const page = Buffer.from(`${head(title)}<main>kept</main>${"<footer>".repeat(400)}`);
      expect(gunzipSync(gzipAround(page, [body], 3)).toString()).toBe(page.toString());
    }
  });

  it("a part not in the page is compressed with the rest, and a part is found after the one before it", () => {
    const page = Buffer.from("<p>same</p><main><p>same</p></main>");
    const zipped = gzipAround(
      page,
      [
        cachedPiece({ html: "<aside>absent</aside>", imagePreloads: [] }),
        cachedPiece({ html: "<p>same</p>", imagePreloads: [] }),
        cachedPiece({ html: "<p>same</p>", imagePreloads: [] }),
      ],
      3,
    );
    expect(gunzipSync(zipped).toString()).toBe(page.toString());
  });

  it("a part given its place, right or wrong, gives the page's gzip with the part's own compressed bytes", () => {
    const html = Array.from({ length: 400 }, (_, n) => `<li>act ${n * 7919}</li>`).join("");
    const piece = cachedPiece({ html, imagePreloads: [] });
    const page = Buffer.from(`<head>${html.slice(0, 40)}</head><main>${html}</main>`);
    const at = page.indexOf(html, 60);
    const deflated = piece.deflated();
    const place = (offset: number) => ({ bytes: piece.bytes, deflated: () => deflated, at: offset });
    const placed = gzipAround(page, [place(at)], 3);
    expect(gunzipSync(placed).equals(page)).toBe(true);
    // The part's own compressed bytes are in the page's gzip: it was not compressed again with the rest.
    expect(Buffer.from(placed).includes(deflated)).toBe(true);
    for (const wrong of [at - 1, at + 1, 0, page.byteLength, -5]) {
      const zipped = gzipAround(page, [place(wrong)], 3);
      expect(gunzipSync(zipped).equals(page)).toBe(true);
      expect(Buffer.from(zipped).includes(deflated)).toBe(true);
    }
  });
});
