// Bundle the widgets for the Leptos app (ESM, code-split): `widgets.js`, a
// tiny loader; one chunk (and stylesheet) per widget; React and the bridge
// in a chunk the widgets share. A page downloads only the widget it mounts.
//   node build.mjs         production (minified, no sourcemap)
//   node build.mjs --dev   development (readable, inline sourcemap, React dev warnings)
import { build } from "esbuild";
import { readFile, rm } from "node:fs/promises";
import { relative } from "node:path";
import { gzipSync } from "node:zlib";

const dev = process.argv.includes("--dev");
const outdir = "dist/widgets";

// Start clean so stale hashed assets from earlier builds are not shipped.
await rm(outdir, { recursive: true, force: true });

const result = await build({
  entryPoints: {
    widgets: "src/loader.ts",
    "help-chat": "src/entries/help-chat.ts",
    "map-view": "src/entries/map-view.ts",
    "payment-form": "src/entries/payment-form.ts",
  },
  outdir,
  bundle: true,
  splitting: true,
  chunkNames: "chunks/[name]-[hash]",
  format: "esm",
  platform: "browser",
  target: "es2020",
  minify: !dev,
  sourcemap: dev ? "inline" : false,
  legalComments: "none",
  define: {
    "process.env.NODE_ENV": JSON.stringify(dev ? "development" : "production"),
  },
  // leaflet.css references control/marker images; emit them next to the CSS so
  // its relative url()s resolve. They are only fetched if a rule actually uses them.
  loader: { ".png": "file", ".svg": "file" },
  assetNames: "assets/[name]-[hash]",
  metafile: true,
  logLevel: "warning",
});

const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`.padStart(10);
console.log(`${dev ? "development" : "production"} build:`);
for (const file of Object.keys(result.metafile.outputs).sort()) {
  const contents = await readFile(file);
  console.log(
    `  ${relative(".", file).padEnd(44)} ${kib(contents.length)} raw ${kib(gzipSync(contents).length)} gzip`,
  );
}
