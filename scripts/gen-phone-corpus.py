#!/usr/bin/env python3
"""Generates server/site/tests/data/phone-corpus.jsonl: a reference corpus of phone
number inputs with the results libphonenumber's Python port (`phonenumbers`)
gives for them. Used to check our own phone-number handling against the
reference and by scripts/bench-phonenumbers.py.

Requires exactly phonenumbers==9.0.42 (the expectations depend on its metadata):
    pip install phonenumbers==9.0.42
Run: python3 scripts/gen-phone-corpus.py   (the output is committed)

Deterministic: fixed seed, sorted iteration, no dependence on hash order.

Each output line is one JSON object:
  input, region            -> phonenumbers.parse(input, region); region may be null
  parse_ok, parse_error    -> parse_error is the NumberParseException type name
                              (INVALID_COUNTRY_CODE, NOT_A_NUMBER,
                              TOO_SHORT_AFTER_IDD, TOO_SHORT_NSN, TOO_LONG);
                              on failure every field below is null
  valid                    -> is_valid_number (false when parsing failed)
  type                     -> number_type name (FIXED_LINE, MOBILE, ..., UNKNOWN)
  possible_reason          -> is_possible_number_with_reason name
  e164, international, national, rfc3966 -> format_number in those formats
  country_code             -> int
  national_number          -> national_significant_number(n): a string that
                              keeps Italian-style leading zeros ("0612345678"
                              for +39 06 1234 5678), i.e. NOT str(n.national_number)
  extension                -> string or null
  region_of_number         -> region_code_for_number ("001" for non-geographic
                              entities such as +800, null when none matches)
"""
import collections
import json
import pathlib
import random
import re
import sys

REQUIRED_VERSION = "9.0.42"

try:
    import phonenumbers
except ImportError:
    sys.exit(f"phonenumbers is not installed: pip install phonenumbers=={REQUIRED_VERSION}")
if phonenumbers.__version__ != REQUIRED_VERSION:
    sys.exit(
        f"phonenumbers {phonenumbers.__version__} found, exactly {REQUIRED_VERSION} is required "
        f"(the expected results depend on its metadata): pip install phonenumbers=={REQUIRED_VERSION}"
    )

from phonenumbers import (  # noqa: E402
    NumberParseException,
    PhoneMetadata,
    PhoneNumberFormat,
    PhoneNumberType,
    ValidationResult,
)

SEED = 20240607
OUT = pathlib.Path(__file__).resolve().parent.parent / "server" / "tests" / "data" / "phone-corpus.jsonl"

# Default regions; the first block is required, the weight is how many
# "valid-style" candidates (mutated example numbers) are generated for it.
REGION_WEIGHTS = {
    "ID": 850, "PH": 290, "US": 380, "GB": 290, "IN": 290, "CN": 290, "BR": 270,
    "DE": 270, "FR": 235, "NG": 235, "IT": 235, "RU": 235, "SG": 235,
}
for _r in (
    "MX JP KR AU CA ES NL TR VN TH MY PK BD EG ZA KE AR CO PE SA AE IL PL UA SE CH BE "
    "AT PT GR NZ HK TW CZ DK FI NO IE CL GH MA LK NP KH HU RO IR"
).split():
    REGION_WEIGHTS[_r] = 120
REGIONS = list(REGION_WEIGHTS)

INVALID_TARGET = 0.15
ERROR_NAMES = {
    NumberParseException.INVALID_COUNTRY_CODE: "INVALID_COUNTRY_CODE",
    NumberParseException.NOT_A_NUMBER: "NOT_A_NUMBER",
    NumberParseException.TOO_SHORT_AFTER_IDD: "TOO_SHORT_AFTER_IDD",
    NumberParseException.TOO_SHORT_NSN: "TOO_SHORT_NSN",
    NumberParseException.TOO_LONG: "TOO_LONG",
}
ALL_TYPES = sorted(
    getattr(PhoneNumberType, n)
    for n in dir(PhoneNumberType)
    if n.isupper() and n != "UNKNOWN"
)

