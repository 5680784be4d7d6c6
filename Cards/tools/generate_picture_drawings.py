#!/usr/bin/env python3
"""One-time generator of the example teacher's drawings for the picture deck (Cards/examples/picture-deck/).

Run from the repository root:  python3 Cards/tools/generate_picture_drawings.py OUTDIR
then:  cardbot cards new-deck --out Cards/examples/picture-deck --pictures OUTDIR/*.png --name "Picture deck example"
Needs opencv-python-headless. The product never needs Python: the PNGs and deck.json are committed.

Each drawing is black ink on white, 240x240 pixels, as a teacher might draw with a thick marker. The shapes
have a clear top (none looks the same turned) and differ from one another.
"""
import os
import sys

import cv2
import numpy as np

S = 240
INK = 0
T = 14  # line thickness


def canvas():
    return np.full((S, S), 255, np.uint8)


def house():
    img = canvas()
    cv2.fillPoly(img, [np.array([[30, 110], [120, 25], [210, 110]], np.int32)], INK)
    cv2.rectangle(img, (50, 110), (190, 215), INK, T)
    cv2.rectangle(img, (100, 150), (140, 215), INK, -1)
    return img


def tree():
    img = canvas()
    cv2.circle(img, (120, 85), 65, INK, -1)
    cv2.rectangle(img, (100, 140), (140, 225), INK, -1)
    cv2.circle(img, (95, 70), 14, 255, -1)
    return img


def fish():
    img = canvas()
    cv2.ellipse(img, (105, 120), (75, 45), 0, 0, 360, INK, -1)
    cv2.fillPoly(img, [np.array([[170, 120], [225, 75], [225, 165]], np.int32)], INK)
    cv2.circle(img, (65, 110), 10, 255, -1)
    return img


def boat():
    img = canvas()
    cv2.fillPoly(img, [np.array([[20, 170], [220, 170], [185, 215], [55, 215]], np.int32)], INK)
    cv2.line(img, (120, 170), (120, 25), INK, 10)
    cv2.fillPoly(img, [np.array([[130, 35], [200, 150], [130, 150]], np.int32)], INK)
    return img


def cup():
    img = canvas()
    cv2.rectangle(img, (45, 70), (160, 210), INK, -1)
    cv2.ellipse(img, (165, 135), (40, 40), 0, -90, 90, INK, T)
    cv2.line(img, (70, 20), (80, 55), INK, 8)
    cv2.line(img, (110, 15), (115, 55), INK, 8)
    return img


def key():
    img = canvas()
    cv2.circle(img, (70, 70), 45, INK, T)
    cv2.line(img, (100, 100), (200, 200), INK, T + 2)
    cv2.line(img, (170, 170), (195, 145), INK, T)
    cv2.line(img, (190, 190), (215, 165), INK, T)
    return img


def main():
    out = sys.argv[1] if len(sys.argv) > 1 else "drawings"
    os.makedirs(out, exist_ok=True)
    for name, draw in [("house", house), ("tree", tree), ("fish", fish), ("boat", boat), ("cup", cup), ("key", key)]:
        cv2.imwrite(os.path.join(out, f"{name}.png"), draw())


if __name__ == "__main__":
    main()
