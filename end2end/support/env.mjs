// Where things are: the repo root, the built server and site, and the gallery build.
import { fileURLToPath } from "node:url";
import { dirname, join } from "node:path";

export const ROOT = join(dirname(fileURLToPath(import.meta.url)), "..", "..");
export const SERVER_BIN =
  process.env.SERVER_BIN ?? join(ROOT, "target", "debug", "server");
export const GALLERY_DIR =
  process.env.GALLERY_DIR ?? join(ROOT, "target", "gallery");
export const CHROMIUM = process.env.CHROMIUM_PATH ?? "/usr/bin/chromium";
