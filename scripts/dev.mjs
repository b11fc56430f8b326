// The edit loop behind scripts/dev.sh: watches the sources, rebuilds only the
// side that changed, and reloads the open browser tabs.
//
//   react-widgets/src  → esbuild (well under a second), files swapped in place
//   style/             → the stylesheet re-concatenated in place
//   app/, server/, locales/, Cargo.* → debug server rebuilt and restarted;
//                        when app/ changed, the hydrate WASM is rebuilt beside
//                        it (fast profile) and swapped in place. Both are the
//                        loop's own builds, with type-erased views
//                        (DEV_LOOP_TARGET, DEV_LOOP_RUSTFLAGS: scripts/lib.sh)
//
// The browser talks to a small proxy on DEV_ADDR (default 127.0.0.1:3000) in
// front of the server: it adds the reload script to every HTML page (with
// the page's own CSP nonce, so the server's CSP stays as strict as in
// production) and turns off caching, so a reload always sees the new files.
import { spawn } from "node:child_process";
import {
  watch,
  readFileSync,
  writeFileSync,
  copyFileSync,
  rmSync,
  existsSync,
  readdirSync,
  mkdirSync,
} from "node:fs";
import http from "node:http";
import { devProxy } from "./dev-proxy.mjs";
import { dirname, join, relative } from "node:path";

const ROOT = new URL("..", import.meta.url).pathname.replace(/\/$/, "");
const TARGET = process.env.CARGO_TARGET_DIR || join(ROOT, "target");
// The loop's server build, as scripts/lib.sh defines it.
const { DEV_LOOP_TARGET: LOOP_TARGET, DEV_LOOP_RUSTFLAGS: LOOP_RUSTFLAGS } =
  process.env;
if (!LOOP_TARGET || !LOOP_RUSTFLAGS) {
  console.error("dev.mjs: start the loop with scripts/dev.sh");
  process.exit(1);
}
const [devHost, devPort] = (process.env.DEV_ADDR || "127.0.0.1:3000").split(
  ":",
);
const serverPort = Number(process.env.DEV_SERVER_PORT || 3100);
const clients = new Set();
let server = null;

const log = (msg) =>
  console.log(
    `\x1b[1m[dev ${new Date().toISOString().slice(11, 19)}]\x1b[0m ${msg}`,
  );
const seconds = (start) => ((Date.now() - start) / 1000).toFixed(1);

function run(cmd, args, opts = {}) {
  return new Promise((resolve) => {
    const child = spawn(cmd, args, { cwd: ROOT, stdio: "inherit", ...opts });
    child.on("exit", (code) => resolve(code === 0));
  });
}

function reloadBrowsers(reason) {
  for (const res of clients) res.write(`data: ${reason}\n\n`);
  log(`reloaded ${clients.size} tab(s): ${reason}`);
}

// The current build directory under target/site/pkg (the manifest names it).
function pkgDir() {
  const manifest = JSON.parse(
    readFileSync(join(TARGET, "site/manifest.json"), "utf8"),
  );
  return join(TARGET, "site", manifest.css.replace(/\/app\.css$/, ""));
}

// Replaces a built file and drops its pre-compressed copies, which would
// otherwise be served instead of the new file.
function swapIn(src, name) {
  const dest = join(pkgDir(), name);
  copyFileSync(src, dest);
  for (const ext of [".br", ".gz"]) rmSync(dest + ext, { force: true });
}

// Serves the loop's hydrate WASM (target/dev-bindgen) in place of the built
// one: the main module, its lazy island chunks (`__wasm_split.js`, `*.wasm`)
// and wasm-bindgen's inline JS snippets (in `snippets/…`). Returns how many
// files changed; an edit outside the islands (most markup) changes none.
function swapWasm() {
  const out = join(TARGET, "dev-bindgen");
  let changed = 0;
  for (const entry of readdirSync(out, {
    recursive: true,
    withFileTypes: true,
  })) {
    if (!entry.isFile() || /(^\.|\.d\.ts$)/.test(entry.name)) continue;
    const name = relative(
      out,
      join(entry.parentPath ?? entry.path, entry.name),
    );
    const served = join(pkgDir(), name);
    if (
      existsSync(served) &&
      readFileSync(served).equals(readFileSync(join(out, name)))
    )
      continue;
    mkdirSync(dirname(served), { recursive: true });
    swapIn(join(out, name), name);
    changed++;
  }
  return changed;
}

function startServer() {
  if (server) server.kill("SIGTERM");
  const env = {
    ...process.env,
    BIND_ADDR: `127.0.0.1:${serverPort}`,
    PUBLIC_BASE_URL: `http://${devHost}:${devPort}`,
    // The front end this loop builds, wherever the target directory is.
    SITE_ROOT: process.env.SITE_ROOT || join(TARGET, "site"),
  };
  server = spawn(join(LOOP_TARGET, "debug/server"), [], {
    cwd: ROOT,
    stdio: "inherit",
    env,
  });
}

