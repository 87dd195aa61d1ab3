import { createElement, Fragment } from "react";
import { renderToString } from "react-dom/server";
import { describe, expect, it } from "vitest";
import type { CachedPiece } from "#server/cache/markup-cache";
import { inlineScriptHashes } from "#server/http/security-headers";
import { CachedMarkup, CachedMarkupContext } from "#ui/cached-markup";
import { cachedMarkupFor, joinedPage } from "#app/lib/kept-parts.server";

/**
 * A page's policy names the hashes of its inline scripts. The renderer finds them in what it
 * rendered around the kept parts and in each part once, instead of searching the whole joined
 * page on every request: they must be the hashes the whole page has.
 */
function page(partScript: string, ownScript: string) {
  const pieces: CachedPiece[] = [];
  const script = (code: string) =>
    // biome-ignore lint/security/noDangerouslySetInnerHtml: the test's own inline scripts, whose hashes it checks.
    createElement("script", { dangerouslySetInnerHTML: { __html: code } });
  const html = renderToString(
    createElement(
      CachedMarkupContext.Provider,
      { value: cachedMarkupFor(pieces) },
      createElement(
        "main",
        null,
        script(ownScript),
        createElement(CachedMarkup<{ partScript: string }>, {
          name: "script-hashes-test",
          input: { partScript },
          interactive: false,
          render: (input) => createElement(Fragment, null, createElement("p", null, "Kept"), script(input.partScript)),
        }),
        // A data block is not run, so it needs no hash.
        // biome-ignore lint/security/noDangerouslySetInnerHtml: the test's own data block.
        createElement("script", { type: "application/ld+json", dangerouslySetInnerHTML: { __html: "{}" } }),
      ),
    ),
  );
  return { pieces, joined: joinedPage(Buffer.from(html), pieces) };
}

describe("the hashes of a page's inline scripts", () => {
  it("are those of the whole joined page: around the kept parts and inside them", () => {
    const { pieces, joined } = page("window.kept = 'Grüße';", "window.own = 1;");
    expect(pieces).toHaveLength(1);
    expect(joined.bytes.toString("utf8")).toContain("<p>Kept</p>");
    expect(joined.scriptHashes.toSorted()).toEqual(inlineScriptHashes(joined.bytes).toSorted());
    expect(joined.scriptHashes).toHaveLength(2);
  });

  it("follow a part's own scripts when the part is kept already, and name a script once", () => {
    page("window.again = 2;", "window.again = 2;");
    const { joined } = page("window.again = 2;", "window.again = 2;");
    expect(joined.scriptHashes).toEqual(inlineScriptHashes(joined.bytes));
    expect(joined.scriptHashes).toHaveLength(1);
  });
});
