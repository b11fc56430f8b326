#!/usr/bin/env python3
"""Benchmarks the reference implementation (Python `phonenumbers`) on the phone
corpus, pinned to one CPU core, so our own implementation can be compared to it.

Run: python3 scripts/bench-phonenumbers.py [corpus.jsonl] [--re-cache-size N]
     (default: server/site/tests/data/phone-corpus.jsonl, made by gen-phone-corpus.py)

stdout, one key=value per line (machine-readable):
  python_version=...
  phonenumbers_version=...
  python_full_ops_per_sec=<float>    per corpus line: parse + is_valid_number +
                                     number_type + format E164, INTERNATIONAL,
                                     NATIONAL (the rest skipped when parse fails)
  python_lookup_ops_per_sec=<float>  per valid number (parsed beforehand):
                                     carrier.name_for_number(n, "en") +
                                     geocoder.description_for_number(n, "en") +
                                     timezone.time_zones_for_number(n)
Each figure is the median over the timed passes; one untimed warm-up pass comes
first (it loads the lazily imported metadata / prefix data and fills the
regex cache). Per-pass details go to stderr. Total runtime is kept under ~60 s.

"Pattern cache on": phonenumbers has no cache of its own; it calls
re.compile() on metadata patterns at every use and relies on the `re` module's
compiled-pattern cache (re._MAXCACHE entries, 512 on CPython 3.11, evicting the
oldest entry when full). The script checks that this cache is enabled and
never purges it. By default it is left as shipped, which is what phonenumbers
users get; note that this corpus touches ~900 distinct patterns, so the default
cache thrashes. --re-cache-size N enlarges it (e.g. 100000: every pattern stays
compiled, roughly 2x faster "full" ops); the mode used is logged to stderr.
"""
import json
import os
import pathlib
import platform
import re
import statistics
import sys
import time

import phonenumbers
from phonenumbers import NumberParseException, PhoneNumberFormat, carrier, geocoder, timezone

DEFAULT_CORPUS = pathlib.Path(__file__).resolve().parent.parent / "server" / "tests" / "data" / "phone-corpus.jsonl"
# Timed passes per op: at least MIN_PASSES, at most MAX_PASSES, stop adding
# passes once an op has used its time budget.
MIN_PASSES, MAX_PASSES = 3, 10
BUDGET_S = {"full": 22.0, "lookup": 18.0}


def log(msg):
    print(msg, file=sys.stderr, flush=True)


def pin_one_core():
    if hasattr(os, "sched_setaffinity"):
        cpu = min(os.sched_getaffinity(0))
        os.sched_setaffinity(0, {cpu})
        log(f"pinned to cpu {cpu}")
    else:  # pragma: no cover
        log("warning: os.sched_setaffinity unavailable, not pinned to one core")


def check_pattern_cache(size_override):
    if size_override is not None:
        if not hasattr(re, "_MAXCACHE"):
            sys.exit("--re-cache-size: this Python's re module has no _MAXCACHE")
        re._MAXCACHE = size_override
    size = getattr(re, "_MAXCACHE", None)
    if size is not None and size <= 0:
        sys.exit("re module pattern cache is disabled (re._MAXCACHE <= 0); the benchmark needs it on")
    log(f"pattern cache on: re._MAXCACHE={size}" + (" (enlarged)" if size_override is not None else " (default)"))


def full_pass(inputs):
    parse = phonenumbers.parse
    is_valid = phonenumbers.is_valid_number
    number_type = phonenumbers.number_type
    fmt = phonenumbers.format_number
    E164, INTL, NATL = PhoneNumberFormat.E164, PhoneNumberFormat.INTERNATIONAL, PhoneNumberFormat.NATIONAL
    t0 = time.perf_counter()
    for text, region in inputs:
        try:
            n = parse(text, region)
        except NumberParseException:
            continue
        is_valid(n)
        number_type(n)
        fmt(n, E164)
        fmt(n, INTL)
        fmt(n, NATL)
    return time.perf_counter() - t0


def lookup_pass(numbers):
    name_for_number = carrier.name_for_number
    description_for_number = geocoder.description_for_number
    time_zones_for_number = timezone.time_zones_for_number
    t0 = time.perf_counter()
    for n in numbers:
        name_for_number(n, "en")
        description_for_number(n, "en")
        time_zones_for_number(n)
    return time.perf_counter() - t0


def run(name, fn, data):
    fn(data)  # warm-up, untimed
    rates = []
    spent = 0.0
    while len(rates) < MAX_PASSES and (len(rates) < MIN_PASSES or spent < BUDGET_S[name]):
        dt = fn(data)
        spent += dt
        rates.append(len(data) / dt)
        log(f"{name} pass {len(rates)}: {len(data)} ops in {dt:.3f} s = {rates[-1]:.1f} ops/s")
    return statistics.median(rates)


def main():
    args = sys.argv[1:]
    cache_size = None
    if "--re-cache-size" in args:
        i = args.index("--re-cache-size")
        try:
            cache_size = int(args[i + 1])
        except (IndexError, ValueError):
            sys.exit("usage: bench-phonenumbers.py [corpus.jsonl] [--re-cache-size N]")
        del args[i:i + 2]
    if len(args) > 1:
        sys.exit("usage: bench-phonenumbers.py [corpus.jsonl] [--re-cache-size N]")
    corpus = pathlib.Path(args[0]) if args else DEFAULT_CORPUS
    pin_one_core()
    check_pattern_cache(cache_size)

    inputs, valid_inputs = [], []
    with corpus.open(encoding="utf-8") as f:
        for line in f:
            if line.strip():
                row = json.loads(line)
                inputs.append((row["input"], row["region"]))
                if row["valid"]:
                    valid_inputs.append((row["input"], row["region"]))
    numbers = [phonenumbers.parse(text, region) for text, region in valid_inputs]
    if not inputs or not numbers:
        sys.exit(f"{corpus}: no inputs / no valid numbers")
    log(f"corpus {corpus}: {len(inputs)} inputs, {len(numbers)} valid numbers")
    log(f"re cache entries after preparse: {len(getattr(re, '_cache', ()))}")

    full = run("full", full_pass, inputs)
    lookup = run("lookup", lookup_pass, numbers)

    print(f"python_version={platform.python_version()}")
    print(f"phonenumbers_version={phonenumbers.__version__}")
    print(f"python_full_ops_per_sec={full:.1f}")
    print(f"python_lookup_ops_per_sec={lookup:.1f}")


if __name__ == "__main__":
    main()
