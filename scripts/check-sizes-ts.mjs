// Lengths of TypeScript/JavaScript files and functions, read with the
// TypeScript parser (react-widgets' devDependency), for scripts/check-sizes.py.
// Prints one line per file over MAX_FILE lines and per function over MAX_FN
// lines; exits 1 if it printed any.
import { readFileSync, readdirSync, statSync } from "node:fs";
import { createRequire } from "node:module";
import { join, relative } from "node:path";

const root = new URL("..", import.meta.url).pathname;
const require = createRequire(join(root, "react-widgets", "package.json"));
const ts = require("typescript");
const [maxFile, maxFn] = process.argv.slice(2).map(Number);
const SOURCES = [
  "react-widgets/src",
  "end2end/tests",
  "end2end/support",
  "app/js",
  "scripts",
];
const EXTENSIONS = /\.(ts|tsx|js|mjs)$/;

function* files(dir) {
  for (const name of readdirSync(dir).sort()) {
    const path = join(dir, name);
    if (name === "node_modules") continue;
    if (statSync(path).isDirectory()) yield* files(path);
    else if (EXTENSIONS.test(name)) yield path;
  }
}

const FUNCTION_KINDS = new Set([
  ts.SyntaxKind.FunctionDeclaration,
  ts.SyntaxKind.FunctionExpression,
  ts.SyntaxKind.ArrowFunction,
  ts.SyntaxKind.MethodDeclaration,
  ts.SyntaxKind.Constructor,
  ts.SyntaxKind.GetAccessor,
  ts.SyntaxKind.SetAccessor,
]);

function lineOf(source, pos) {
  return source.getLineAndCharacterOfPosition(pos).line + 1;
}

function functionName(node) {
  if (node.name) return node.name.getText();
  const parent = node.parent;
  if (parent && ts.isVariableDeclaration(parent)) return parent.name.getText();
  if (parent && ts.isCallExpression(parent))
    return `callback of ${parent.expression.getText()}`;
  return "anonymous function";
}

function problemsOf(path) {
  const text = readFileSync(path, "utf8");
  const rel = relative(root, path);
  const problems = [];
  const lines = text.split("\n").length - (text.endsWith("\n") ? 1 : 0);
  if (lines > maxFile) problems.push(`${rel}: ${lines} lines (max ${maxFile})`);
  const source = ts.createSourceFile(path, text, ts.ScriptTarget.Latest, true);
  const visit = (node) => {
    if (FUNCTION_KINDS.has(node.kind)) {
      const start = lineOf(source, node.getStart(source));
      const length = lineOf(source, node.getEnd()) - start + 1;
      // A test file's describe/test callbacks group cases; each case is measured.
      const grouping =
        ts.isCallExpression(node.parent) &&
        /^(describe|suite)\b/.test(node.parent.expression.getText());
      if (length > maxFn && !grouping) {
        problems.push(
          `${rel}:${start}: function ${functionName(node)} of ${length} lines (max ${maxFn})`,
        );
      }
    }
    ts.forEachChild(node, visit);
  };
  visit(source);
  return problems;
}

const problems = SOURCES.flatMap((dir) =>
  [...files(join(root, dir))].flatMap(problemsOf),
);
for (const problem of problems) console.log(problem);
process.exit(problems.length ? 1 : 0);