# Everyday numbers are mostly mobile and fixed-line: sample their examples more.
TYPE_WEIGHTS = {PhoneNumberType.MOBILE: 4, PhoneNumberType.FIXED_LINE: 3,
                PhoneNumberType.FIXED_LINE_OR_MOBILE: 3, PhoneNumberType.TOLL_FREE: 2}

rng = random.Random(SEED)


# ---------------------------------------------------------------- expectations

def expect(inp, region):
    row = {
        "input": inp, "region": region, "parse_ok": False, "parse_error": None,
        "valid": False, "type": None, "possible_reason": None,
        "e164": None, "international": None, "national": None, "rfc3966": None,
        "country_code": None, "national_number": None, "extension": None,
        "region_of_number": None,
    }
    try:
        n = phonenumbers.parse(inp, region)
    except NumberParseException as e:
        row["parse_error"] = ERROR_NAMES[e.error_type]
        return row
    row.update(
        parse_ok=True,
        valid=phonenumbers.is_valid_number(n),
        type=PhoneNumberType.to_string(phonenumbers.number_type(n)),
        possible_reason=ValidationResult.to_string(phonenumbers.is_possible_number_with_reason(n)),
        e164=phonenumbers.format_number(n, PhoneNumberFormat.E164),
        international=phonenumbers.format_number(n, PhoneNumberFormat.INTERNATIONAL),
        national=phonenumbers.format_number(n, PhoneNumberFormat.NATIONAL),
        rfc3966=phonenumbers.format_number(n, PhoneNumberFormat.RFC3966),
        country_code=n.country_code,
        national_number=phonenumbers.national_significant_number(n),
        extension=n.extension,
        region_of_number=phonenumbers.region_code_for_number(n),
    )
    return row


# ---------------------------------------------------------------- helpers

def concrete_prefix(pattern, preferred=None):
    """A concrete digit string fully matching an IDD regex (e.g. '00[89]' -> '008')."""
    if preferred and preferred.isdigit():
        return preferred
    if pattern is None:
        return None
    rx = re.compile(pattern)
    for cand in ("00", "011", "010", "810", "0011", "001", "002", "008", "009", "0021", "000"):
        if rx.fullmatch(cand):
            return cand
    for length in range(2, 6):
        for i in range(10 ** length):
            cand = str(i).zfill(length)
            if rx.fullmatch(cand):
                return cand
    return None


META = {r: PhoneMetadata.metadata_for_region(r) for r in REGIONS}
CC = {r: META[r].country_code for r in REGIONS}
IDD = {r: concrete_prefix(META[r].international_prefix, META[r].preferred_international_prefix) for r in REGIONS}
NAT_PREFIX = {r: META[r].national_prefix for r in REGIONS}


def rdigits(k):
    return "".join(rng.choice("0123456789") for _ in range(k))


def mutate_tail(nsn):
    if len(nsn) <= 3:
        return nsn
    k = rng.randint(1, min(6, len(nsn) - 2))
    return nsn[:-k] + rdigits(k)


def mutate_valid(nsn):
    """Random trailing digits; sometimes also a length change, so that ranges with
    several lengths (e.g. Indonesian mobiles, 9-12 digits) get covered. Returns
    (nsn, length_changed)."""
    nsn = mutate_tail(nsn)
    r = rng.random()
    if r < 0.2:
        return nsn + rdigits(rng.randint(1, 3)), True
    if r < 0.3 and len(nsn) > 5:
        return nsn[: -rng.randint(1, 2)], True
    return nsn, False


def parse_quiet(s, region=None):
    try:
        return phonenumbers.parse(s, region)
    except NumberParseException:
        return None


