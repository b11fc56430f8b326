// Pre-compresses text and wasm assets with brotli (max quality) and gzip, so
// the server sends ready-made .br/.gz files instead of compressing per request.
import { readdirSync, readFileSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { brotliCompressSync, constants, gzipSync } from "node:zlib";

const COMPRESSIBLE = /\.(js|mjs|css|wasm|svg|json|html)$/;

function walk(dir) {
  for (const name of readdirSync(dir)) {
    const path = join(dir, name);
    if (statSync(path).isDirectory()) walk(path);
    else if (COMPRESSIBLE.test(name)) compress(path);
  }
}

function compress(path) {
  const data = readFileSync(path);
  writeFileSync(
    `${path}.br`,
    brotliCompressSync(data, {
      params: {
        [constants.BROTLI_PARAM_QUALITY]: 11,
        [constants.BROTLI_PARAM_SIZE_HINT]: data.length,
      },
    }),
  );
  writeFileSync(`${path}.gz`, gzipSync(data, { level: 9 }));
}

walk(process.argv[2]);
