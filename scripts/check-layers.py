#!/usr/bin/env python3
"""Checks the import rules of docs/architecture.md ("The layers and what each
may import") on the Rust sources of server/src, app/src and app/core/src:

- every import between files of one crate is allowed by the layer table below
  (a feature never imports another feature; nothing imports upward);
- there is no cycle of imports between files.

An import is any path that names an item of the crate: `use crate::…`,
`use super::…`, `use self::…`, a child module's `use child::…`, and the same
paths written inline in code. A path is followed through `use` and `pub use`
(re-exports) to the file that defines the item, so `use super::Thing` where
the parent re-exports `Thing` from a sibling is an import of that sibling.
Test modules (`#[cfg(test)]`, inline or in their own file) are not product
code and are left out.

Exits 1 and lists every offending import and every cycle.
Usage: scripts/check-layers.py [--graph]   (--graph: print every edge too)
"""
import re
import sys
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
CRATES = {
    "server": ROOT / "server/src/lib.rs",
    "app": ROOT / "app/src/lib.rs",
    "app_core": ROOT / "app/core/src/lib.rs",
    "site": ROOT / "server/site/src/main.rs",
}

# ---- the layer table (keep in step with docs/architecture.md) ----
# Each rule: (layer, path prefixes under the crate root). The first match wins.
LAYERS = {
    "server": [
        ("startup", ["startup/", "main.rs", "lib.rs", "cli.rs", "cli/", "bin/"]),
        ("adapters", ["entry/", "http/", "http.rs", "web/", "web.rs", "jobs/", "cookies/"]),
        ("state", ["state.rs"]),
        ("services", ["services/"]),
        ("providers", ["sms/", "calls/", "payments/", "mail/", "meta/", "speech/"]),
        ("persistence", ["persistence/"]),
        ("domain", ["domain/"]),
        # The floor: settings, time, metrics, and the tools every feature
        # shares (signing, escaping, tokens, text rules, the Twilio client,
        # sealed secrets).
        ("floor", [""]),
    ],
    "app": [
        ("startup", ["lib.rs", "app.rs", "gallery.rs", "bin/"]),
        ("ui", ["pages/", "console/", "components/", "dialogs/", "widgets/"]),
    ],
    # What the pages and the server share: no component.
    "app_core": [
        ("startup", ["lib.rs"]),
        ("client", ["api/", "account/", "checkout/", "consent.rs", "navigation.rs", "page_query.rs",
                    "routes.rs", "routes/", "interactive.rs", "console.rs", "views.rs"]),
        ("base", ["model/", "i18n/", "countries/", "config.rs", "dates.rs"]),
    ],
    # The binary: the server library joined with the pages.
    "site": [("startup", [""])],
}
# What each layer may import besides itself.
ALLOWED = {
    "startup": {"*"},
    "adapters": {"state", "services", "providers", "persistence", "floor", "domain"},
    "state": {"services", "providers", "persistence", "floor", "domain"},
    "services": {"providers", "persistence", "floor", "domain"},
    "providers": {"persistence", "floor", "domain"},
    "persistence": {"floor", "domain"},
    "floor": {"domain"},
    "domain": set(),
    "ui": {"client", "base"},
    "client": {"base"},
    "base": set(),
}
# Inside these layers each feature is a room of its own: a file of one feature
# never imports a file of another. Among the adapters a feature is a folder of
# entry/ (`entry/locate`, `entry/billing`…: its API handlers and its page
# forms) or `jobs`; among the providers a top folder (`sms`, `payments`…);
# among the services a file or folder of services/. What the features of a
# layer share sits in its common files (COMMON), which import no feature.
FEATURE_LAYERS = {"adapters", "services", "providers"}
COMMON = {
    "server": {
        # adapters: the API's plumbing (envelope, extractors, the caller, the
        # OpenAPI description), the pages' plumbing (rendering, the page
        # forms' submission, redirects) and the cookies both read.
        "http/", "web/", "cookies/", "entry/mod.rs",
        # services: the use-case context, the one error, limits, the job
        # queue and workers, the usage ledger, sealed columns, the phone
        # number of a form, the word lists.
        "services/mod.rs", "services/context.rs", "services/error.rs", "services/limits.rs",
        "services/job_queue.rs", "services/workers/", "services/workers.rs", "services/usage.rs",
        "services/sealed.rs", "services/words.rs", "services/phone.rs",
        # ...and the features' reactions to a change made outside them (a
        # member's access ended, a number opted out), registered at start-up.
        "services/reactions.rs",
        # ...and the account every feature stands on (who acts: the session,
        # the client, the account row and its access), the audit log's
        # writing side, the price list and the visitor's country.
        "services/accounts/", "services/audit.rs", "services/pricing.rs", "services/visitor.rs",
        # ...and what reaching a number needs whichever feature reaches it:
        # the do-not-contact registry, the SMS queue's rows, proving a number.
        "services/do_not_contact.rs", "services/sms_queue.rs", "services/number_proof.rs",
        "services/abuse_reports.rs",
        # ...and the live feed under every stream of news (help chat,
        # locate): one pub/sub across instances over a table of rows.
        "services/live_feed.rs",
        # ...and the marketing ledger: attribution kept with an order and the
        # conversions billing reports into it (like the usage ledger).
        "services/tracking/",
    },
    "app": set(),
    "app_core": set(),
    "site": set(),
}
# Feature to feature imports the architecture allows (none today).
FEATURE_ALLOWED = set()
# The files that assemble the features of their layer, and so import every
# one of them: the API's route table, the dispatch of the page forms and of
# the support console's pages. Nothing a feature imports imports them back
# (the cycle rule holds them to that).
ASSEMBLY = {"http/mod.rs", "web/forms.rs", "web/pages.rs"}
# The staff console's use cases act on the other features' data (refund a
# charge, cancel a subscription, decide a dispute, answer a chat): the one
# service above the features. No feature imports it.
DESK = {"services/console"}