def restyle(formatted):
    """Re-punctuate a formatted number: spaces/dashes between groups become a
    random separator, the first group may get brackets."""
    plus = formatted.startswith("+")
    body = formatted[1:] if plus else formatted
    groups = [g for g in re.split(r"[\s\-.()/]+", body) if g]
    if not groups:
        return formatted
    sep = rng.choice([" ", "-", ".", "", " - ", "  ", "/"])
    if plus and len(groups) > 2 and rng.random() < 0.4:
        # "+62 (812) 3456-7890"
        s = "+" + groups[0] + " (" + groups[1] + ") " + sep.join(groups[2:])
    elif not plus and len(groups) > 1 and rng.random() < 0.3:
        s = "(" + groups[0] + ") " + sep.join(groups[1:])
    else:
        s = ("+" if plus else "") + sep.join(groups)
    return s


def pad(s):
    r = rng.random()
    if r < 0.08:
        return " " + s + " "
    if r < 0.11:
        return "\t" + s
    if r < 0.14:
        return s + "  "
    return s


def other_region(region):
    return rng.choice([r for r in REGIONS if r != region])


def spaced_digits(nsn):
    # Break a digit string into groups of 3-4.
    out, i = [], 0
    while i < len(nsn):
        k = rng.choice([3, 4])
        out.append(nsn[i:i + k])
        i += k
    return " ".join(out)


# ---------------------------------------------------------------- generators

def valid_style(region, nsn):
    """One input string (+ default region) for the number +cc nsn."""
    cc = CC[region]
    n = parse_quiet(f"+{cc}{nsn}")
    if n is None:
        return f"+{cc}{nsn}", region
    intl = phonenumbers.format_number(n, PhoneNumberFormat.INTERNATIONAL)
    natl = phonenumbers.format_number(n, PhoneNumberFormat.NATIONAL)
    style = rng.choices(
        ["e164", "intl", "intl_restyled", "national", "national_restyled", "national_digits",
         "nsn_digits", "idd", "idd_self", "tel", "plus_zero"],
        weights=[12, 12, 10, 14, 14, 10, 8, 10, 3, 3, 2],
    )[0]
    if style == "e164":
        return f"+{cc}{nsn}", rng.choice([None, region, region, other_region(region)])
    if style == "intl":
        return pad(intl), rng.choice([None, region, other_region(region)])
    if style == "intl_restyled":
        return pad(restyle(intl)), rng.choice([None, region, other_region(region)])
    if style == "national":
        return pad(natl), region
    if style == "national_restyled":
        return pad(restyle(natl)), region
    if style == "national_digits":
        return re.sub(r"\D", "", natl), region
    if style == "nsn_digits":
        return nsn, region
    if style in ("idd", "idd_self"):
        frm = region if style == "idd_self" else other_region(region)
        idd = IDD[frm]
        if idd is None:
            return f"+{cc}{nsn}", None
        body = rng.choice([spaced_digits(nsn), nsn, re.sub(r"^\+\d+\s*", "", intl)])
        sep = rng.choice([" ", "", "-"])
        return pad(f"{idd}{sep}{cc}{sep}{body}"), frm
    if style == "tel":
        return phonenumbers.format_number(n, PhoneNumberFormat.RFC3966), rng.choice([None, region])
    # plus_zero: "+62 (0) 812 3456 7890" – trunk prefix written in brackets
    np_ = NAT_PREFIX[region] or "0"
    rest = re.sub(r"^\+\d+\s*", "", intl)
    return f"+{cc} ({np_}) {rest}", None


EXT_FORMS = [" ext. {e}", ";ext={e}", " x{e}", " ext {e}", " extension {e}", " #{e}",
             ",{e}", " X {e}", " Ext.{e}", " доб. {e}"]


