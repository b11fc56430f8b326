#!/usr/bin/env python3
"""Writes the app icons (PNG) from the mark in public/favicon.svg, without an
image library: the white pin and its teal tick on a full-bleed teal square,
the pin inside the central 80% so the same file serves as a maskable icon.

Output: public/apple-touch-icon.png (180), public/icon-192.png,
public/icon-512.png. Usage: python3 scripts/gen-icons.py
"""
import math
import struct
import zlib
from pathlib import Path

PUBLIC = Path(__file__).resolve().parent.parent / "public"
TEAL = (0x0F, 0x76, 0x6E)
WHITE = (0xFF, 0xFF, 0xFF)
SAMPLES = 4  # per axis, per pixel (anti-aliasing)


def cubic(p0, p1, p2, p3, steps=24):
    for i in range(1, steps + 1):
        t = i / steps
        u = 1 - t
        yield (
            u**3 * p0[0] + 3 * u * u * t * p1[0] + 3 * u * t * t * p2[0] + t**3 * p3[0],
            u**3 * p0[1] + 3 * u * u * t * p1[1] + 3 * u * t * t * p2[1] + t**3 * p3[1],
        )


def pin():
    """The favicon's pin path (units of its 32x32 view box) as a polygon:
    M16 27.5 c-4.3-5.6 -7.5-9 -7.5-14.3 a7.5 7.5 0 0 1 15 0 c0 5.3 -3.2 8.7 -7.5 14.3 z"""
    points = [(16.0, 27.5)]
    points += cubic((16, 27.5), (11.7, 21.9), (8.5, 18.5), (8.5, 13.2))
    # The upper half circle from (8.5, 13.2) to (23.5, 13.2) through the top.
    points += [
        (16 - 7.5 * math.cos(a), 13.2 - 7.5 * math.sin(a))
        for a in (math.pi * i / 48 for i in range(1, 49))
    ]
    points += cubic((23.5, 13.2), (23.5, 18.5), (20.3, 21.9), (16, 27.5))
    return points


TICK = [(12.7, 13.4), (15.0, 15.7), (19.4, 11.1)]
TICK_HALF_WIDTH = 1.1


def inside(polygon, x, y):
    hit = False
    for (x1, y1), (x2, y2) in zip(polygon, polygon[1:] + polygon[:1]):
        if (y1 > y) != (y2 > y) and x < x1 + (y - y1) * (x2 - x1) / (y2 - y1):
            hit = not hit
    return hit


def near_tick(x, y):
    for (x1, y1), (x2, y2) in zip(TICK, TICK[1:]):
        dx, dy = x2 - x1, y2 - y1
        t = max(0.0, min(1.0, ((x - x1) * dx + (y - y1) * dy) / (dx * dx + dy * dy)))
        if math.hypot(x - x1 - t * dx, y - y1 - t * dy) <= TICK_HALF_WIDTH:
            return True
    return False


def pixel(polygon, size, px, py):
    """The colour of one pixel: the share of its samples on the white pin."""
    scale = size * 0.6 / 21.8  # the pin spans 21.8 units; 60% of the icon
    white = 0
    for sy in range(SAMPLES):
        for sx in range(SAMPLES):
            x = (px + (sx + 0.5) / SAMPLES - size / 2) / scale + 16
            y = (py + (sy + 0.5) / SAMPLES - size / 2) / scale + 16.6
            if inside(polygon, x, y) and not near_tick(x, y):
                white += 1
    share = white / SAMPLES**2
    return bytes(round(t + (w - t) * share) for t, w in zip(TEAL, WHITE))


def png(size):
    polygon = pin()
    rows = b"".join(
        b"\x00" + b"".join(pixel(polygon, size, x, y) for x in range(size))
        for y in range(size)
    )

    def chunk(kind, data):
        body = kind + data
        return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body))

    header = struct.pack(">IIBBBBB", size, size, 8, 2, 0, 0, 0)
    return (
        b"\x89PNG\r\n\x1a\n"
        + chunk(b"IHDR", header)
        + chunk(b"IDAT", zlib.compress(rows, 9))
        + chunk(b"IEND", b"")
    )


if __name__ == "__main__":
    for name, size in [("apple-touch-icon.png", 180), ("icon-192.png", 192), ("icon-512.png", 512)]:
        (PUBLIC / name).write_bytes(png(size))
        print(name, size)