# Imports against the layers that are known and not yet undone, each with
# why it is still there. The check fails on any other, and on an entry here
# that no longer happens (so this list only shrinks). None today.
KNOWN = {}

USE_RE = re.compile(r"\b(pub(?:\([^)]*\))?\s+)?use\s+([^;]+);")
ITEM_RE = re.compile(
    r"^[ \t]*(?:pub(?:\([^)]*\))?\s+)?(?:(?:async|const|unsafe|extern\s+\"C\")\s+)*"
    r"(fn|struct|enum|trait|type|const|static|union|macro_rules!)\s+(\w+)",
    re.M,
)
MOD_RE = re.compile(r"((?:#\[[^\]]*\]\s*)*)(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)\s*([;{])")
PATH_ATTR_RE = re.compile(r'#\[path\s*=\s*"([^"]+)"\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+(\w+)')
PATH_RE = re.compile(r"(?<![\w:])([A-Za-z_]\w*)((?:\s*::\s*[A-Za-z_]\w*)+)")


def strip(text):
    """Removes comments, string and char literals (keeps line breaks)."""
    out, i, n = [], 0, len(text)
    while i < n:
        c = text[i]
        if text.startswith("//", i):
            j = text.find("\n", i)
            i = n if j < 0 else j
        elif text.startswith("/*", i):
            depth, i = 1, i + 2
            while i < n and depth:
                if text.startswith("/*", i):
                    depth, i = depth + 1, i + 2
                elif text.startswith("*/", i):
                    depth, i = depth - 1, i + 2
                else:
                    out.append("\n" if text[i] == "\n" else "")
                    i += 1
        elif c == "r" and re.match(r'r#*"', text[i:i + 8]) and (i == 0 or not (text[i - 1].isalnum() or text[i - 1] == "_")):
            m = re.match(r'r(#*)"', text[i:])
            end = text.find('"' + m.group(1), i + len(m.group(0)))
            seg = text[i:end + 1 + len(m.group(1))]
            out.append('""' + "\n" * seg.count("\n"))
            i = end + 1 + len(m.group(1))
        elif c == '"':
            j = i + 1
            while j < n and text[j] != '"':
                j += 2 if text[j] == "\\" else 1
            out.append('""' + "\n" * text[i:j].count("\n"))
            i = j + 1
        elif c == "'" and re.match(r"'(\\.|[^\\'])'", text[i:i + 4]) or (c == "'" and re.match(r"'\\u\{[0-9a-fA-F]+\}'", text[i:i + 12])):
            m = re.match(r"'(\\u\{[0-9a-fA-F]+\}|\\.|[^\\'])'", text[i:])
            out.append("' '")
            i += len(m.group(0))
        else:
            out.append(c)
            i += 1
    return "".join(out)