def invalid_style(region, nsn):
    """One deliberately odd/invalid input for the region (results still come
    from phonenumbers: some of these turn out valid)."""
    cc = CC[region]
    np_ = NAT_PREFIX[region] or ""
    kind = rng.choice([
        "longer", "longer", "shorter", "shorter", "bad_prefix", "bad_prefix", "ext", "ext", "ext_long",
        "idd_short", "nat_prefix_only", "no_region", "too_many_digits", "letters_mixed", "short",
    ])
    if kind == "longer":
        s = nsn + rdigits(rng.randint(1, 3))
        return rng.choice([(np_ + s, region), (f"+{cc} {s}", None), (s, region)])
    if kind == "shorter":
        s = nsn[: -rng.randint(1, min(3, max(1, len(nsn) - 2)))]
        return rng.choice([(np_ + s, region), (f"+{cc}{s}", rng.choice([None, region])), (s, region)])
    if kind == "bad_prefix":
        k = rng.randint(1, 2)
        s = rdigits(k) + nsn[k:]
        return rng.choice([(np_ + s, region), (f"+{cc} {s}", None)])
    if kind in ("ext", "ext_long"):
        e = rdigits(rng.randint(1, 6) if kind == "ext" else rng.randint(8, 12))
        form = rng.choice(EXT_FORMS).format(e=e)
        n = parse_quiet(f"+{cc}{nsn}")
        base = f"+{cc}{nsn}" if n is None else rng.choice([
            phonenumbers.format_number(n, PhoneNumberFormat.INTERNATIONAL),
            phonenumbers.format_number(n, PhoneNumberFormat.NATIONAL),
        ])
        return base + form, region
    if kind == "idd_short":
        idd = IDD[region] or "00"
        return rng.choice([f"{idd}", f"{idd} {cc}", f"{idd} {cc} {nsn[:2]}", f"{idd}{rdigits(1)}"]), region
    if kind == "nat_prefix_only":
        return rng.choice([np_ or "0", (np_ or "0") + nsn[:1], (np_ or "0") + nsn[:3]]), region
    if kind == "no_region":
        return rng.choice([np_ + nsn, nsn, spaced_digits(nsn)]), rng.choice([None, "ZZ"])
    if kind == "too_many_digits":
        return rng.choice([f"+{cc}{rdigits(rng.randint(16, 22))}", rdigits(rng.randint(18, 30))]), region
    if kind == "letters_mixed":
        letters = "".join(rng.choice("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ")
                          for _ in range(rng.randint(1, 6)))
        pos = rng.randint(0, len(nsn))
        return np_ + nsn[:pos] + letters + nsn[pos:], region
    # short
    return rng.choice(["1", rdigits(2), rdigits(3), f"+{cc}", f"+{cc} {rdigits(1)}", f"+{cc}{rdigits(2)}"]), region


