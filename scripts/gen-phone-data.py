#!/usr/bin/env python3
"""Generates server/data/phone/{geocoding,carrier,timezones}.tsv.gz: the prefix
tables behind libphonenumber's geocoder, carrier mapper and time-zone mapper,
taken from its Python port `phonenumbers` (pinned in
scripts/requirements-phone.txt; the metadata version must match the Rust
engine's). Loaded by server/src/domain/phone_data.

Only en, id and zh are kept (plain `zh`, not zh_Hant): nobody reads the rest.

Setup: pip install -r scripts/requirements-phone.txt
Run:   python3 scripts/gen-phone-data.py   (the output is committed)

Format (UTF-8, one entry per line, sorted by prefix, gzip with mtime 0 so the
output is byte-for-byte reproducible; lines starting with '#' are comments):
  geocoding.tsv.gz, carrier.tsv.gz: prefix<TAB>en<TAB>id<TAB>zh  (missing -> "")
  timezones.tsv.gz:                 prefix<TAB>zone1&zone2&...
A prefix is E.164 digits without '+', e.g. 1201 or 62811.
"""
import gzip
import io
import pathlib
import sys

PINNED = "9.0.42"
LANGS = ("en", "id", "zh")
MAX_PREFIX_LEN = 9  # the Rust loader keys prefixes as u32 (< 10^9)

try:
    import phonenumbers
except ImportError:
    sys.exit("phonenumbers is not installed: pip install -r scripts/requirements-phone.txt")
if phonenumbers.__version__ != PINNED:
    sys.exit(
        f"phonenumbers {phonenumbers.__version__} is installed, {PINNED} is required "
        "(same metadata as the Rust engine): pip install -r scripts/requirements-phone.txt"
    )

from phonenumbers.carrierdata import CARRIER_DATA  # noqa: E402
from phonenumbers.geodata import GEOCODE_DATA  # noqa: E402
from phonenumbers.tzdata import TIMEZONE_DATA  # noqa: E402

OUT = pathlib.Path(__file__).resolve().parent.parent / "server" / "data" / "phone"
HEADER = f"# phonenumbers {PINNED}\n"


def check_prefix(prefix: str) -> None:
    if not (prefix.isascii() and prefix.isdigit() and 1 <= len(prefix) <= MAX_PREFIX_LEN):
        sys.exit(f"unexpected prefix {prefix!r}")


def check_field(value: str, forbidden: str = "\t\r\n") -> str:
    if any(c in value for c in forbidden):
        sys.exit(f"unexpected character in {value!r}")
    return value


def text_rows(data: dict) -> list:
    rows = []
    for prefix in sorted(data):
        names = data[prefix]
        if not any(names.get(lang) for lang in LANGS):
            continue  # only languages we do not ship
        check_prefix(prefix)
        rows.append("\t".join([prefix] + [check_field(names.get(lang, "")) for lang in LANGS]))
    return rows


def zone_rows(data: dict) -> list:
    rows = []
    for prefix in sorted(data):
        check_prefix(prefix)
        zones = data[prefix]
        if not zones:
            continue
        rows.append(prefix + "\t" + "&".join(check_field(z, "\t\r\n&") for z in zones))
    return rows


def write(name: str, rows: list) -> None:
    text = HEADER + "".join(row + "\n" for row in rows)
    raw = text.encode("utf-8")
    buf = io.BytesIO()
    with gzip.GzipFile(filename="", mode="wb", fileobj=buf, compresslevel=9, mtime=0) as gz:
        gz.write(raw)
    path = OUT / name
    path.write_bytes(buf.getvalue())
    print(f"{path.relative_to(OUT.parent.parent.parent)}: {len(rows)} entries, "
          f"{len(raw)} bytes raw, {len(buf.getvalue())} bytes gzip")


def main() -> None:
    OUT.mkdir(parents=True, exist_ok=True)
    write("geocoding.tsv.gz", text_rows(GEOCODE_DATA))
    write("carrier.tsv.gz", text_rows(CARRIER_DATA))
    write("timezones.tsv.gz", zone_rows(TIMEZONE_DATA))


if __name__ == "__main__":
    main()
