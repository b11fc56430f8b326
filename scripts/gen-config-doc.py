#!/usr/bin/env python3
"""Writes docs/configuration.md from the code that reads the environment, so
the reference cannot drift from what the server does.

Where it reads:
- every file of server/src/config/ (mod.rs first) and every other file of
  server/src with a `fn from_vars(` (speech, the payment adapters);
- a variable is a whole string literal such as "SMTP_PORT" in that code
  (test modules cut off);
- its default comes from the code beside the literal (`v.var("X", "d")`,
  `number("X", 10)`, `.unwrap_or(20)`, `.unwrap_or_else(|| "21-8"…)`,
  a `DEFAULT_…` constant, a per-process random key, …);
- its meaning comes from the `//!` table of server/src/config/mod.rs, else a
  `//! - `X`: …` line of the module doc, else the `///` comment naming it,
  else the `///` comment of the field it initializes.

A variable read by the code with no meaning anywhere, or a row of the `//!`
table naming a variable that server/src never mentions, stops the script.

Usage: scripts/gen-config-doc.py          write docs/configuration.md
       scripts/gen-config-doc.py --check  exit 1 (with a diff) when it differs
"""
import difflib
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
SRC = ROOT / "server/src"
OUT = ROOT / "docs/configuration.md"
TABLE_FILE = SRC / "config/mod.rs"

VAR = re.compile(r'"([A-Z][A-Z0-9]*(?:_[A-Z0-9]+)+)"')
TEST_MODULE = re.compile(r"\n#\[cfg\(test\)\]\s*\n\s*mod\s")
FIELD_START = re.compile(r"^\s*(\w+):\s", re.M)
STRUCT_FIELD = re.compile(r"((?:^[ \t]*///.*\n)+)[ \t]*pub(?:\([^)]*\))?\s+(\w+):", re.M)
DOC_BLOCK = re.compile(r"(?:^[ \t]*///.*\n)+", re.M)
BINDING = re.compile(r'let\s+(\w+)\s*=\s*"([A-Z][A-Z0-9_]+)"')
CONST = re.compile(r'const\s+(\w+):\s*&str\s*=\s*"([^"]*)"')


def sources():
    config = sorted((SRC / "config").glob("*.rs"), key=lambda p: (p.name != "mod.rs", p.name))
    others = [
        p
        for p in sorted(SRC.rglob("*.rs"))
        if p.parent != SRC / "config" and "fn from_vars(" in product_code(p)
    ]
    return config + others


def product_code(path):
    text = path.read_text()
    cut = TEST_MODULE.search(text)
    return text[: cut.start()] if cut else text


def rel(path):
    return path.relative_to(ROOT).as_posix()


def clean(text):
    text = re.sub(r"\[`([^`]+)`\](?:\([^)]*\))?", r"`\1`", text)
    text = re.sub(r"\s+", " ", text).strip()
    return text.replace("|", "\\|")


def doc_text(block):
    return clean(" ".join(re.sub(r"^\s*///\s?", "", line) for line in block.splitlines()))


def module_doc(code):
    lines = []
    for line in code.splitlines():
        if not line.startswith("//!"):
            break
        lines.append(line[3:].strip())
    return lines


def table_rows():
    """name → (default, meaning, shared) from the `//!` table of config/mod.rs,
    in the table's order; `shared`: the row names several variables."""
    rows = {}
    for line in module_doc(TABLE_FILE.read_text()):
        cells = [c.strip() for c in line.strip().strip("|").split("|")]
        if not line.startswith("|") or len(cells) != 3 or set(cells[1]) <= set("-"):
            continue
        names = re.findall(r"`([A-Z][A-Z0-9_]+)`", cells[0])
        for name in names:
            rows[name] = (clean(cells[1]), clean(cells[2]), len(names) > 1)
    return rows


def meaning_of(name, code, pos, table, docs):
    """The table's own row first; a row shared by several variables only
    after the comments that name this one."""
    default, meaning, shared = table.get(name, (None, None, False))
    own = module_list_meaning(code, name) or named_doc_meaning(code, name)
    if meaning and not shared:
        return meaning
    return own or meaning or field_meaning(code, pos, docs, name)