def cut_test_blocks(code):
    """Drops inline `#[cfg(test)] mod x { … }` blocks and `#[cfg(test)]` items."""
    while True:
        m = re.search(r"#\[cfg\(test\)\]\s*(?:#\[[^\]]*\]\s*)*(?:pub(?:\([^)]*\))?\s+)?mod\s+\w+\s*\{", code)
        if not m:
            return code
        depth, j = 1, m.end()
        while j < len(code) and depth:
            depth += {"{": 1, "}": -1}.get(code[j], 0)
            j += 1
        code = code[:m.start()] + "\n" * code[m.start():j].count("\n") + code[j:]


class Module:
    def __init__(self, crate, path, file, parent):
        self.crate, self.path, self.file, self.parent = crate, path, file, parent
        self.children, self.items, self.uses, self.globs = {}, set(), {}, []
        self.code = ""


def expand_use(tree):
    """`a::{b, c::{d as e}}` -> [(['a','b'], 'b'), (['a','c','d'], 'e')]."""
    tree = re.sub(r"\s+", "", tree)
    out = []

    def walk(prefix, t):
        parts, depth, cur = [], 0, ""
        for ch in t:
            if ch == "," and depth == 0:
                parts.append(cur)
                cur = ""
                continue
            depth += {"{": 1, "}": -1}.get(ch, 0)
            cur += ch
        parts.append(cur)
        for p in parts:
            if not p:
                continue
            brace = p.find("{")
            if brace >= 0:
                head = [s for s in p[:brace].split("::") if s]
                walk(prefix + head, p[brace + 1:-1])
                continue
            segs = [s for s in p.split("::") if s]
            out.append((prefix + segs, None))

    walk([], tree)
    return out


def parse_use(raw):
    """Like expand_use, but keeps `as` aliases (parsed before whitespace is lost)."""
    raw = re.sub(r"\s+as\s+", "@", raw)
    res = []
    for segs, _ in expand_use(raw):
        last = segs[-1]
        if "@" in last:
            name, alias = last.split("@")
            res.append((segs[:-1] + [name], alias))
        else:
            res.append((segs, segs[-1] if segs[-1] not in ("self",) else (segs[-2] if len(segs) > 1 else None)))
    return [(s[:-1] if s[-1] == "self" else s, a) for s, a in res]


def inline_spans(code):
    """Where the inline `mod name { … }` blocks of a file are."""
    spans = []
    for m in re.finditer(r"\bmod\s+\w+\s*\{", code):
        depth, j = 1, m.end()
        while j < len(code) and depth:
            depth += {"{": 1, "}": -1}.get(code[j], 0)
            j += 1
        spans.append((m.start(), j))
    return spans


def lift(segs, depth):
    """A path written inside `depth` inline modules, as seen from the file's
    own module: each enclosing inline module takes one `super`."""
    while depth and segs and segs[0] == "super":
        segs, depth = segs[1:], depth - 1
        if not segs or segs[0] != "super":
            segs = ["self"] + segs
    return segs


