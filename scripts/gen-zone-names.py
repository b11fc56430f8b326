"""Generates server/data/phone/zone-names.tsv.gz: for every time zone the
phone data names, its name in English, Indonesian and Chinese from CLDR
(Python `babel`, pinned in scripts/requirements-phone.txt):

  zone<TAB>en<TAB>id<TAB>zh<TAB>territory

The territory (ISO 3166 alpha-2, CLDR's zone territories; empty when CLDR
has none) lets a number's own country's zones come first: a UK mobile's
numbering plan also covers Guernsey, Jersey and the Isle of Man.

The generic name ("Eastern Time", valid all year) unless CLDR only has a
location-based one ("Indonesia (Jakarta) Time"); then the standard name
("Western Indonesia Time"), which is how people there call it.

Usage: python3 scripts/gen-zone-names.py   (then commit the .tsv.gz)
"""
import gzip
from pathlib import Path

from babel.core import get_global
from babel.dates import get_timezone, get_timezone_name

DATA = Path(__file__).resolve().parent.parent / "server" / "data" / "phone"
LOCALES = ["en", "id", "zh"]


def zones():
    with gzip.open(DATA / "timezones.tsv.gz", "rt", encoding="utf-8") as f:
        names = set()
        for line in f:
            if line.startswith("#"):
                continue
            _, value = line.rstrip("\n").split("\t", 1)
            names.update(z for z in value.split("&") if z and z != "Etc/Unknown")
    return sorted(names)


def name(zone, locale):
    tz = get_timezone(zone)
    generic = get_timezone_name(tz, "long", locale=locale)
    if "(" in generic or "（" in generic:
        return get_timezone_name(tz, "long", locale=locale, zone_variant="standard")
    return generic


def main():
    territories = get_global("zone_territories")
    rows = [f"{z}\t" + "\t".join(name(z, l) for l in LOCALES) + f"\t{territories.get(z, '')}" for z in zones()]
    body = "# CLDR via babel " + __import__("babel").__version__ + "\n" + "\n".join(rows) + "\n"
    with gzip.GzipFile(DATA / "zone-names.tsv.gz", "wb", mtime=0) as f:
        f.write(body.encode("utf-8"))
    print(f"{len(rows)} zones")


if __name__ == "__main__":
    main()