def global_oddities():
    """Region-independent garbage and edge cases."""
    out = []
    for s in ["", " ", "   ", "\t", "+", "++", "-", "--", "()", "( )", ".", "+-", "#", "*", "+0",
              "abc", "hello world", "phone", "N/A", "null", "none", "?", "12", "123", "1", "0", "00",
              "000", "+1", "+62", "+62 ", "+ 62", "tel:", "tel:+", "+()", "ext. 123", ";ext=1"]:
        for region in ("ID", "US", None):
            out.append((s, region))
    # unknown / unassigned calling codes
    for cc in ("999", "0", "00", "28", "80", "83", "89", "210", "259", "292", "384", "693", "801", "998"):
        for _ in range(3):
            out.append((f"+{cc} {rdigits(rng.randint(6, 10))}", rng.choice([None, "ID", "US", "GB"])))
    # non-geographic entities (+800 freephone, +808, +870, +881, +882, +883, +888, +979)
    for cc in (800, 808, 870, 878, 881, 882, 883, 888, 979):
        ex = phonenumbers.example_number_for_non_geo_entity(cc)
        if ex is None:
            continue
        nsn = phonenumbers.national_significant_number(ex)
        for _ in range(4):
            out.append((f"+{cc} {spaced_digits(mutate_tail(nsn))}", rng.choice([None, "ID", "US"])))
    # vanity / alpha numbers
    for s, r in [("1-800-FLOWERS", "US"), ("1-800-GOOG-411", "US"), ("+1 800 MY APPLE", None),
                 ("0800 REVERSE", "GB"), ("1800-CALL-NOW", "AU"), ("+44 800 FLOWERS", None),
                 ("1-800-ABC", "US"), ("ABC-DEFG", "US"), ("0812-ABCD-EFGH", "ID"), ("+62 812 ABC 4567", None)]:
        out.append((s, r))
    # full-width / other scripts digits, unicode punctuation
    fw = str.maketrans("0123456789+", "０１２３４５６７８９＋")
    ar = str.maketrans("0123456789", "٠١٢٣٤٥٦٧٨٩")
    for s, r in [("+62 812 3456 7890", None), ("0812 3456 7890", "ID"), ("+1 650 253 0000", None),
                 ("+44 20 7031 3000", None), ("+86 138 0013 8000", None)]:
        out.append((s.translate(fw), r))
        out.append((s.translate(ar), r))
        out.append((s.replace(" ", "\u00a0"), r))
        out.append((s.replace(" ", "\u2013"), r))
    # > 250 characters and borderline lengths
    for length in (249, 250, 251, 260, 300, 400):
        out.append(("+62" + rdigits(length - 3), None))
        out.append((rdigits(length), "ID"))
        out.append(("0812-3456-7890 " + "x" * (length - 15), "ID"))
        out.append(("+62 812 3456 7890" + " " * (length - 17), None))
    out.append(("+62 812 3456 7890 " + "a" * 240, "ID"))
    out.append(("call me maybe " * 20, "US"))
    # embedded in text
    for s, r in [("Call 0812-3456-7890 now", "ID"), ("tel. (021) 555-1234", "ID"), ("phone: +1 650 253 0000", None),
                 ("+62 812 3456 7890 / +62 812 3456 7891", None), ("0812 3456 7890!!!", "ID"),
                 ("[+62] 812 3456 7890", None), ("+62-812-3456-7890.", None), ("+(62) 812 3456 7890", None),
                 ("(+62) 812 3456 7890", None), ("+62 0812 3456 7890", None), ("62 812 3456 7890", "ID"),
                 ("6281234567890", "ID"), ("6281234567890", None), ("+6281234567890", "XX"),
                 ("tel:+62-812-3456-7890;ext=12", None), ("tel:0812-3456-7890;phone-context=+62", None),
                 ("tel:812-3456-7890;phone-context=+62", None), ("tel:1234;phone-context=example.com", "US"),
                 ("sip:+6281234567890@example.com", None), ("+62 812 3456 7890 ext. 12345678901234567890", None),
                 ("+62 812 3456 7890 ext. 123456789012345678901", None), ("+1 (650) 253-0000 x 12345678", None),
                 ("+1 650 253 0000;ext=123456789", None), ("+1 650 253 0000 ext 1234567", None)]:
        out.append((s, r))
    return out


# ---------------------------------------------------------------- build