def module_list_meaning(code, name):
    """`//! - `A`, `B`: meaning` lines of a module doc (continuations joined)."""
    items, current = [], None
    for line in module_doc(code):
        if line.startswith("- "):
            current = [line[2:]]
            items.append(current)
        elif current is not None and line:
            current.append(line)
        else:
            current = None
    for item in items:
        head, _, meaning = " ".join(item).partition(": ")
        if f"`{name}`" in head and meaning:
            return strip_name(clean(meaning).replace(" (required)", ""), name)
    return None


def strip_name(text, name):
    """A comment about `name` without the name and the default it repeats."""
    def parenthetical(m):
        rest = m.group(1).strip()
        return "" if len(rest) <= 30 or rest.startswith("default") else f" ({rest})"

    text = re.sub(rf"\s*\(`{name}`[,;:]?\s*([^()]*)\)", parenthetical, text)
    text = re.sub(rf"^`{name}`[:.,]?\s*", "", text)
    text = re.sub(r"^default (`[^`]*`|\[`[^`]*`\]|\S+)[.,]?\s*", "", text)
    text = re.sub(r"^\(\d+\):\s*", "", text)
    text = re.sub(r"^\(([^()]*)\):\s*(.*?)\.?$", r"\2 (\1).", text)
    text = text.replace(f"`{name}`", "this")
    if not text or text.startswith("("):
        text = (humanize(name) + " " + text).strip()
    return text[0].upper() + text[1:]


def humanize(name):
    words = {"api": "API", "no": "number", "url": "URL"}
    return " ".join(words.get(w, w) for w in name.lower().split("_")[1:])


def named_doc_meaning(code, name):
    for block in DOC_BLOCK.findall(code):
        if f"`{name}`" in block:
            return strip_name(doc_text(block), name)
    return None


def field_meaning(code, pos, docs, name):
    starts = list(FIELD_START.finditer(code, 0, pos))
    if not starts:
        return None
    field = starts[-1].group(1)
    for fields in docs:
        if field in fields:
            return strip_name(fields[field], name)
    for block in DOC_BLOCK.findall(code):
        if f"`{field}`" in block:
            return strip_name(doc_text(block), name)
    return strip_name("", name)


def field_docs(code):
    return {m.group(2): doc_text(m.group(1)) for m in STRUCT_FIELD.finditer(code)}


def default_after(code, start, end):
    """The default the code gives the literal at code[start:end]."""
    before = code[max(0, start - 40) : start]
    window = code[end : end + 240]
    if re.search(r"required\(\s*var,\s*$", before):
        because = re.match(r'\s*,\s*(?:"([A-Z_]+)"|(\w+))', window)
        name = because.group(1) or dict(BINDING.findall(code)).get(because.group(2), because.group(2))
        return f"unset (required with `{name}`)"
    nxt = VAR.search(window)
    window = window[: nxt.start()] if nxt else window
    window = re.split(r";|\n\s*\w+:\s", window)[0]
    consts = dict(CONST.findall(code))
    rules = [
        (r'^\s*,\s*"([^"]*)"', "`{}`"),
        (r"^\s*,\s*(\d+)\s*\)", "`{}`"),
        (r"^\s*\)\s*,\s*(\d+)\s*\)", "`{}`"),
        (r"^\s*,\s*cores\b", "the CPU cores"),
        (r"unwrap_or\(\s*(\d+)\s*\)", "`{}`"),
        (r'unwrap_or\(\s*"([^"]*)"\s*\)', "`{}`"),
        (r"current_exe", "this executable"),
        (r"map_or\(\s*Ok\(\s*(\d+)\s*\)", "`{}`"),
        (r'unwrap_or_else\(\s*\|\|\s*"([^"]*)"', "`{}`"),
        (r"unwrap_or(?:_else)?\(\s*random_key", "random per process"),
        (r"unwrap_or_default\(\)", "empty"),
        (r'is_some_and\(\|v\|\s*v\s*==\s*"true"\)', "`false`"),
    ]
    for pattern, shape in rules:
        m = re.search(pattern, window)
        if m:
            return shape.format(*m.groups())
    m = re.search(r"(DEFAULT_[A-Z_]+)", window)
    if m and m.group(1) in consts:
        return f"`{consts[m.group(1)]}`"
    return None


def required_lists(code):
    """Names in `const REQUIRED: [&str; N] = [...]`: all of them or none."""
    m = re.search(r"const REQUIRED[^=]*=\s*\[([^\]]*)\]", code)
    return VAR.findall(m.group(1)) if m else []


