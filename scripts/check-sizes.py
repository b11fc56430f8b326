#!/usr/bin/env python3
"""Keeps product code readable: no source file over 300 lines, no Rust
function over 60 lines (signature to closing brace; a scoped `style! { … }`
block inside a component is its stylesheet, not code, and does not count).
Tests, generated data tables and vendored code are not product code. Exits 1
and lists offenders.

Usage: scripts/check-sizes.py [--report]   (--report: list, but exit 0)
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
MAX_FILE_LINES = 300
MAX_FN_LINES = 60
SOURCES = ["app/src", "server/src", "react-widgets/src"]
# Test modules and generated tables.
SKIP = re.compile(r"(^|/)(tests?\.rs|[a-z_]*tests\.rs|tests/|generated|countries/data\.rs)")
FN_START = re.compile(r"^\s*(pub(\([^)]*\))?\s+)?(const\s+)?(async\s+)?(unsafe\s+)?fn\s+\w+")
STRINGS = re.compile(r'"(\\.|[^"\\])*"|\'(\\.|[^\'\\])\'')


def product_files():
    for top in SOURCES:
        for path in sorted((ROOT / top).rglob("*")):
            rel = path.relative_to(ROOT).as_posix()
            if path.suffix in {".rs", ".ts", ".tsx"} and not SKIP.search(rel) and ".test." not in rel:
                yield rel, path.read_text(encoding="utf-8").splitlines()


def block_end(lines, start):
    """The line that closes the brace block opened on line `start`."""
    depth = 0
    for j in range(start, len(lines)):
        code = STRINGS.sub('""', lines[j].split("//")[0])
        depth += code.count("{") - code.count("}")
        if depth <= 0:
            return j
    return len(lines) - 1


def long_functions(lines):
    """(name line, length) of each Rust fn longer than the limit, outside #[cfg(test)] modules."""
    found, i = [], 0
    while i < len(lines):
        if lines[i].strip() == "#[cfg(test)]":
            break  # test modules sit at the end of a file by convention
        if FN_START.match(lines[i]):
            depth, opened, j, css = 0, False, i, 0
            while j < len(lines):
                if lines[j].strip().endswith("style! {"):
                    end = block_end(lines, j)
                    css += end - j + 1
                    j = end + 1
                    continue
                code = STRINGS.sub('""', lines[j].split("//")[0])
                depth += code.count("{") - code.count("}")
                opened = opened or "{" in code
                if (opened and depth <= 0) or (not opened and code.rstrip().endswith(";")):
                    break
                j += 1
            if j - i + 1 - css > MAX_FN_LINES:
                found.append((i + 1, j - i + 1 - css))
            i = j + 1 if opened else i + 1
            continue
        i += 1
    return found


def main():
    problems = []
    for rel, lines in product_files():
        if len(lines) > MAX_FILE_LINES:
            problems.append(f"{rel}: {len(lines)} lines (max {MAX_FILE_LINES})")
        if rel.endswith(".rs"):
            for line, length in long_functions(lines):
                problems.append(f"{rel}:{line}: function of {length} lines (max {MAX_FN_LINES})")
    for problem in problems:
        print(problem)
    print(f"size check: {len(problems)} problem(s)")
    return 1 if problems and "--report" not in sys.argv else 0


if __name__ == "__main__":
    sys.exit(main())