def load(crate, lib):
    mods = {}

    def visit(path, file, parent, is_test=False):
        text = file.read_text(encoding="utf-8")
        code = strip(text)
        mod = Module(crate, path, file, parent)
        mods[tuple(path)] = mod
        if parent is not None:
            parent.children[path[-1]] = mod
        code_no_tests = cut_test_blocks(code)
        mod.code = code_no_tests
        mod.test = is_test
        mod.items = {m.group(2) for m in ITEM_RE.finditer(code_no_tests)}
        paths = {m.group(2): m.group(1) for m in PATH_ATTR_RE.finditer(text)}
        base = file.parent if file.name in ("mod.rs", "lib.rs", "main.rs") else file.parent / file.stem
        for m in MOD_RE.finditer(code_no_tests):
            attrs, name, kind = m.group(1), m.group(2), m.group(3)
            if kind == "{":
                mod.items.add(name)
                continue
            child_test = "cfg(test)" in attrs or is_test
            orig = paths.get(name)
            cand = [file.parent / orig] if orig else [base / f"{name}.rs", base / name / "mod.rs"]
            for c in cand:
                if c.exists():
                    visit(path + [name], c, mod, child_test)
                    break
        inline = inline_spans(code_no_tests)
        for m in USE_RE.finditer(code_no_tests):
            depth = sum(1 for a, b in inline if a < m.start() < b)
            for segs, alias in parse_use(m.group(2)):
                segs = lift(segs, depth)
                if segs and segs[-1] == "*":
                    mod.globs.append(segs[:-1])
                elif alias and alias != "_":
                    mod.uses[alias] = segs
                elif alias == "_":
                    mod.globs.append(None)
                    mod.uses.setdefault("_" + "::".join(segs), segs)

    visit([], lib, None)
    return mods


def resolve(mods, crate, here, segs, depth=0):
    """Returns (kind, module) for a path used in module `here`: kind is "item"
    (the module whose file defines it), "module" or None (outside the crate)."""
    if depth > 20 or not segs:
        return None, None
    first, rest = segs[0], segs[1:]
    if first == "crate" or first == crate:
        cur = mods[()]
    elif first == "super":
        cur = here.parent
        while rest and rest[0] == "super":
            cur, rest = cur.parent, rest[1:]
    elif first == "self":
        cur = here
    elif first in here.children:
        cur, rest = here.children[first], rest
    elif first in here.uses:
        kind, target = resolve(mods, crate, here, here.uses[first], depth + 1)
        if kind == "module":
            cur = target
        elif kind == "item":
            return kind, target
        else:
            return None, None
    elif first in here.items:
        return "item", here
    else:
        return None, None
    if cur is None:
        return None, None
    for i, s in enumerate(rest):
        if s in cur.children:
            cur = cur.children[s]
            continue
        if s in cur.items:
            return "item", cur
        if s in cur.uses and cur.uses[s] != [s]:
            return resolve(mods, crate, cur, cur.uses[s] + rest[i + 1:], depth + 1)
        for g in cur.globs:
            if g is None:
                continue
            kind, target = resolve(mods, crate, cur, g + [s] + rest[i + 1:], depth + 1)
            if kind:
                return kind, target
        return "item", cur
    return "module", cur


def edges_of(mods, crate):
    edges = {}
    for key, mod in mods.items():
        if mod.test:
            continue
        found = {}
        for segs in mod.uses.values():
            kind, target = resolve(mods, crate, mod, segs)
            if kind == "item" and target is not mod and not target.test:
                found.setdefault(target, "::".join(segs))
        for g in mod.globs:
            if g:
                kind, target = resolve(mods, crate, mod, g)
                if target is not None and target is not mod:
                    found.setdefault(target, "::".join(g) + "::*")
        code = USE_RE.sub(" ", mod.code)
        code = MOD_RE.sub(" ", code)
        for m in PATH_RE.finditer(code):
            segs = [m.group(1)] + [s.strip() for s in m.group(2).split("::") if s.strip()]
            if segs[0] not in ("crate", "super", "self", crate) and segs[0] not in mod.children and segs[0] not in mod.uses:
                continue
            kind, target = resolve(mods, crate, mod, segs)
            if kind == "item" and target is not mod and not target.test:
                found.setdefault(target, "::".join(segs))
        edges[mod] = found
    return edges


def below(mod, ancestor):
    """Whether `mod` is declared (at any depth) inside `ancestor`."""
    while mod.parent is not None:
        mod = mod.parent
        if mod is ancestor:
            return True
    return False


def rel(crate, mod):
    return mod.file.relative_to(CRATES[crate].parent).as_posix()


def layer_of(crate, relpath):
    for name, prefixes in LAYERS[crate]:
        if any(relpath == p or relpath.startswith(p) for p in prefixes):
            return name
    return "floor"


