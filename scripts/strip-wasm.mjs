// Drops the `name` and `producers` custom sections from WASM files in place:
// wasm-split writes its chunks with the function names (about two thirds of
// their bytes), which the browser never needs. Usage: node strip-wasm.mjs FILE...
import { readFileSync, writeFileSync } from "node:fs";

const DROPPED = new Set(["name", "producers"]);

function readLeb(bytes, at) {
  let value = 0;
  let shift = 0;
  let pos = at;
  for (;;) {
    const byte = bytes[pos++];
    value += (byte & 0x7f) * 2 ** shift;
    shift += 7;
    if (!(byte & 0x80)) return [value, pos];
  }
}

export function strip(bytes) {
  const kept = [bytes.subarray(0, 8)];
  let pos = 8;
  while (pos < bytes.length) {
    const start = pos;
    const id = bytes[pos];
    const [size, body] = readLeb(bytes, pos + 1);
    const end = body + size;
    let drop = false;
    if (id === 0) {
      const [nameLen, nameAt] = readLeb(bytes, body);
      const name = Buffer.from(
        bytes.subarray(nameAt, nameAt + nameLen),
      ).toString();
      drop = DROPPED.has(name);
    }
    if (!drop) kept.push(bytes.subarray(start, end));
    pos = end;
  }
  return Buffer.concat(kept);
}

for (const file of process.argv.slice(2)) {
  writeFileSync(file, strip(readFileSync(file)));
}
