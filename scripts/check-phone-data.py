#!/usr/bin/env python3
"""Prints what libphonenumber (Python `phonenumbers`, pinned in
scripts/requirements-phone.txt) answers for a few numbers, to compare with the
server's phone_data tables plus its own type/fallback rules.

For each number: its type, then per language geocoder.description_for_number
(area, or the country name for non-geographic types / no area), the raw prefix
lookup alone (what PhoneData::area returns), carrier.name_for_number (mobile,
fixed-or-mobile and pager types only), and timezone.time_zones_for_number.

Run: python3 scripts/check-phone-data.py [+E164 ...]
"""
import sys

import phonenumbers
from phonenumbers import carrier, geocoder, timezone
from phonenumbers.geodata import GEOCODE_DATA, GEOCODE_LONGEST_PREFIX
from phonenumbers.prefix import _prefix_description_for_number

NUMBERS = [
    "+12015550123",     # US, New Jersey (FIXED_LINE_OR_MOBILE)
    "+622112345678",    # ID, Jakarta fixed line
    "+6281234567890",   # ID, Telkomsel mobile (geographic mobile country: area too)
    "+6281112345678",   # ID mobile with two time zones
    "+8613800138000",   # CN mobile: area + carrier in zh
    "+861012345678",    # CN, Beijing fixed line
    "+442071234567",    # GB, London fixed line
    "+447400123456",    # GB mobile: country name, carrier, country time zones
    "+6561234567",      # SG fixed line: no area data -> country name
    "+5491123456789",   # AR mobile: the mobile token 9 is skipped for the area
    "+80012345678",     # international freephone: country 001, no name
    "+6299",            # invalid: "", "", Etc/Unknown
]

print(f"phonenumbers {phonenumbers.__version__}")
for text in sys.argv[1:] or NUMBERS:
    num = phonenumbers.parse(text)
    kind = phonenumbers.PhoneNumberType.to_string(phonenumbers.number_type(num))
    print(f"\n{text}  {kind}  valid={phonenumbers.is_valid_number(num)}")
    for lang in ("en", "id", "zh"):
        desc = geocoder.description_for_number(num, lang)
        raw = _prefix_description_for_number(GEOCODE_DATA, GEOCODE_LONGEST_PREFIX, num, lang)
        name = carrier.name_for_number(num, lang)
        print(f"  {lang}: area={desc!r} (prefix lookup {raw!r})  carrier={name!r}")
    print(f"  time zones: {list(timezone.time_zones_for_number(num))}")