async function waitReady() {
  for (let i = 0; i < 800; i++) {
    const ok = await new Promise((resolve) => {
      http
        .get(
          { host: "127.0.0.1", port: serverPort, path: "/health" },
          (res) => {
            res.resume();
            resolve(res.statusCode === 200);
          },
        )
        .on("error", () => resolve(false));
    });
    if (ok) return;
    await new Promise((r) => setTimeout(r, 25));
  }
}

const steps = {
  async widgets() {
    const start = Date.now();
    if (
      !(await run("node", ["build.mjs", "--dev"], {
        cwd: join(ROOT, "react-widgets"),
        stdio: "ignore",
      }))
    )
      return log("widget build failed");
    // The loader, each widget's chunk and stylesheet, the shared chunks.
    const dist = join(ROOT, "react-widgets/dist/widgets");
    for (const entry of readdirSync(dist, { recursive: true })) {
      const name = String(entry);
      if (!/\.(js|css)$/.test(name)) continue;
      mkdirSync(dirname(join(pkgDir(), name)), { recursive: true });
      swapIn(join(dist, name), name);
    }
    reloadBrowsers(`widgets rebuilt in ${seconds(start)} s`);
  },
  // `quiet`: the caller reloads the tabs itself.
  async styles({ quiet = false } = {}) {
    const start = Date.now();
    const files = ["main.css", "checkout.css", "voice.css", "lookup.css"].map(
      (f) => join(ROOT, "style", f),
    );
    files.push(join(TARGET, "stylers/app.css"));
    const css = files
      .filter(existsSync)
      .map((f) => readFileSync(f, "utf8"))
      .join("\n");
    const tmp = join(TARGET, "dev-app.css");
    writeFileSync(tmp, css);
    swapIn(tmp, "app.css");
    if (!quiet) reloadBrowsers(`styles updated in ${seconds(start)} s`);
  },
  async server() {
    const start = Date.now();
    const env = {
      ...process.env,
      CARGO_TARGET_DIR: LOOP_TARGET,
      RUSTFLAGS: LOOP_RUSTFLAGS,
    };
    const args = ["build", "-q", "-p", "site", "--bin", "server"];
    if (!(await run("cargo", args, { env })))
      return log("server build failed; the old server keeps running");
    const built = Date.now();
    startServer();
    await waitReady();
    await steps.styles({ quiet: true });
    const restart = seconds(built);
    reloadBrowsers(
      `server rebuilt and restarted in ${seconds(start)} s (build ${((built - start) / 1000).toFixed(1)} s, restart ${restart} s)`,
    );
  },
  async wasm() {
    const start = Date.now();
    // Niced: the server's rebuild is what a page reload waits for first.
    if (
      !(await run("nice", [
        "-n",
        "5",
        "bash",
        join(ROOT, "scripts/dev-wasm.sh"),
      ]))
    )
      return log("WASM build failed");
    const changed = swapWasm();
    if (changed) reloadBrowsers(`WASM rebuilt in ${seconds(start)} s`);
    else log(`WASM rebuilt in ${seconds(start)} s, unchanged`);
  },
};

// One build at a time; changes that arrive meanwhile are batched into the next.
const pending = new Set();
let busy = false;
async function drain() {
  if (busy) return;
  busy = true;
  while (pending.size) {
    const batch = ["server", "wasm", "widgets", "styles"].filter((s) =>
      pending.has(s),
    );
    pending.clear();
    // The server and the WASM build in separate target dirs, mostly on one
    // core each: side by side.
    const both = ["server", "wasm"].filter((s) => batch.includes(s));
    await Promise.all(both.map((step) => steps[step]()));
    for (const step of batch) if (!both.includes(step)) await steps[step]();
  }
  busy = false;
}

function classify(path) {
  if (path.startsWith("react-widgets/src/")) return ["widgets"];
  if (path.startsWith("style/")) return ["styles"];
  if (path.startsWith("app/"))
    return process.env.DEV_WASM === "0" ? ["server"] : ["server", "wasm"];
  if (
    path.startsWith("server/") ||
    path.startsWith("locales/") ||
    /^Cargo\.(toml|lock)$/.test(path)
  )
    return ["server"];
  return [];
}

function watchSources() {
  for (const dir of [
    "app",
    "server/src",
    "server/site/src",
    "locales",
    "style",
    "react-widgets/src",
  ]) {
    watch(join(ROOT, dir), { recursive: true }, (_event, file) => {
      if (!file || /(^|\/)(\.|#)|~$|\.swp$/.test(file)) return;
      const path = relative(ROOT, join(ROOT, dir, file));
      for (const step of classify(path)) pending.add(step);
      setTimeout(drain, 50);
    });
  }
}

// The server and the WASM are the loop's builds (type-erased views); the
// built site's WASM would not hydrate their markup.
swapWasm();
startServer();
await waitReady();
http
  .createServer(devProxy(serverPort, clients))
  .listen(Number(devPort), devHost, () =>
    log(
      `http://${devHost}:${devPort} (server on :${serverPort}); watching for changes`,
    ),
  );
watchSources();
for (const signal of ["SIGINT", "SIGTERM"])
  process.on(signal, () => {
    server?.kill("SIGTERM");
    process.exit(0);
  });
