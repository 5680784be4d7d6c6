#!/usr/bin/env python3
"""One-time generator of CardBot's default deck (Cards/) and the DICT_6X6_250 test deck.

Run from the repository root:  python3 Cards/tools/generate_deck.py [--default-only]
Needs opencv-python-headless (5.0). The product itself never needs Python or OpenCV:
the PNGs and deck.json it writes are committed.

Each reference image is the marker with its one-cell black border and no white margin:
(N + 2) cells of CELL pixels each, so cell (col, row) of the (N+2)x(N+2) grid covers
pixels [col*CELL, (col+1)*CELL).
"""
import json
import os
import sys

import cv2

CELL = 20

DEFAULT_DECK = [
    (0, "forward", "Forward", "The robot walks one tile forward."),
    (1, "left", "Turn left", "The robot turns to its left without moving."),
    (2, "right", "Turn right", "The robot turns to its right without moving."),
    (3, "jump", "Jump", "The robot jumps over the tile ahead and lands two tiles forward, so it can cross water."),
    (4, "repeat-2", "Repeat 2 times", "The cards up to the matching end card happen two times."),
    (5, "repeat-3", "Repeat 3 times", "The cards up to the matching end card happen three times."),
    (6, "repeat-4", "Repeat 4 times", "The cards up to the matching end card happen four times."),
    (7, "repeat-5", "Repeat 5 times", "The cards up to the matching end card happen five times."),
    (8, "repeat-until-goal", "Repeat until the goal",
     "The cards up to the matching end card happen again and again until the robot reaches the goal."),
    (9, "if-path-ahead", "If there is a path ahead",
     "The cards up to else or end happen only if the robot can walk forward."),
    (10, "if-path-left", "If there is a path to the left",
     "The cards up to else or end happen only if the robot could walk to its left."),
    (11, "if-path-right", "If there is a path to the right",
     "The cards up to else or end happen only if the robot could walk to its right."),
    (12, "else", "Else", "The cards after else happen when the if card's question was answered no."),
    (13, "end", "End", "Closes the nearest open repeat, if or define card."),
    (14, "define-a", "Define a",
     "The cards up to the matching end card are the robot's new move a. They do not happen here: they happen at each call a card."),
    (15, "call-a", "Call a", "The robot does the cards of define a, then goes on after this card."),
    (16, "define-b", "Define b",
     "The cards up to the matching end card are the robot's new move b. They do not happen here: they happen at each call b card."),
    (17, "call-b", "Call b", "The robot does the cards of define b, then goes on after this card."),
    (18, "go", "Go", "Not part of the program: it lies beside the row. Tap it to run the cards on the table."),
]


def write_deck(folder, dictionary, bits, cards, deck_name):
    os.makedirs(os.path.join(folder, "markers"), exist_ok=True)
    side = (bits + 2) * CELL
    entries = []
    for marker, name, title, description in cards:
        image = cv2.aruco.generateImageMarker(dictionary, marker, side, borderBits=1)
        relative = f"markers/{marker}-{name}.png"
        if not cv2.imwrite(os.path.join(folder, relative), image):
            sys.exit(f"cannot write {relative}")
        entries.append({
            "marker": marker,
            "name": name,
            "title": title,
            "description": description,
            "image": relative,
        })
    deck = {"format": "cardbot-deck/1", "name": deck_name, "cards": entries}
    with open(os.path.join(folder, "deck.json"), "w") as handle:
        json.dump(deck, handle, indent=2, ensure_ascii=False)
        handle.write("\n")


def main():
    aruco = cv2.aruco
    if "--default-only" in sys.argv:
        write_deck("Cards", aruco.getPredefinedDictionary(aruco.DICT_4X4_50), 4, DEFAULT_DECK, "CardBot default deck")
        return
    write_deck("Cards", aruco.getPredefinedDictionary(aruco.DICT_4X4_50), 4, DEFAULT_DECK, "CardBot default deck")
    test_cards = [(i, f"card-{i}", f"Card {i}", f"Test card number {i}.") for i in range(17)]
    write_deck("Tests/CardBotVisionTests/Resources/deck-6x6", aruco.getPredefinedDictionary(aruco.DICT_6X6_250), 6,
               test_cards, "DICT_6X6_250 ids 0 to 16 (test deck for the real photos)")


if __name__ == "__main__":
    main()