def main():
    seen = set()
    good, bad = [], []  # expectation rows from the "valid-style" / "invalid-style" pools

    def add(pool, inp, region, only_valid=False):
        key = (inp, region)
        if key in seen:
            return False
        row = expect(inp, region)
        if only_valid and not row["valid"]:
            return False
        seen.add(key)
        pool.append(row)
        return True

    invalid_by_region = {}
    for region in REGIONS:
        bases = []  # example NSNs, repeated by TYPE_WEIGHTS
        for t in ALL_TYPES:
            if t not in phonenumbers.supported_types_for_region(region):
                continue
            ex = phonenumbers.example_number_for_type(region, t)
            if ex is not None:
                bases += [phonenumbers.national_significant_number(ex)] * TYPE_WEIGHTS.get(t, 1)
        if not bases:
            sys.exit(f"no example numbers for {region}")
        target = REGION_WEIGHTS[region]
        made = tries = 0
        while made < target and tries < target * 20:
            tries += 1
            base = bases[tries % len(bases)]
            nsn, resized = (base, False) if tries <= len(set(bases)) else mutate_valid(base)
            inp, reg = valid_style(region, nsn)
            # Resized numbers are kept only when phonenumbers calls them valid:
            # wrong lengths are the invalid-style pool's job.
            made += add(good, inp, reg, only_valid=resized)
        # a reservoir of odd inputs for the region; sampled below
        pool = []
        for _ in range(target):
            base = rng.choice(bases)
            pool.append(invalid_style(region, mutate_tail(base)))
        invalid_by_region[region] = pool

    for inp, reg in global_oddities():
        add(bad, inp, reg)

    # Top up with invalid-style inputs (round-robin over regions, so every region
    # gets its share) until ~INVALID_TARGET of the corpus is invalid.
    def invalid_share():
        rows = good + bad
        return sum(not r["valid"] for r in rows) / len(rows)

    cursors = {r: 0 for r in REGIONS}
    while invalid_share() < INVALID_TARGET:
        progressed = False
        for region in REGIONS:
            pool = invalid_by_region[region]
            while cursors[region] < len(pool):
                inp, reg = pool[cursors[region]]
                cursors[region] += 1
                if add(bad, inp, reg):
                    progressed = True
                    break
        if not progressed:
            break

    rows = good + bad
    natural_invalid = sum(not r["valid"] for r in good)
    OUT.parent.mkdir(parents=True, exist_ok=True)
    with OUT.open("w", encoding="utf-8") as f:
        for row in rows:
            f.write(json.dumps(row, ensure_ascii=False, separators=(",", ":")) + "\n")

    total = len(rows)
    per_region = collections.Counter(r["region"] or "(none)" for r in rows)
    invalid = sum(not r["valid"] for r in rows)
    failures = sum(not r["parse_ok"] for r in rows)
    errors = collections.Counter(r["parse_error"] for r in rows if not r["parse_ok"])
    types = collections.Counter(r["type"] for r in rows if r["parse_ok"])
    reasons = collections.Counter(r["possible_reason"] for r in rows if r["parse_ok"])
    print(f"phonenumbers {phonenumbers.__version__}, seed {SEED}")
    print(f"wrote {OUT} ({OUT.stat().st_size} bytes)")
    print(f"total: {total}")
    print(f"default regions: {len([k for k in per_region if k != '(none)'])} (+ null)")
    print("per region: " + ", ".join(f"{k}={v}" for k, v in sorted(per_region.items())))
    print(f"invalid (valid == false, incl. parse failures): {invalid} ({invalid / total:.1%})")
    print(f"  of which from mutated example numbers: {natural_invalid} of {len(good)}; "
          f"odd/invalid-style inputs: {len(bad)}")
    print(f"parse failures: {failures} ({failures / total:.1%}): "
          + ", ".join(f"{k}={v}" for k, v in sorted(errors.items())))
    print("types: " + ", ".join(f"{k}={v}" for k, v in sorted(types.items())))
    print("possible_reason: " + ", ".join(f"{k}={v}" for k, v in sorted(reasons.items())))
    print(f"with extension: {sum(1 for r in rows if r['extension'])}")
    print(f"region_of_number differs from default region: "
          f"{sum(1 for r in rows if r['parse_ok'] and r['region'] and r['region_of_number'] != r['region'])}")
    required = set("ID PH US GB IN CN BR DE FR NG IT RU SG".split())
    problems = []
    if total < 12000:
        problems.append(f"only {total} inputs (want >= 12000)")
    if len(set(REGIONS) & set(per_region)) < 45:
        problems.append("fewer than 45 default regions")
    if not required <= set(per_region):
        problems.append(f"missing regions {sorted(required - set(per_region))}")
    if not 0.12 <= invalid / total <= 0.18:
        problems.append(f"invalid share {invalid / total:.1%} is far from {INVALID_TARGET:.0%}")
    if problems:
        sys.exit("corpus check failed: " + "; ".join(problems))


if __name__ == "__main__":
    main()
