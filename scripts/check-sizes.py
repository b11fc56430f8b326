#!/usr/bin/env python3
"""Keeps code readable: no file over 300 lines and no function over 60 lines,
measured on the code as rustfmt and Prettier format it (the test command
checks that formatting first, so wide lines cannot hide length).

What is measured:
- Rust under app/src, app/core/src, server/src, server/site/src and tools/wasm-tools/src: every file's length, and every fn's
  length (signature to closing brace) wherever it sits, test modules included.
  The one exemption is structural, never by name: a file whose first line
  says `@generated` (a data table written by a script in scripts/) is not
  hand-written code. A scoped `style! { … }` block inside a component is its
  stylesheet, not code, and does not count towards the function.
- TypeScript and JavaScript under react-widgets/src, end2end/, app/js and
  scripts/: file length and every function (declarations, methods, arrow
  functions and function expressions), measured by the TypeScript parser in
  scripts/check-sizes-ts.mjs.
Cargo's integration-test directory (server/site/tests/) is test code, not product code.

Exits 1 and lists offenders.
Usage: scripts/check-sizes.py [--report]   (--report: list, but exit 0)
"""
import re
import subprocess
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_FILE_LINES = 300
MAX_FN_LINES = 60
RUST_SOURCES = ["app/src", "app/core/src", "server/src", "server/site/src", "tools/wasm-tools/src"]
FN_START = re.compile(
    r"^\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?(extern\s+\"C\"\s+)?fn\s+\w+"
)
# String, raw-string and char literals, so braces inside them are not counted.
LITERALS = re.compile(r'r(#*)"(?:.|\n)*?"\1|"(\\.|[^"\\])*"|\'(\\.|[^\'\\])\'')


def rust_files():
    for top in RUST_SOURCES:
        for path in sorted((ROOT / top).rglob("*.rs")):
            lines = path.read_text(encoding="utf-8").splitlines()
            if lines and "@generated" in lines[0]:
                continue
            yield path.relative_to(ROOT).as_posix(), lines


def code_of(line):
    """The line without literals and `//` comments."""
    return LITERALS.sub('""', line).split("//")[0]


def block_end(lines, start):
    """The line that closes the brace block opened on line `start`."""
    depth = 0
    for j in range(start, len(lines)):
        code = code_of(lines[j])
        depth += code.count("{") - code.count("}")
        if depth <= 0 and "{" in "".join(code_of(x) for x in lines[start : j + 1]):
            return j
    return len(lines) - 1


def fn_length(lines, i):
    """(last line, counted length) of the fn whose signature starts on line i."""
    depth, opened, j, css = 0, False, i, 0
    while j < len(lines):
        if lines[j].strip().endswith("style! {"):
            end = block_end(lines, j)
            css += end - j + 1
            j = end + 1
            continue
        code = code_of(lines[j])
        depth += code.count("{") - code.count("}")
        opened = opened or "{" in code
        if (opened and depth <= 0) or (not opened and code.rstrip().endswith(";")):
            break
        j += 1
    return j, j - i + 1 - css


def long_rust_functions(lines):
    """(line, length) of every fn longer than the limit, nested ones included."""
    found = []
    for i, line in enumerate(lines):
        if FN_START.match(line):
            _, length = fn_length(lines, i)
            if length > MAX_FN_LINES:
                found.append((i + 1, length))
    return found


def rust_problems():
    for rel, lines in rust_files():
        if len(lines) > MAX_FILE_LINES:
            yield f"{rel}: {len(lines)} lines (max {MAX_FILE_LINES})"
        for line, length in long_rust_functions(lines):
            yield f"{rel}:{line}: function of {length} lines (max {MAX_FN_LINES})"


def script_problems():
    """TypeScript/JavaScript, measured by the TypeScript parser."""
    script = ROOT / "scripts" / "check-sizes-ts.mjs"
    result = subprocess.run(
        ["node", str(script), str(MAX_FILE_LINES), str(MAX_FN_LINES)],
        cwd=ROOT, capture_output=True, text=True,
    )
    if result.returncode not in (0, 1):
        sys.exit(f"check-sizes-ts.mjs failed:\n{result.stderr}")
    return [line for line in result.stdout.splitlines() if line]


def main():
    problems = list(rust_problems()) + script_problems()
    for problem in problems:
        print(problem)
    print(f"size check: {len(problems)} problem(s)")
    return 1 if problems and "--report" not in sys.argv else 0


if __name__ == "__main__":
    sys.exit(main())
