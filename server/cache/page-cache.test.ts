import { gunzipSync } from "node:zlib";
import { describe, expect, it } from "vitest";
import { createPageKeeper } from "./page-cache";
import { finishPage, htmlResponse, renderedPage } from "../http/page-response";

const bytes = (text: string) => new TextEncoder().encode(text);

/** Whole pages are kept by the data they were rendered from (decision 0022). */
describe("kept pages", () => {
  it("are keyed by the address, the status and every byte of the data", () => {
    const keeper = createPageKeeper();
    const key = keeper.keyOf("http://x/entertainment/a", 200, [bytes('[{"viewer":'), bytes('"Pat"}]')]);
    // The same bytes in other chunks are the same data.
    expect(keeper.keyOf("http://x/entertainment/a", 200, [bytes('[{"viewer":"Pat"}]')])).toBe(key);
    expect(keeper.keyOf("http://x/entertainment/a", 200, [bytes('[{"viewer":"Sam"}]')])).not.toBe(key);
    expect(keeper.keyOf("http://x/entertainment/b", 200, [bytes('[{"viewer":"Pat"}]')])).not.toBe(key);
    expect(keeper.keyOf("http://x/entertainment/a?page=2", 200, [bytes('[{"viewer":"Pat"}]')])).not.toBe(key);
    expect(keeper.keyOf("http://x/entertainment/a", 404, [bytes('[{"viewer":"Pat"}]')])).not.toBe(key);
  });

  it("keep what the first send made of a page (its policy and its gzip) for every later send", () => {
    const keeper = createPageKeeper();
    const html = `<!doctype html><html><body>${"<p>the same words, again and again</p>".repeat(100)}<script>window.x = 1</script></body></html>`;
    const kept = keeper.keep("k", bytes(html));
    const send = () =>
      finishPage(htmlResponse(kept.bytes, { headers: { "content-type": "text/html" } }, { finish: kept.finish }), {
        acceptsGzip: true,
      });
    const first = send();
    expect(kept.finish.policy).toContain("'sha256-");
    expect(kept.finish.gzip).toBeDefined();
    const second = send();
    expect(second.headers.get("content-security-policy")).toBe(first.headers.get("content-security-policy"));
    expect(renderedPage(second)?.gzip).toBe(kept.finish.gzip);
    expect(gunzipSync(renderedPage(second)!.gzip!).toString()).toBe(html);
    expect(keeper.get("k")).toBe(kept);
  });

  it("forget the least recently used past their size", () => {
    // Each page counts its bytes and a sixth for its gzip: 60 + 10 here.
    const keeper = createPageKeeper(150);
    keeper.keep("a", bytes("a".repeat(60)));
    keeper.keep("b", bytes("b".repeat(60)));
    keeper.get("a");
    keeper.keep("c", bytes("c".repeat(60)));
    expect(keeper.get("b")).toBeUndefined();
    expect(keeper.get("a")).toBeDefined();
    expect(keeper.size()).toEqual({ entries: 2, bytes: 140 });
  });
});
