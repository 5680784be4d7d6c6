#!/usr/bin/env python3
"""Writes the PNG fixtures of CardBotImagingTests once (run from this folder).

A tiny PNG writer of its own (zlib + struct), so every colour type, bit depth and
Adam7 interlacing is produced exactly. The pixel values follow formulas that
PNGFixtureTests.swift computes again, so the tests know the ground truth.
"""
import struct
import zlib

W, H = 13, 11  # odd sizes exercise the partial Adam7 blocks

def gray8(x, y): return (x * 19 + y * 23) & 255
def rgb8(x, y): return ((x * 19) & 255, (y * 23) & 255, (x * y * 7) & 255)
def alpha(x, y): return 0 if (x + y) % 3 == 0 else 255
def level(x, y, bits): return (x + y) % (1 << bits)
def pal_index(x, y): return (x + 2 * y) % 16
PALETTE = [((i * 16) & 255, (255 - i * 13) & 255, (i * 41) & 255) for i in range(16)]

def chunk(kind, data):
    body = kind + data
    return struct.pack(">I", len(data)) + body + struct.pack(">I", zlib.crc32(body) & 0xFFFFFFFF)

def pack_row(samples, bits):
    if bits >= 8:
        fmt = ">B" if bits == 8 else ">H"
        return b"".join(struct.pack(fmt, s) for s in samples)
    out, acc, n = bytearray(), 0, 0
    for s in samples:
        acc = (acc << bits) | s
        n += bits
        if n == 8:
            out.append(acc); acc, n = 0, 0
    if n:
        out.append(acc << (8 - n))
    return bytes(out)

ADAM7 = [(0, 0, 8, 8), (4, 0, 8, 8), (0, 4, 4, 8), (2, 0, 4, 4), (0, 2, 2, 4), (1, 0, 2, 2), (0, 1, 1, 2)]

def write(name, color_type, bits, pixel, interlace=False, plte=None):
    """pixel(x, y) -> tuple of samples for one pixel."""
    def rows(xs, ys):
        return b"".join(b"\x00" + pack_row([s for x in xs for s in pixel(x, y)], bits) for y in ys)
    if interlace:
        raw = b""
        for x0, y0, dx, dy in ADAM7:
            xs, ys = list(range(x0, W, dx)), list(range(y0, H, dy))
            if xs and ys:
                raw += rows(xs, ys)
    else:
        raw = rows(list(range(W)), list(range(H)))
    data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", W, H, bits, color_type, 0, 0, 1 if interlace else 0))
    if plte:
        data += chunk(b"PLTE", b"".join(bytes(c) for c in plte))
    data += chunk(b"IDAT", zlib.compress(raw, 9)) + chunk(b"IEND", b"")
    open(name, "wb").write(data)

for bits in (1, 2, 4):
    write(f"gray{bits}.png", 0, bits, lambda x, y, b=bits: (level(x, y, b),))
write("gray8.png", 0, 8, lambda x, y: (gray8(x, y),))
write("gray16.png", 0, 16, lambda x, y: (gray8(x, y) * 257,))
write("gray8-interlaced.png", 0, 8, lambda x, y: (gray8(x, y),), interlace=True)
write("grayalpha8.png", 4, 8, lambda x, y: (gray8(x, y), alpha(x, y)))
write("grayalpha16.png", 4, 16, lambda x, y: (gray8(x, y) * 257, alpha(x, y) * 257))
write("rgb8.png", 2, 8, rgb8)
write("rgb16.png", 2, 16, lambda x, y: tuple(c * 257 for c in rgb8(x, y)))
write("rgb8-interlaced.png", 2, 8, rgb8, interlace=True)
write("rgba8.png", 6, 8, lambda x, y: rgb8(x, y) + (alpha(x, y),))
write("rgba16.png", 6, 16, lambda x, y: tuple(c * 257 for c in rgb8(x, y)) + (alpha(x, y) * 257,))
write("palette8.png", 3, 8, lambda x, y: (pal_index(x, y),), plte=PALETTE)
write("palette4.png", 3, 4, lambda x, y: (pal_index(x, y),), plte=PALETTE)
write("palette4-interlaced.png", 3, 4, lambda x, y: (pal_index(x, y),), interlace=True, plte=PALETTE)
# A valid header that claims 100000 x 100000 pixels, followed by a tiny IDAT.
data = b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", struct.pack(">IIBBBBB", 100000, 100000, 8, 0, 0, 0, 0))
data += chunk(b"IDAT", zlib.compress(b"\x00" * 16)) + chunk(b"IEND", b"")
open("huge-header.png", "wb").write(data)
