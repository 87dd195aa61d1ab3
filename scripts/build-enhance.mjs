// Bundles the pages' small, framework-free scripts (app/enhance) into build/client/enhance,
// with content hashes, and writes the names the server links to into build/enhance-manifest.json.
import { createHash } from "node:crypto";
import { writeFileSync } from "node:fs";
import { readFile } from "node:fs/promises";
import { createRequire } from "node:module";
import { build } from "esbuild";

/** `import css from "x.css?inline"` gives the stylesheet's text, as Vite does in development. */
function inlineCss() {
  return {
    name: "inline-css",
    setup(build) {
      build.onResolve({ filter: /\.css\?inline$/ }, async (args) => {
        const result = await build.resolve(args.path.replace(/\?inline$/, ""), {
          kind: args.kind,
          resolveDir: args.resolveDir,
        });
        return { path: result.path, namespace: "inline-css" };
      });
      build.onLoad({ filter: /.*/, namespace: "inline-css" }, async (args) => ({
        contents: await readFile(args.path, "utf8"),
        loader: "text",
      }));
    },
  };
}

// The guest scripts' one registry (server/render/guest-scripts.json): a page names one by its key.
const entryPoints = JSON.parse(await readFile("server/render/guest-scripts.json", "utf8"));
const result = await build({
  entryPoints,
  outdir: "build/client/enhance",
  entryNames: "[name]-[hash]",
  chunkNames: "chunk-[hash]",
  bundle: true,
  splitting: true,
  format: "esm",
  target: "es2022",
  minify: true,
  metafile: true,
  plugins: [inlineCss()],
  logLevel: "warning",
});

const manifest = {};
for (const [name, source] of Object.entries(entryPoints)) {
  const [file] = Object.entries(result.metafile.outputs).find(([, meta]) => meta.entryPoint === source) ?? [];
  if (!file) throw new Error(`no output for ${source}`);
  manifest[name] = `/${file.replace(/^build\/client\//, "")}`;
}
// MapLibre's worker runs as a classic script from our origin (the CSP allows no blob: workers):
// copied as the package ships it, under a name that changes with its bytes.
const worker = await readFile(createRequire(import.meta.url).resolve("maplibre-gl/dist/maplibre-gl-csp-worker.js"));
const workerName = `enhance/maplibre-worker-${createHash("sha256").update(worker).digest("hex").slice(0, 8)}.js`;
writeFileSync(`build/client/${workerName}`, worker);
manifest.mapLibreWorker = `/${workerName}`;

writeFileSync("build/enhance-manifest.json", `${JSON.stringify(manifest, null, 2)}\n`);
