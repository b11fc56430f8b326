#!/usr/bin/env python3
"""Fails unless schemathesis exercised every operation of the description.

Usage: schemathesis_coverage.py JUNIT_XML OPENAPI_URL

schemathesis reports one JUnit test case per operation it ran ("GET /path"), except
the description's own address, which it loads instead;
an operation it skipped, could not generate data for, or that errored counts
as not exercised.
"""
import json
import sys
import urllib.parse
import urllib.request
import xml.etree.ElementTree as ET

METHODS = ("get", "put", "post", "delete", "patch", "options", "head", "trace")


def documented(url):
    with urllib.request.urlopen(url, timeout=10) as response:
        doc = json.load(response)
    return {f"{m.upper()} {path}" for path, item in doc["paths"].items() for m in METHODS if m in item}


def exercised(junit_path):
    ran, problems = set(), []
    for case in ET.parse(junit_path).getroot().iter("testcase"):
        name = case.get("name", "")
        bad = [child.tag for child in case if child.tag in ("skipped", "error", "failure")]
        if bad:
            problems.append(f"{name}: {', '.join(bad)}")
        else:
            ran.add(name)
    return ran, problems


def main():
    junit_path, url = sys.argv[1], sys.argv[2]
    # schemathesis reads the description itself and does not list it as an
    # operation: loading it is its exercise.
    own = "GET " + urllib.parse.urlparse(url).path
    wanted = documented(url) - {own}
    ran, problems = exercised(junit_path)
    missing = sorted(wanted - ran)
    for line in problems:
        print(f"not clean: {line}")
    for name in missing:
        print(f"not exercised: {name}")
    print(f"operations: {len(wanted)} documented, {len(wanted & ran)} exercised cleanly")
    return 1 if missing or problems else 0


if __name__ == "__main__":
    sys.exit(main())
