/** React's hoisted preloads of the page's modules, in the head. */
const MODULE_PRELOAD = /<link rel="modulepreload" href="([^"]+)"[^>]*\/?>/g;
/** How React Router's bootstrap opens: only a page that hydrates has it. */
export const BOOTSTRAP_OPENING = '<script type="module" async="">';
/** React Router's bootstrap: one inline module script that imports the route modules it hydrates. */
const BOOTSTRAP = new RegExp(`(${BOOTSTRAP_OPENING})([\\s\\S]*?)(</script>)`);
const ASSET = /^\/[\w./-]+\.js$/;
const STATIC_IMPORT = /import \* as (\w+) from "([^"]+)";/g;

/**
 * A signed-in page is drawn before its scripts are fetched (decision 0046). As React Router
 * writes it, a page asks for every module of its hydration in its head, at high priority, beside
 * its stylesheet: on a phone's connection those downloads share the line with the only file the
 * first paint needs, and the page shows later. Here the bootstrap waits for the frame after the
 * first paint, then asks for the same modules (preloaded together, so nothing waterfalls) and
 * hydrates as before.
 *
 * A page of another shape (no bootstrap, or one written differently by a later React Router) is
 * left as it is: it hydrates as soon as it can, which is slower to paint but still right.
 */
export function hydrateAfterPaint(html: string): string {
  const bootstrap = BOOTSTRAP.exec(html);
  if (!bootstrap) return html;
  const [whole, open, body = "", close] = bootstrap;
  const names: string[] = [];
  const modules: string[] = [];
  const rest = body.replace(STATIC_IMPORT, (_, name: string, href: string) => {
    names.push(name);
    modules.push(href);
    return "";
  });
  // Anything else imported statically would still be fetched at once: leave such a page alone.
  if (names.length === 0 || /^\s*import\s/m.test(rest)) return html;
  // Our own asset paths: nothing in them needs escaping inside a script.
  const preloads = [...html.matchAll(MODULE_PRELOAD)].map(([, href]) => href!).filter((href) => ASSET.test(href));
  if (!modules.every((href) => ASSET.test(href))) return html;
  const deferred = [
    "await new Promise((painted) => requestAnimationFrame(() => setTimeout(painted, 0)));",
    `for (const href of ${JSON.stringify(preloads)}) {`,
    '  const link = document.createElement("link");',
    '  link.rel = "modulepreload";',
    "  link.href = href;",
    "  document.head.append(link);",
    "}",
    `const [${names.join(", ")}] = await Promise.all([${modules.map((href) => `import(${JSON.stringify(href)})`).join(", ")}]);`,
  ].join("\n");
  const start = bootstrap.index;
  const page = html.slice(0, start) + open + deferred + rest + close + html.slice(start + whole.length);
  return page.replace(MODULE_PRELOAD, "");
}
