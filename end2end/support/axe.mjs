// axe-core in the browser tests: WCAG 2.1 A/AA violations of a page as it is now.
import { readFileSync } from "node:fs";
import { createRequire } from "node:module";

const AXE = readFileSync(
  createRequire(import.meta.url).resolve("axe-core/axe.min.js"),
  "utf8",
);
const WCAG21_AA = ["wcag2a", "wcag2aa", "wcag21a", "wcag21aa"];

// axe-core's violations on the page as it is now, one line per rule and node.
// Injected through the DevTools protocol, which the page's CSP does not govern.
export async function violations(page, what) {
  if (!(await page.evaluate(() => "axe" in window))) await page.evaluate(AXE);
  const found = await page.evaluate(async (tags) => {
    const result = await window.axe.run(document, {
      runOnly: { type: "tag", values: tags },
      resultTypes: ["violations"],
    });
    return result.violations.map((v) => ({
      rule: `${v.id} (${v.impact}): ${v.help}`,
      nodes: v.nodes.map(
        (n) =>
          `${n.target.join(" ")} ${n.failureSummary.split("\n")[1]?.trim() ?? ""}`,
      ),
    }));
  }, WCAG21_AA);
  return found.map(
    (v) => `${what}: ${v.rule}\n      ${v.nodes.slice(0, 6).join("\n      ")}`,
  );
}
