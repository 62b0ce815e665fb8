#!/usr/bin/env python3
"""Reads a PNG (8-bit RGB or RGBA, not interlaced: what a headless browser's screenshot is) with the standard
library only and prints {"width", "height", "inked"}: how many pixels are not (nearly) white. With
`--colour RRGGBB` (repeatable) and `--left N`, also "colours": per colour, how many pixels of the N leftmost columns
(all columns without --left) are within 48 of it on each channel."""
import json, struct, sys, zlib

def paeth(a, b, c):
    p = a + b - c
    pa, pb, pc = abs(p - a), abs(p - b), abs(p - c)
    return a if pa <= pb and pa <= pc else (b if pb <= pc else c)

arguments = sys.argv[1:]
wanted, left = [], None
while len(arguments) > 1 and arguments[-2] in ("--colour", "--left"):
    flag, value = arguments[-2:]
    arguments = arguments[:-2]
    if flag == "--colour":
        wanted.insert(0, value)
    else:
        left = int(value)
targets = [(name, tuple(int(name[i:i + 2], 16) for i in (0, 2, 4))) for name in wanted]
counts = {name: 0 for name in wanted}
data = open(arguments[0], "rb").read()
assert data[:8] == b"\x89PNG\r\n\x1a\n", "not a PNG"
pos, idat = 8, b""
while pos < len(data):
    length, kind = struct.unpack(">I4s", data[pos:pos + 8])
    body = data[pos + 8:pos + 8 + length]
    if kind == b"IHDR":
        width, height, depth, colour, _, _, interlace = struct.unpack(">IIBBBBB", body)
        assert depth == 8 and colour in (2, 6) and interlace == 0, (depth, colour, interlace)
    elif kind == b"IDAT":
        idat += body
    pos += 12 + length
channels = 3 if colour == 2 else 4
raw = zlib.decompress(idat)
stride = width * channels
previous = bytearray(stride)
inked = 0
for y in range(height):
    start = y * (stride + 1)
    kind, line = raw[start], bytearray(raw[start + 1:start + 1 + stride])
    for i in range(stride):
        a = line[i - channels] if i >= channels else 0
        b = previous[i]
        c = previous[i - channels] if i >= channels else 0
        if kind == 1: line[i] = (line[i] + a) & 255
        elif kind == 2: line[i] = (line[i] + b) & 255
        elif kind == 3: line[i] = (line[i] + (a + b) // 2) & 255
        elif kind == 4: line[i] = (line[i] + paeth(a, b, c)) & 255
    for x in range(width):
        r, g, bl = line[x * channels:x * channels + 3]
        if min(r, g, bl) < 240:
            inked += 1
        if targets and (left is None or x < left):
            for name, (tr, tg, tb) in targets:
                if abs(r - tr) <= 48 and abs(g - tg) <= 48 and abs(bl - tb) <= 48:
                    counts[name] += 1
    previous = line
result = {"width": width, "height": height, "inked": inked}
if targets:
    result["colours"] = counts
print(json.dumps(result))
