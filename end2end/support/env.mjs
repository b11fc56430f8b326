// Where things are: the repo root, the built server and site, and the gallery build.
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
// The build's target directory, as scripts/lib.sh exports it (CT_TARGET_DIR
// may move it); the gallery stays where Trunk.toml puts it.
const TARGET = process.env.CARGO_TARGET_DIR ?? join(ROOT, "target");
export const SERVER_BIN =
  process.env.SERVER_BIN ?? join(TARGET, "debug", "server");
export const SITE_ROOT = process.env.SITE_ROOT ?? join(TARGET, "site");
export const GALLERY_DIR =
  process.env.GALLERY_DIR ?? join(ROOT, "target", "gallery");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