def collect():
    """[(file, [(name, default, meaning)])] in reading order."""
    table = table_rows()
    mod_docs = field_docs(product_code(TABLE_FILE))
    seen, sections = set(), []
    for path in sources():
        code = product_code(path)
        docs = [field_docs(code), mod_docs]
        all_or_none = required_lists(code)
        found = {}
        for m in VAR.finditer(code):
            name = m.group(1)
            if name in seen and name not in found:
                continue
            entry = found.setdefault(name, {"default": None, "meaning": None})
            entry["default"] = entry["default"] or default_after(code, m.start(), m.end())
            if name in all_or_none and entry["default"] is None:
                entry["default"] = "unset (all of " + ", ".join(f"`{n}`" for n in all_or_none) + " or none)"
            entry["meaning"] = entry["meaning"] or meaning_of(name, code, m.start(), table, docs)
        seen.update(found)
        order = list(table)
        rows = [
            (n, e["default"] or table_default(table, n), e["meaning"])
            for n, e in sorted(
                found.items(), key=lambda item: order.index(item[0]) if item[0] in order else len(order)
            )
        ]
        sections.append((path, code, rows))
    return table, seen, sections


def table_default(table, name):
    """When the code gives none: the table's, if it says "unset (…)"."""
    default, _, shared = table.get(name, ("unset", None, False))
    return default if default.startswith("unset") and not shared else "unset"


def table_only(table, seen):
    """Rows of the `//!` table read outside the scanned code (e.g. `RUST_LOG`)."""
    everywhere = "\n".join(
        p.read_text() for p in SRC.rglob("*.rs") if p != TABLE_FILE
    )
    rows = []
    for name, (default, meaning, _) in table.items():
        if name in seen:
            continue
        if name not in everywhere:
            sys.exit(f"{rel(TABLE_FILE)}: `{name}` is documented but server/src never reads it")
        rows.append((name, default, meaning))
    return rows


def sentence(text):
    """One style for every meaning: a capital first letter, no final period."""
    text = text.rstrip(".")
    return text[0].upper() + text[1:] if text[0].islower() else text


def render():
    table, seen, sections = collect()
    extra = table_only(table, seen)
    out = [
        "<!-- Generated by scripts/gen-config-doc.py from the code that reads the environment;",
        "     do not edit: change the code or its comments and run the script",
        "     (scripts/test.sh runs it with --check). -->",
        "# Configuration",
        "",
        "Every variable the server reads, with its default and meaning. All are",
        "optional unless marked required; defaults suit a local run. Empty counts as",
        "unset. `scripts/run-site.sh` reads `.env` (copy `.env.example`) and sets",
        "`DEV_TOOLS=true`, `GEOIP_DB_PATH` (the installed ip-location-db country",
        "database) and, while calls go to the sandbox, `VOICE_QUIET_HOURS=0-0`.",
        "Secrets (`Secret` values) are never logged and never reach the browser,",
        "which sees only `app::config::PublicConfig`.",
        "",
    ]
    for index, (path, code, rows) in enumerate(sections):
        rows = rows + (extra if index == 0 else [])
        if not rows:
            continue
        doc = clean(" ".join(module_doc(code)).split("|")[0])
        intro = re.split(r"(?<=[.:])\s", doc, maxsplit=1)[0].rstrip(":.") + "."
        out += [f"## `{rel(path)}`", "", intro, "", "| variable | default | meaning |", "|---|---|---|"]
        for name, default, meaning in rows:
            if not meaning:
                sys.exit(f"{rel(path)}: `{name}` has no meaning: document it in a comment")
            out.append(f"| `{name}` | {default} | {sentence(meaning)} |")
        out.append("")
    out += [
        "Variables of the scripts and tests (`TEST_DATABASE_URL`, `CT_CACHE`,",
        "`SERVER_BIN`, `CHROMIUM_PATH`, …) are described in [testing.md](testing.md).",
    ]
    return "\n".join(out) + "\n"


def main():
    text = render()
    if "--check" in sys.argv[1:]:
        current = OUT.read_text() if OUT.exists() else ""
        if current != text:
            sys.stdout.writelines(
                difflib.unified_diff(
                    current.splitlines(True), text.splitlines(True), rel(OUT), "generated"
                )
            )
            print(f"{rel(OUT)} is out of date: run python3 scripts/gen-config-doc.py")
            return 1
        return 0
    OUT.write_text(text)
    return 0


if __name__ == "__main__":
    sys.exit(main())