def feature_of(crate, relpath):
    """The feature a file belongs to: in services/ its file or folder
    (`services/locate/x.rs` -> `services/locate`); among the providers and the
    adapters the top folder (`payments/paypal/api.rs` -> `payments`)."""
    if any(relpath == c or (c.endswith("/") and relpath.startswith(c)) for c in COMMON[crate]):
        return None
    parts = relpath.split("/")
    if len(parts) < 2:
        return None
    if parts[0] == "entry":
        return "entry/" + parts[1]
    if parts[0] != "services":
        return parts[0]
    return parts[0] + "/" + parts[1].removesuffix(".rs")


def sccs(nodes, edges):
    index, low, stack, on, out, counter = {}, {}, [], set(), [], [0]
    sys.setrecursionlimit(10000)

    def strong(v):
        index[v] = low[v] = counter[0]
        counter[0] += 1
        stack.append(v)
        on.add(v)
        for w in edges.get(v, {}):
            if w not in index:
                strong(w)
                low[v] = min(low[v], low[w])
            elif w in on:
                low[v] = min(low[v], index[w])
        if low[v] == index[v]:
            comp = []
            while True:
                w = stack.pop()
                on.discard(w)
                comp.append(w)
                if w is v:
                    break
            if len(comp) > 1:
                out.append(comp)

    for v in nodes:
        if v not in index:
            strong(v)
    return out


def main():
    graph = "--graph" in sys.argv
    bad, cycles, known_seen = [], [], set()
    for crate, lib in CRATES.items():
        mods = load(crate, lib)
        edges = edges_of(mods, crate)
        for src, targets in sorted(edges.items(), key=lambda kv: kv[0].file):
            a = rel(crate, src)
            la, fa = layer_of(crate, a), feature_of(crate, a)
            for dst, via in sorted(targets.items(), key=lambda kv: kv[0].file):
                b = rel(crate, dst)
                lb, fb = layer_of(crate, b), feature_of(crate, b)
                if graph:
                    print(f"{crate}/src/{a} -> {b}  ({via})")
                allowed = "*" in ALLOWED[la] or lb in ALLOWED[la] or lb == la
                if lb == la and la in FEATURE_LAYERS:
                    allowed = fb is None or fa == fb or (fa, fb) in FEATURE_ALLOWED
                    allowed = allowed or (crate == "server" and a in ASSEMBLY)
                    allowed = allowed or (fa in DESK and fb not in DESK)
                if not allowed and crate == "server" and (a, b) in KNOWN:
                    known_seen.add((a, b))
                elif not allowed:
                    why = f"{la} -> {lb}" if la != lb else f"feature {fa} -> {fb or b}"
                    bad.append(f"{crate}/src/{a} -> {crate}/src/{b} ({via}): {why}")
        # A module is the face of the files below it: it declares them and
        # hands their items on. Its uses of its own files are its structure,
        # so the cycle rule is read without them: a file may use what the
        # modules above it define, and they may use it, but no two siblings,
        # and nothing across folders, may go round.
        # The known imports against the layers are left out here too: the
        # cycles they close are theirs, and go when they go.
        def known(src, dst):
            return crate == "server" and (rel(crate, src), rel(crate, dst)) in KNOWN

        inward = {
            src: {
                dst: v
                for dst, v in targets.items()
                if not below(dst, src) and not known(src, dst)
            }
            for src, targets in edges.items()
        }
        for comp in sccs(list(inward), inward):
            names = sorted(f"{crate}/src/{rel(crate, m)}" for m in comp)
            ties = [
                f"    {crate}/src/{rel(crate, s)} -> {rel(crate, d)} ({v})"
                for s in comp for d, v in inward[s].items() if d in comp
            ]
            cycles.append(f"cycle of {len(comp)} files: " + ", ".join(names) + "\n" + "\n".join(sorted(ties)))
    for a, b in sorted(set(KNOWN) - known_seen):
        bad.append(f"server/src/{a} -> server/src/{b}: gone, take it off KNOWN")
    for line in bad:
        print("import against the layers:", line)
    for c in cycles:
        print(c)
    print(
        f"{len(bad)} imports against the layers, {len(cycles)} cycles"
        f" ({len(known_seen)} known imports against the layers still open, see KNOWN)"
    )
    sys.exit(1 if bad or cycles else 0)


if __name__ == "__main__":
    main()
