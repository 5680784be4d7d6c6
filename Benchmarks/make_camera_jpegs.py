#!/usr/bin/env python3
"""Writes camera-style 1280x720 colour JPEGs (4:2:0, quality 85, textured, noisy) for decode-bench."""
import sys, os
import numpy as np
import cv2

out = sys.argv[1] if len(sys.argv) > 1 else "out/camera"
count = int(sys.argv[2]) if len(sys.argv) > 2 else 8
os.makedirs(out, exist_ok=True)
rng = np.random.default_rng(7)
h, w = 720, 1280
for i in range(count):
    yy, xx = np.mgrid[0:h, 0:w].astype(np.float32)
    base = 90 + 60 * np.sin(xx / (80 + 10 * i)) * np.cos(yy / 97) + 0.05 * xx
    texture = cv2.GaussianBlur(rng.normal(0, 25, (h, w)).astype(np.float32), (0, 0), 3)
    img = np.stack([base + texture, base * 0.9 + texture + 10, base * 0.7 + texture + 20], axis=2)
    for _ in range(20):  # dark and bright rectangles: cards and clutter
        x, y = rng.integers(0, w - 120), rng.integers(0, h - 120)
        s = int(rng.integers(20, 120))
        img[y:y + s, x:x + s] = rng.integers(0, 255)
    img += rng.normal(0, 4, img.shape)
    img = np.clip(img, 0, 255).astype(np.uint8)
    cv2.imwrite(os.path.join(out, f"camera-{i:02d}.jpg"), img, [cv2.IMWRITE_JPEG_QUALITY, 85])
print(out)
