// Runs the browser tests, three files at a time, the longest first.
//
// `node --test` sorts its files by name, which started the two longest
// files (mobile, weight) near the end, where they ran on alone. Started
// first, the short files fill in beside them and the run ends with short
// files. The test processes mostly wait (page loads, server starts,
// polling), so three at a time keep two cores busier than two did.
// Measured on this machine: two at a time by name 454 s, three by name
// 405 s (docs/benchmarks.md has the figure for this order).
//
// `node run.mjs [FILE...]` runs only the given files.
import { readdirSync } from "node:fs";
import { join } from "node:path";
import { run } from "node:test";
import { spec } from "node:test/reporters";

const CONCURRENCY = 3;

// Longest first, as measured; a file not named here runs after them.
const LONGEST_FIRST = [
  "mobile",
  "locate-live",
  "a11y",
  "weight",
  "lookup",
  "journey",
  "locate-consent",
  "checkout",
  "hydrate",
  "voice",
  "a11y-journey",
];

function orderedFiles(dir) {
  const rank = (file) => {
    const at = LONGEST_FIRST.indexOf(file.replace(/\.test\.mjs$/, ""));
    return at === -1 ? LONGEST_FIRST.length : at;
  };
  return readdirSync(dir)
    .filter((file) => file.endsWith(".test.mjs"))
    .sort((a, b) => rank(a) - rank(b) || a.localeCompare(b))
    .map((file) => join(dir, file));
}

const here = new URL(".", import.meta.url).pathname;
const files =
  process.argv.length > 2
    ? process.argv.slice(2)
    : orderedFiles(join(here, "tests"));

run({ files, concurrency: CONCURRENCY })
  .on("test:fail", () => {
    process.exitCode = 1;
  })
  .compose(spec)
  .pipe(process.stdout);
