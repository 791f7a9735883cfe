#!/usr/bin/env python3
# make-product-images.py - written for the shelf project.
#
# Draws a small pixel-art picture (32x32, 8-bit RGB PNG) for every product in
# catalog/products.tsv and writes it to catalog/images/products/<id>.png.
#
# Run from the repository root:
#
#     python3 tools/make-product-images.py
#
# Only the Python 3 standard library is used (zlib + struct write the PNG).
# The output is deterministic: the same products.tsv always gives the same
# bytes. Each picture comes from a 16x16 template below (rows of letters, or
# a small drawing rule turned into rows by outlined()), scaled 2x.
# Every product has a drawing of its own that shows what it is (the DRAWINGS
# table maps product ids to templates; no template serves two products), and
# the colours are derived from the product id.

import colorsys
import math
import os
import struct
import sys
import zlib

SIZE = 32

# ---------------------------------------------------------------------------
# Palette. Fixed colours are listed here; the letters M m L (main colour,
# darker, lighter) and A a (accent, darker) are filled in per product.
#   .  background (a light tint that also varies per product)
# ---------------------------------------------------------------------------
FIXED = {
    "K": (38, 34, 46),      # outline
    "W": (250, 250, 247),   # white
    "G": (192, 198, 206),   # light grey / steel
    "g": (112, 118, 130),   # dark grey
    "C": (126, 196, 238),   # screen
    "c": (70, 132, 196),    # screen, darker
    "Y": (250, 212, 64),    # yellow
    "O": (238, 132, 44),    # orange
    "Q": (196, 98, 62),     # terracotta
    "R": (218, 52, 52),     # red
    "r": (150, 30, 36),     # dark red
    "N": (84, 178, 72),     # green
    "n": (44, 118, 52),     # dark green
    "U": (64, 104, 204),    # blue
    "B": (150, 96, 52),     # brown
    "b": (92, 54, 30),      # dark brown
    "T": (226, 182, 120),   # tan / biscuit / wood
    "P": (244, 158, 178),   # pink
    "E": (242, 232, 206),   # cream
}

# ---------------------------------------------------------------------------
# Templates: 16 rows of 16 characters, scaled 2x to 32x32.
# ---------------------------------------------------------------------------
T = {}

# ---- Electronics ----------------------------------------------------------
T["phone"] = [
    "................",
    "....KKKKKKKK....",
    "...KMMMMMMMMK...",
    "...KMMMKKMMMK...",
    "...KMCCCCCCMK...",
    "...KMCACCYCMK...",
    "...KMCCCCCCMK...",
    "...KMCNCCRCMK...",
    "...KMCCCCCCMK...",
    "...KMCUCCACMK...",
    "...KMCCCCCCMK...",
    "...KMCCCCCCMK...",
    "...KMMMMMMMMK...",
    "...KMMMGGMMMK...",
    "....KKKKKKKK....",
    "................",
]
T["headphones"] = [
    "................",
    ".....KKKKKK.....",
    "...KKMMMMMMKK...",
    "..KMMKKKKKKMMK..",
    ".KMK........KMK.",
    ".KMK........KMK.",
    "KMK..........KMK",
    "KMK..........KMK",
    "KKKKK......KKKKK",
    "KAAmK......KmAAK",
    "KAAmK......KmAAK",
    "KAAmK......KmAAK",
    "KAAmK......KmAAK",
    "KKKKK......KKKKK",
    "................",
    "................",
]
T["laptop"] = [
    "................",
    "..KKKKKKKKKKKK..",
    "..KMMMMMMMMMMK..",
    "..KMCCCCCCCCMK..",
    "..KMCCCCCCCCMK..",
    "..KMCCAAACCCMK..",
    "..KMCCCCCCCCMK..",
    "..KMCCCAACCCMK..",
    "..KMCCCCCCCCMK..",
    "..KMMMMMMMMMMK..",
    ".KKKKKKKKKKKKKK.",
    "KLLLLLLLLLLLLLLK",
    "KLmLmLmLmLmLmLLK",
    "KLLLLLmmmmLLLLLK",
    ".KKKKKKKKKKKKKK.",
    "................",
]
T["tv"] = [
    "................",
    "................",
    "KKKKKKKKKKKKKKKK",
    "KMMMMMMMMMMMMMMK",
    "KMCCCCCCCCCYYCMK",
    "KMCCCCCCCCCYYCMK",
    "KMCCCCNCCCCCCCMK",
    "KMCCCNNNCCCCNCMK",
    "KMCCNNNNNCCNNNMK",
    "KMNNNNNNNNNNNNMK",
    "KMMMMMMMMMMMMMMK",
    "KKKKKKKKKKKKKKKK",
    "......KggK......",
    "....KKggggKK....",
    "...KKKKKKKKKK...",
    "................",
]
T["speaker"] = [
    "................",
    "...KKKKKKKKKK...",
    "..KMMMMMMMMMMK..",
    "..KMMMMKKMMMMK..",
    "..KMMMKggKMMMK..",
    "..KMMMMKKMMMMK..",
    "..KMMMMMMMMMMK..",
    "..KMMMKKKKMMMK..",
    "..KMMKgGGgKMMK..",
    "..KMKgGKKGgKMK..",
    "..KMKgKggKgKMK..",
    "..KMKgGKKGgKMK..",
    "..KMMKgGGgKMMK..",
    "..KMMMKKKKMMMK..",
    "...KKKKKKKKKK...",
    "................",
]
T["battery"] = [
    "......KKKK......",
    "......KggK......",
    "...KKKKKKKKKK...",
    "..KMMMMMMMMMMK..",
    "..KMMMMMMWWMMK..",
    "..KMMMMMWWMMMK..",
    "..KMMMMWWMMMMK..",
    "..KMMMWWWWWWMK..",
    "..KMMMMMMWWMMK..",
    "..KMMMMMWWMMMK..",
    "..KMMMMWWMMMMK..",
    "..KMMMMMMMMMMK..",
    "..KMMMMMMMMMMK..",
    "..KMNKNKNKgKMK..",
    "..KMMMMMMMMMMK..",
    "...KKKKKKKKKK...",
]
T["gamepad"] = [
    "................",
    "................",
    "................",
    "...KKKK..KKKK...",
    "..KMMMMKKMMMMK..",
    ".KMMMMMMMMMMMMK.",
    ".KMMKMMMMMMRMMK.",
    "KMMKKKMMMMYMUMMK",
    "KMMMKMMMMMMNMMMK",
    "KMMMMMMMMMMMMMMK",
    "KMMMMMKKKKMMMMMK",
    "KMMMMK....KMMMMK",
    ".KMMK......KMMK.",
    "..KK........KK..",
    "................",
    "................",
]
T["camera"] = [
    "................",
    "................",
    "................",
    "...KKKK.........",
    "..KggggK........",
    ".KKKKKKKKKKKKKK.",
    ".KMMMMMMMMMMWWK.",
    ".KMMMMKKKKMMMMK.",
    ".KMMMKggggKMMMK.",
    ".KMMKgCCWCgKMMK.",
    ".KMMKgCcCCgKMMK.",
    ".KMMKgCCCCgKMMK.",
    ".KMMMKggggKMMMK.",
    ".KMMMMKKKKMMMMK.",
    ".KKKKKKKKKKKKKK.",
    "................",
]

# ---- Books ----------------------------------------------------------------
T["bookstack"] = [
    "................",
    "................",
    "..KKKKKKKKKKKK..",
    "..KMMMMMMMMMWK..",
    "..KMLLMMMMMMWK..",
    "..KMMMMMMMMMWK..",
    ".KKKKKKKKKKKKKK.",
    ".KWAAAAAAAAAAAK.",
    ".KWAAYYAAAAAAAK.",
    ".KWAAAAAAAAAAAK.",
    "KKKKKKKKKKKKKKKK",
    "KUUUUUUUUUUUUWWK",
    "KUUYYUUUUUUUUWWK",
    "KUUUUUUUUUUUUWWK",
    "KKKKKKKKKKKKKKKK",
    "................",
]

# ---- Clothing -------------------------------------------------------------
T["tshirt"] = [
    "................",
    "................",
    "....KKK..KKK....",
    "..KKMMMKKMMMKK..",
    ".KMMMMMMMMMMMMK.",
    "KMMMMMMMMMMMMMMK",
    "KMMMMMMMMMMMMMMK",
    "KKKKMMMMMMMMKKKK",
    "...KMMMMMMMMK...",
    "...KMMAAAAMMK...",
    "...KMMAAAAMMK...",
    "...KMMMMMMMMK...",
    "...KMMMMMMMMK...",
    "...KMMMMMMMMK...",
    "...KKKKKKKKKK...",
    "................",
]
T["sock"] = [
    "................",
    ".....KKKKKK.....",
    ".....KAAAAK.....",
    ".....KMMMMK.....",
    ".....KAAAAK.....",
    ".....KMMMMK.....",
    ".....KMMMMK.....",
    ".....KMMMMK.....",
    ".....KMMMMK.....",
    ".....KMMMMMK....",
    ".....KMMMMMMKK..",
    ".....KMMMMMMMMK.",
    ".....KMMMMMMMAK.",
    "......KAMMMMAAK.",
    ".......KKKKKKK..",
    "................",
]
T["cap"] = [
    "................",
    "................",
    "................",
    "......KK........",
    "....KKMMKK......",
    "...KMMMMMMKK....",
    "..KMMMMMMMMMK...",
    ".KMMMMLMMMMMMK..",
    ".KMMMMLMMMMMMK..",
    ".KMMMMLMMMMMMK..",
    ".KMMMMMMMMMMMKKK",
    ".KAAAAAAAAAKmmmK",
    ".KKKKKKKKKKKKKK.",
    "................",
    "................",
    "................",
]
T["pants"] = [
    "................",
    "...KKKKKKKKKK...",
    "...KmmmmmmmmK...",
    "...KMMMMKMMMK...",
    "...KMMMMMMMMK...",
    "...KMMMMMMMMK...",
    "...KMMMKKMMMK...",
    "...KMMMKKMMMK...",
    "...KMMMKKMMMK...",
    "..KMMMK..KMMMK..",
    "..KMMMK..KMMMK..",
    "..KMMMK..KMMMK..",
    "..KMMMK..KMMMK..",
    "..KmmmK..KmmmK..",
    "..KKKKK..KKKKK..",
    "................",
]
T["boot"] = [
    "................",
    "...KKKKKKK......",
    "...KAAAAAK......",
    "...KMMMMMK......",
    "...KMLMMMK......",
    "...KMLMMMK......",
    "...KMLMMMK......",
    "...KMMMMMK......",
    "...KMMMMMKKKK...",
    "...KMMMMMMMMMK..",
    "...KMMMMMMMMMMK.",
    "...KMMMMMMMMMMK.",
    "...KgggggggggggK",
    "...KKKKKKKKKKKK.",
    "................",
    "................",
]
T["jacket"] = [
    "................",
    "....KKKKKKKK....",
    "...KMMKLLKMMK...",
    "..KMMMMKKMMMMK..",
    ".KMMMMMGgMMMMMK.",
    ".KMMKMMGgMMKMMK.",
    ".KMMKMMGgMMKMMK.",
    ".KMMKMMGgMMKMMK.",
    ".KMMKmmGgmmKMMK.",
    ".KMMKMMGgMMKMMK.",
    ".KMMKMMGgMMKMMK.",
    ".KMMKMMGgMMKMMK.",
    ".KAAKAAGgAAKAAK.",
    ".KKKKKKKKKKKKKK.",
    "................",
    "................",
]
T["mitten"] = [
    "................",
    ".....KKKKK......",
    "....KMMMMMK.....",
    "...KMMMMMMMK....",
    "...KMMLMMMMK....",
    "...KMMMMMMMK.KK.",
    "...KMMMMMLMKKMMK",
    "...KMLMMMMMKMMMK",
    "...KMMMMMMMMMMK.",
    "...KMMMMLMMMMK..",
    "...KMMMMMMMMK...",
    "...KKKKKKKKKK...",
    "...KAWAWAWAWK...",
    "...KWAWAWAWAK...",
    "...KKKKKKKKKK...",
    "................",
]

# ---- Home & Kitchen -------------------------------------------------------
T["mug"] = [
    "................",
    "................",
    ".....G..G.......",
    "......G..G......",
    ".....G..G.......",
    "..KKKKKKKKKK....",
    "..KMMMMMMMMKKK..",
    "..KMMAAMMMMKMMK.",
    "..KMAAAAMMMK.MK.",
    "..KMMAAMMMMK.MK.",
    "..KMMMMMMMMKMMK.",
    "..KMMMMMMMMKKK..",
    "..KMMMMMMMMK....",
    "...KKKKKKKK.....",
    "................",
    "................",
]
T["pan"] = [
    "................",
    "................",
    "...KKKKK........",
    ".KKMMMMMKK......",
    ".KMgggggMK......",
    "KMgggggggMK.....",
    "KMgGgggggMKKKKKK",
    "KMgGgggggMKbbbbK",
    "KMgggggggMKKKKKK",
    "KMgggggggMK.....",
    ".KMgggggMK......",
    ".KKMMMMMKK......",
    "...KKKKK........",
    "................",
    "................",
    "................",
]
T["teapot"] = [
    "................",
    ".......KK.......",
    "......KMMK......",
    "....KKKKKKKK....",
    "...KMMMMMMMMK...",
    "KK.KMMMMMMMMKKK.",
    "KMKKMMMMMMMMK.MK",
    ".KMKMMMAAMMMK.MK",
    ".KMMMMAAAAMMK.MK",
    "..KMMMMAAMMMKMK.",
    "...KMMMMMMMMKK..",
    "...KMMMMMMMMK...",
    "....KKKKKKKK....",
    "................",
    "................",
    "................",
]
T["bowl"] = [
    "................",
    "................",
    "................",
    "......TYT.......",
    "....TYTTYTYT....",
    "..TYTTYTYTTYTY..",
    "KKKKKKKKKKKKKKKK",
    "KLLLLLLLLLLLLLLK",
    ".KMMMMMMMMMMMMK.",
    ".KMMAMMAMMAMMMK.",
    "..KMMMMMMMMMMK..",
    "...KMMMMMMMMK...",
    "....KKKKKKKK....",
    ".....KmmmmK.....",
    ".....KKKKKK.....",
    "................",
]
T["toaster"] = [
    "................",
    "...KKKK..KKKK...",
    "...KTTK..KTTK...",
    "...KTTK..KTTK...",
    ".KKKKKKKKKKKKKK.",
    ".KLLLLLLLLLLLLK.",
    ".KMMMMMMMMMMMMK.",
    ".KMMMMMMMMMKMMK.",
    ".KMMMMMMMMMKMMK.",
    ".KMMMMMMMMKKKMK.",
    ".KMMMMMMMMKGKMK.",
    ".KMMKKMMMMKKKMK.",
    ".KMKGgKMMMMMMMK.",
    ".KMMKKMMMMMMMMK.",
    ".KKKKKKKKKKKKKK.",
    "..KK........KK..",
]
T["lamp"] = [
    "................",
    ".....KKKKKK.....",
    "....KMMMMMMK....",
    "....KMLMMMMK....",
    "...KMLMMMMMMK...",
    "...KMLMMMMMMK...",
    "..KMMMMMMMMMMK..",
    "..KKKKKKKKKKKK..",
    "....YY.KK.YY....",
    ".......KK.......",
    ".......KK.......",
    ".......KK.......",
    ".......KK.......",
    "....KKKKKKKK....",
    "...KAAAAAAAAK...",
    "...KKKKKKKKKK...",
]
T["pot"] = [
    "................",
    "................",
    ".......KK.......",
    "......KggK......",
    "...KKKKKKKKKK...",
    "..KGGGGGGGGGGK..",
    ".KKKKKKKKKKKKKK.",
    "KKKMMMMMMMMMMKKK",
    "KgKMLMMMMMMMMKgK",
    "KKKMLMMMMMMMMKKK",
    "..KMLMMMMMMMMK..",
    "..KMMMMMMMMMMK..",
    "..KMMMMMMMMMMK..",
    "..KmmmmmmmmmmK..",
    "...KKKKKKKKKK...",
    "................",
]

# ---- Sports ---------------------------------------------------------------
T["soccer"] = [
    "................",
    ".....KKKKKK.....",
    "...KKKKWWKKKK...",
    "..KKKKWWWWKKKK..",
    "..KWKWWWWWWKWK..",
    ".KWWWWWKKWWWWWK.",
    ".KWWWWKKKKWWWWK.",
    ".KWWWKKKKKKWWWK.",
    ".KKWWWKKKKWWWKK.",
    ".KKKWWKKKKWWKKK.",
    ".KKWWWWWWWWWWKK.",
    "..KWWWWWWWWWWK..",
    "..KWWWKKKKWWWK..",
    "...KKKKKKKKKK...",
    ".....KKKKKK.....",
    "................",
]
T["basketball"] = [
    "................",
    ".....KKKKKK.....",
    "...KKOOKOOOKK...",
    "..KOKOOKOOOKOK..",
    "..KOOKOKOOKOOK..",
    ".KOOOKOKOOKOOOK.",
    ".KOOOKOKOOKOOOK.",
    ".KKKKKKKKKKKKKK.",
    ".KOOOKOKOOKOOOK.",
    ".KOOOKOKOOKOOOK.",
    ".KOOOKOKOOKOOOK.",
    "..KOOKOKOOKOOK..",
    "..KOKOOKOOOKOK..",
    "...KKOOKOOOKK...",
    ".....KKKKKK.....",
    "................",
]
T["racket"] = [
    "................",
    "........KKKKK...",
    ".......KMMMMMK..",
    "......KMWGWGWMK.",
    "......KMGWGWGMK.",
    "......KMWGWGWMK.",
    "......KMGWGWGMK.",
    ".......KMWGWMK..",
    "......KKKMMMK...",
    ".....KAK.KKK....",
    "....KAK.........",
    "...KAK..........",
    "..KAK...........",
    ".KAK............",
    ".KK.............",
    "................",
]
T["dumbbell"] = [
    "................",
    "................",
    "................",
    "..KKK......KKK..",
    ".KKMK......KMKK.",
    "KMKMK......KMKMK",
    "KMKMKKKKKKKKMKMK",
    "KMKMKGGGGGGKMKMK",
    "KMKMKKKKKKKKMKMK",
    "KMKMK......KMKMK",
    ".KKMK......KMKK.",
    "..KKK......KKK..",
    "................",
    "................",
    "................",
    "................",
]
T["bottle"] = [
    "................",
    "......KKKK......",
    ".....KAAAAK.....",
    ".....KAAAAK.....",
    "....KKKKKKKK....",
    "....KGGGGGGK....",
    "...KMMMMMMMMK...",
    "...KMLMMMMMMK...",
    "...KWWWWWWWWK...",
    "...KWAAWWAAWK...",
    "...KWWWWWWWWK...",
    "...KMLMMMMMMK...",
    "...KMLMMMMMMK...",
    "...KMMMMMMMMK...",
    "....KKKKKKKK....",
    "................",
]
T["helmet"] = [
    "................",
    "................",
    "................",
    "......KKKKKK....",
    "....KKMMMMMMKK..",
    "...KMMKKMKKMMMK.",
    "..KMMKMMKMMKMMMK",
    ".KMLMMMMMMMMMMMK",
    ".KMLMMMMMMMMMMMK",
    "KKMMMMMMMMMMMMMK",
    "KAAAKKKKKKKKKKK.",
    "KKKK..K...K.....",
    "......K...K.....",
    ".......K.K......",
    "........K.......",
    "................",
]
T["disc"] = [
    "................",
    ".....KKKKKK.....",
    "...KKMMMMMMKK...",
    "..KMMmmmmmmMMK..",
    "..KMmLLLLLLmMK..",
    ".KMmLLWWLLLLmMK.",
    ".KMmLWLLLLLLmMK.",
    ".KMmLLLmmLLLmMK.",
    ".KMmLLLmmLLLmMK.",
    ".KMmLLLLLLLLmMK.",
    ".KMmLLLLLLLLmMK.",
    "..KMmLLLLLLmMK..",
    "..KMMmmmmmmMMK..",
    "...KKMMMMMMKK...",
    ".....KKKKKK.....",
    "................",
]

# ---- Garden ---------------------------------------------------------------
T["flowerpot"] = [
    "......KKKK......",
    ".....KMMMMK.....",
    "....KMMYYMMK....",
    "....KMMYYMMK....",
    ".....KMMMMK.....",
    "......KNNK......",
    "...KK.KNNK.KK...",
    "...KNNKNNKNNK...",
    "....KNNNNNNK....",
    "..KKKKKKKKKKKK..",
    "..KQQQQQQQQQQK..",
    "..KKKKKKKKKKKK..",
    "...KQQQQQQQQK...",
    "...KQQQQQQQQK...",
    "....KQQQQQQK....",
    "....KKKKKKKK....",
]
T["wateringcan"] = [
    "................",
    "................",
    "...KKKKKK.......",
    "..KMMMMMMK......",
    "..KMKKKKMK...KKK",
    "..KMK..KMK..KGGK",
    ".KKKKKKKKK..KGK.",
    ".KMMMMMMMK.KMK..",
    ".KMLMMMMMKKMK...",
    ".KMLMMMMMMMK....",
    ".KMLMMMMMK......",
    ".KMMMMMMMK......",
    ".KmmmmmmmK......",
    ".KKKKKKKKK......",
    "................",
    "................",
]
T["trowel"] = [
    "................",
    "...........KKK..",
    "..........KGGGK.",
    ".........KGWGGGK",
    "........KGWGGGGK",
    "........KGGGGGK.",
    ".......KKGGGGK..",
    "......KgKKKKK...",
    ".....KgK........",
    "....KMMK........",
    "...KMMK.........",
    "..KMMK..........",
    ".KMMK...........",
    ".KMK............",
    "..K.............",
    "................",
]
T["seedpacket"] = [
    "................",
    "..KKKKKKKKKKKK..",
    "..KWWWWWWWWWWK..",
    "..KKKKKKKKKKKK..",
    "..KLLLLLLLLLLK..",
    "..KLLLKMMKLLLK..",
    "..KLLKMYYMKLLK..",
    "..KLLKMYYMKLLK..",
    "..KLLLKMMKLLLK..",
    "..KLLLLKNKLLLK..",
    "..KLLNNKNKLLLK..",
    "..KLLLKNNKLLLK..",
    "..KLLLLLLLLLLK..",
    "..KAAAAAAAAAAK..",
    "..KKKKKKKKKKKK..",
    "................",
]
T["birdhouse"] = [
    ".......KK.......",
    "......KMMK......",
    ".....KMMMMK.....",
    "....KMMMMMMK....",
    "...KMMMMMMMMK...",
    "..KMMMMMMMMMMK..",
    ".KKKKKKKKKKKKKK.",
    "...KBBBBBBBBK...",
    "...KBBBKKBBBK...",
    "...KBBKKKKBBK...",
    "...KBBKKKKBBK...",
    "...KBBBKKBBBK...",
    ".KKKBBBBBBBBK...",
    "...KBBBBBBBBK...",
    "...KKKKKKKKKK...",
    ".......KK.......",
]

# ---- Stationery -----------------------------------------------------------
T["pencil"] = [
    ".............K..",
    "............KPK.",
    "...........KPPPK",
    "..........KGGPK.",
    ".........KMMGK..",
    "........KMMMK...",
    ".......KMMMK....",
    "......KMMMK.....",
    ".....KMMMK......",
    "....KMMMK.......",
    "...KMMMK........",
    "..KTTMK.........",
    "..KTTK..........",
    ".KTKK...........",
    "KKK.............",
    ".K..............",
]
T["pen"] = [  # a gel pen standing up: clip cap, see-through barrel, grip
    "......KKKK......",
    ".....KMMMMK.....",
    ".....KMLMMKK....",
    ".....KMLMMKMK...",
    ".....KMLMMKMK...",
    ".....KMMMMKMK...",
    ".....KMMMMKK....",
    ".....KKKKKK.....",
    ".....KWMMWK.....",
    ".....KWMMWK.....",
    ".....KWMMWK.....",
    ".....KggggK.....",
    ".....KggggK.....",
    "......KGGK......",
    ".......KK.......",
    ".......MM.......",
]
T["sketchbook"] = [
    "................",
    "...KKKKKKKKKKK..",
    "..gKMMMMMMMMAMK.",
    ".ggKMMMMMMMMAMK.",
    "..gKMMMMMMMMAMK.",
    ".ggKMMKKKKKKAMK.",
    "..gKMMKWWWWKAMK.",
    ".ggKMMKKKKKKAMK.",
    "..gKMMMMMMMMAMK.",
    ".ggKMMMMMMMMAMK.",
    "..gKMMMMMMMMAMK.",
    ".ggKMMMMMMMMAMK.",
    "..gKMMMMMMMMAMK.",
    ".ggKMMMMMMMMAMK.",
    "...KKKKKKKKKKKK.",
    "................",
]
T["scissors"] = [
    "................",
    "..K..........K..",
    "..KGK......KGK..",
    "...KGK....KGK...",
    "...KGGK..KGGK...",
    "....KGGKKGGK....",
    ".....KGGGGK.....",
    "......KgGK......",
    ".....KGKKGK.....",
    "...KKKMKKMKKK...",
    "..KMMMMKKMMMMK..",
    ".KMK..MKKM..KMK.",
    ".KMK..MKKM..KMK.",
    "..KMMMMKKMMMMK..",
    "...KKKK..KKKK...",
    "................",
]
T["ruler"] = [
    "................",
    "................",
    "................",
    "................",
    "................",
    "KKKKKKKKKKKKKKKK",
    "KKLKLKLKLKLKLKLK",
    "KKLLLKLLLKLLLKLK",
    "KLLLLLLLLLLLLLLK",
    "KMMMMMMMMMMMMMMK",
    "KKKKKKKKKKKKKKKK",
    "................",
    "................",
    "................",
    "................",
    "................",
]

# ---- Snacks ---------------------------------------------------------------
T["cookie"] = [
    "................",
    ".....KKKKKK.....",
    "...KKTTTTTTKK...",
    "..KTTbTTTTTTTK..",
    "..KTTTTTTbTTTK..",
    ".KTTTTTTTTTTTTK.",
    ".KTbTTTbTTTTbTK.",
    ".KTTTTTTTTTTTTK.",
    ".KTTTTTTTbTTTTK.",
    ".KTTbTTTTTTTTTK.",
    ".KTTTTTTTTTbTTK.",
    "..KTTTTbTTTTTK..",
    "..KTbTTTTTTTTK..",
    "...KKTTTTTTKK...",
    ".....KKKKKK.....",
    "................",
]
T["apple"] = [
    "................",
    "........KK......",
    ".......KbK.KKK..",
    "....KK.KbKKNNK..",
    "..KKMMKKbKNNK...",
    ".KMMMMMKKMKKK...",
    ".KMWMMMMMMMMMK..",
    "KMWMMMMMMMMMMMK.",
    "KMWMMMMMMMMMMMK.",
    "KMMMMMMMMMMMMMK.",
    "KMMMMMMMMMMMMMK.",
    ".KMMMMMMMMMMMK..",
    ".KmMMMMMMMMMmK..",
    "..KmmMKKKMmmK...",
    "...KKK...KKK....",
    "................",
]
T["chocolate"] = [
    "................",
    "...KKKKKKKKKK...",
    "...KBBbKBBbK....",
    "...KBBbKBBbK....",
    "...KbbbKbbbK....",
    "...KKKKKKKKK....",
    "...KBBbKBBbK....",
    "...KGWGGGWGGK...",
    "...KMMMMMMMMK...",
    "...KMWWWWWWMK...",
    "...KMWAAAAWMK...",
    "...KMWWWWWWMK...",
    "...KMMMMMMMMK...",
    "...KMMMMMMMMK...",
    "...KKKKKKKKKK...",
    "................",
]
T["chips"] = [
    "................",
    "..KKKKKKKKKKKK..",
    "..KGGGGGGGGGGK..",
    "..KKKKKKKKKKKK..",
    "...KMMMMMMMMK...",
    "..KMMMMMMMMMMK..",
    "..KMMMKKKKMMMK..",
    "..KMMKYYYYKMMK..",
    "..KMKYYOYYYKMK..",
    "..KMKYYYYOYKMK..",
    "..KMMKYYYYKMMK..",
    "..KMMMKKKKMMMK..",
    "...KMMMMMMMMK...",
    "..KKKKKKKKKKKK..",
    "..KGGGGGGGGGGK..",
    "..KKKKKKKKKKKK..",
]
T["juicebox"] = [
    ".........KWK....",
    ".........KWK....",
    ".........KWK....",
    "...KKKKKKKWKKK..",
    "...KLLLLLLLLLK..",
    "...KKKKKKKKKKK..",
    "...KMMMMMMMMMK..",
    "...KMMMMNNMMMK..",
    "...KMMMKRRKMMK..",
    "...KMMKRRRRKMK..",
    "...KMMKRRRRKMK..",
    "...KMMMKRRKMMK..",
    "...KMMMMMMMMMK..",
    "...KMMMMMMMMMK..",
    "...KKKKKKKKKKK..",
    "................",
]
T["popcorn"] = [
    "................",
    "....KK.KK.KK....",
    "...KWWKWYKWWK...",
    "..KWYWWWWWYWWK..",
    "..KWWWYWWWWWWK..",
    "..KKKKKKKKKKKK..",
    "..KMMWWMMWWMMK..",
    "..KMMWWMMWWMMK..",
    "...KMWWMMWWMK...",
    "...KMWWMMWWMK...",
    "...KMWWMMWWMK...",
    "...KMWWMMWWMK...",
    "....KWWMMWWK....",
    "....KWWMMWWK....",
    "....KKKKKKKK....",
    "................",
]

# ---- Pets -----------------------------------------------------------------
T["bone"] = [
    "................",
    "................",
    "................",
    "................",
    ".KK..........KK.",
    "KEEK........KEEK",
    "KEEEKKKKKKKKEEEK",
    ".KEEEEEEEEEEEEK.",
    ".KEEEEEEEEEEEGK.",
    "KEEEKKKKKKKKEEGK",
    "KEGK........KGGK",
    ".KK..........KK.",
    "................",
    "................",
    "................",
    "................",
]
T["petbowl"] = [
    "................",
    "................",
    "................",
    "................",
    "................",
    "....KKKKKKKK....",
    "..KKBbBBbBBbKK..",
    ".KKKKKKKKKKKKKK.",
    ".KMMMMMMMMMMMMK.",
    ".KMMMMMWMWMMMMK.",
    "KMMMMMWWWWWMMMMK",
    "KMMMMMMWWWMMMMMK",
    "KMMMMMMMMMMMMMMK",
    "KKKKKKKKKKKKKKKK",
    "................",
    "................",
]
T["collar"] = [
    "................",
    "................",
    "....KKKKKKKK....",
    "..KKMMMMMMMMKK..",
    ".KMMKKKKKKKKMMK.",
    "KMMK........KMMK",
    "KMK..........KMK",
    "KMK..........KMK",
    "KMMK........KMMK",
    ".KMMKKKGGKKKMMK.",
    "..KKMMGKKGMMKK..",
    "....KKGKKGKK....",
    "......KYYK......",
    ".....KYYYYK.....",
    "......KYYK......",
    "................",
]

# ---------------------------------------------------------------------------
# Drawings added so that no two products share one. Each shows its product:
# a second device, book covers with their stories' pictures, pairs and packs.
# ---------------------------------------------------------------------------

def outlined(fill):
    """A template drawn from a rule: fill(x, y) gives a cell's letter or None
    (background); background cells beside a filled one become outline."""
    cells = [[fill(x, y) for x in range(16)] for y in range(16)]
    rows = []
    for y in range(16):
        row = ""
        for x in range(16):
            near = any(0 <= x + dx < 16 and 0 <= y + dy < 16 and cells[y + dy][x + dx]
                       for dx, dy in ((1, 0), (-1, 0), (0, 1), (0, -1)))
            row += cells[y][x] or ("K" if near else ".")
        rows.append(row)
    return rows


# ---- Electronics ----------------------------------------------------------
T["kidstablet"] = [  # landscape tablet in a chunky bumper with a carry handle
    "................",
    "....KKKKKKKK....",
    "...KMMMMMMMMK...",
    "...KMK....KMK...",
    "KKKKKKKKKKKKKKKK",
    "KMMMMMMMMMMMMMMK",
    "KMKKKKKKKKKKKKMK",
    "KMKCCCCCCCCCCKMK",
    "KMKCCPCCCCYYCKMK",
    "KMKCPPPCCCYYCKMK",
    "KMKCCPCCCCCCCKMK",
    "KMKCCCCCNNNCCKMK",
    "KMKKKKKKKKKKKKMK",
    "KMMMMMMKKMMMMMMK",
    "KKKKKKKKKKKKKKKK",
    "................",
]
T["earbuds"] = [  # two buds above their open charging case
    "................",
    "................",
    "..KKKK....KKKK..",
    ".KWWWWK..KWWWWK.",
    ".KWAAWK..KWAAWK.",
    ".KWWWWK..KWWWWK.",
    "..KWWK....KWWK..",
    "..KWWK....KWWK..",
    "..KWWK....KWWK..",
    "..KKKK....KKKK..",
    "................",
    ".KKKKKKKKKKKKKK.",
    ".KMMMMMMMMMMMMK.",
    ".KMMMMMKKMMMMMK.",
    "..KKKKKKKKKKKK..",
    "................",
]


# ---- Books ----------------------------------------------------------------
def book_cover(art):
    """A closed book standing up, with a picture (8 rows of 9) on its cover."""
    assert len(art) == 8
    return (["................",
              "...KKKKKKKKKK...",
              "..KmMMMMMMMMMK.."]
            + ["..Km" + line + "K.." for line in art]
            + ["..KmMMMMMMMMMK..",
               "..KmKKKKKKKKKKK.",
               "..KmWWWWWWWWWWK.",
               "...KKKKKKKKKKK..",
               "................"])


T["lighthousecat"] = book_cover([  # a lighthouse by the sea, a black cat beside it
    "MMYYYMMMM",
    "MMKYKMMMM",
    "MMKRKMMMM",
    "MMKWKMMMM",
    "MMKRKMKMK",
    "MKWWWKYKY",
    "MKRRRKKKK",
    "UUUUUUUUU",
])
T["starsbook"] = book_cover([  # night sky, moon and stars over a willow
    "cccccYccc",
    "cYcccccWc",
    "ccccYccWW",
    "cccccccWc",
    "cNNNcYccc",
    "NNNNNcccc",
    "NnNnNcccc",
    "nUnUnUUUU",
])
T["bugsbook"] = book_cover([  # a ladybird
    "MKMMMMMKM",
    "MMKKKKKMM",
    "MKRRKRRKM",
    "KRKRKRKRK",
    "KRRRKRRRK",
    "KRKRKRKRK",
    "MKRRKRRKM",
    "MMKKKKKMM",
])
T["dragonbook"] = book_cover([  # a green dragon breathing fire
    "MMMMMNNMM",
    "MMMMNNNNM",
    "MMMNNKNNM",
    "YONNNNNNM",
    "OYONNNNNM",
    "YOMMNNNNM",
    "MMMMMNNNM",
    "MMMMMNNNN",
])
T["robotbook"] = book_cover([  # Pip the robot's face
    "MMMMKMMMM",
    "MMMMYMMMM",
    "MKKKKKKKM",
    "MKGGGGGKM",
    "MKGcGcGKM",
    "MKGGGGGKM",
    "MKGKKKGKM",
    "MKKKKKKKM",
])
T["mysterybook"] = book_cover([  # a magnifying glass and a maple leaf
    "MMKKKMMOM",
    "MKCWCKOOO",
    "KCWCCCKOM",
    "KCCCCCKMM",
    "MKCCCKKMM",
    "MMKKKKbKM",
    "MMMMMKbbK",
    "MMMMMMKKM",
])
T["cookbook"] = book_cover([  # a chef's hat
    "MMWWMWWMM",
    "MWWWWWWWM",
    "MWWWWWWWM",
    "MMWWWWWMM",
    "MMWGGGWMM",
    "MMWWWWWMM",
    "MMMMMMMMM",
    "MMMMMMMMM",
])
T["atlas"] = [  # an open book of maps: land and sea
    "................",
    "................",
    "................",
    ".KKKK......KKKK.",
    "KCCCCKK..KKCCCCK",
    "KCNNCCCKKCCCNNCK",
    "KNNNNCCKKCCNNNCK",
    "KCNNCCCKKCNNNNNK",
    "KCCNCCNKKCCNNCCK",
    "KCCCCNNKKCCCCCCK",
    "KCCCCCCKKCNCCCCK",
    "KCCCCKKKKKKCCCCK",
    "KMKKKMMKKMMKKKMK",
    "KMMMMMMKKMMMMMMK",
    ".KKKKKKKKKKKKKK.",
    "................",
]
T["bedtimebook"] = [  # an open book of stories under the moon
    "......YYY.......",
    "..Y..YY.......Y.",
    "......YYY.......",
    ".KKKK......KKKK.",
    "KWWWWKK..KKWWWWK",
    "KWGGGGWKKWGGGGWK",
    "KWWWWWWKKWWWWWWK",
    "KWGGGGWKKWGGGGWK",
    "KWWWWWWKKWWWWWWK",
    "KWGGGGWKKWGGGGWK",
    "KWWWWWWKKWWWWWWK",
    "KWWWWKKKKKKWWWWK",
    "KMKKKMMKKMMKKKMK",
    "KMMMMMMKKMMMMMMK",
    ".KKKKKKKKKKKKKK.",
    "................",
]

# ---- Clothing -------------------------------------------------------------
T["dinotshirt"] = [  # a T-shirt with a long-necked dinosaur printed on it
    "................",
    "................",
    "....KKK..KKK....",
    "..KKMMMKKMMMKK..",
    ".KMMMMMMMMMMMMK.",
    "KMMMMMMMMMMMMMMK",
    "KMMMMMMMMMMMMMMK",
    "KKKKMMMMMMMMKKKK",
    "...KMMMMMMNNK...",
    "...KMMMMMMNMK...",
    "...KMNNNNNNMK...",
    "...KNNNNNNMMK...",
    "...KMNMMNMMMK...",
    "...KMMMMMMMMK...",
    "...KKKKKKKKKK...",
    "................",
]
T["anklesocks"] = [  # a pair of short socks
    "................",
    "................",
    "................",
    ".KKKK...........",
    ".KAAK...KKKK....",
    ".KMMK...KAAK....",
    ".KMMK...KMMK....",
    ".KMMMKK.KMMK....",
    ".KMMMMMKKMMMKK..",
    ".KAMMMAKKMMMMMK.",
    ".KKKKKKKKAMMMAK.",
    "........KKKKKKK.",
    "................",
    "................",
    "................",
    "................",
]
T["shorts"] = [  # short legs with turned-up cuffs
    "................",
    "................",
    "................",
    "..KKKKKKKKKKKK..",
    "..KmmmmmmmmmmK..",
    "..KMMMMMKMMMMK..",
    "..KMMMMMMMMMMK..",
    "..KMMMMKKMMMMK..",
    ".KMMMMK..KMMMMK.",
    ".KMMMMK..KMMMMK.",
    ".KLLLLK..KLLLLK.",
    ".KKKKKK..KKKKKK.",
    "................",
    "................",
    "................",
    "................",
]

# ---- Home & Kitchen -------------------------------------------------------
T["travelmug"] = [  # a tall tumbler with a sip lid and a grip band
    "................",
    ".....KKKKKK.....",
    "....KGGGgGGK....",
    "...KKKKKKKKKK...",
    "...KGGGGGGGGK...",
    "....KMMMMMMK....",
    "....KMLMMMMK....",
    "....KMLMMMMK....",
    "....KAAAAAAK....",
    "....KAAAAAAK....",
    "....KMLMMMMK....",
    "....KMMMMMMK....",
    "....KMMMMMMK....",
    ".....KMMMMK.....",
    ".....KKKKKK.....",
    "................",
]
def skillet_cell(x, y):
    """A black cast-iron pan seen from above, an egg frying in it, its handle."""
    r = math.hypot(x - 6.5, y - 7.5)
    if 6 <= x <= 7 and 7 <= y <= 8:
        return "Y"
    if r <= 2.6:
        return "W"
    if r <= 4.3:
        return "K"
    if r <= 5.5 or (7 <= y <= 8 and 12 <= x <= 14):
        return "g"
    return None


T["skillet"] = outlined(skillet_cell)
T["electrickettle"] = [  # a jug with a water window on its power base
    "................",
    "....KKKKKKK.....",
    "...KMMMMMMMKKK..",
    "..KKMMMMMMMKMMK.",
    ".KGKMMMMMMMK.MK.",
    "..KKMCCMMMMK.MK.",
    "...KMCCMMMMK.MK.",
    "...KMCCMMMMK.MK.",
    "...KMCCMMMMKMMK.",
    "...KMMMMMMMKKK..",
    "...KMMMMMMMK....",
    "..KKKKKKKKKKK...",
    "..KgggggggggK...",
    "..KKKKKKKKKKK...",
    "................",
    "................",
]

# ---- Sports ---------------------------------------------------------------
T["steelbottle"] = [  # a steel bottle with a carry loop and a coloured band
    "......KKKK......",
    ".....KG..GK.....",
    "......KKKK......",
    "......KggK......",
    ".....KKKKKK.....",
    ".....KGGGGK.....",
    "....KGGGGGGK....",
    "....KGWGGGGK....",
    "....KGWGGGGK....",
    "....KMMMMMMK....",
    "....KMMMMMMK....",
    "....KGWGGGGK....",
    "....KGWGGGGK....",
    "....KGGGGGGK....",
    "....KggggggK....",
    ".....KKKKKK.....",
]
T["tennisballs"] = [  # three balls with their curved seams
    "................",
    "................",
    ".....KKKK.......",
    "....KMWMMK......",
    "....KMMWMK......",
    "....KMMWMK......",
    "....KMWMMK......",
    ".....KKKK.......",
    "..KKKK...KKKK...",
    ".KMWMMK.KMWMMK..",
    ".KMMWMK.KMMWMK..",
    ".KMMWMK.KMMWMK..",
    ".KMWMMK.KMWMMK..",
    "..KKKK...KKKK...",
    "................",
    "................",
]

def volleyball_cell(x, y):
    """A ball of three panels (white, main colour, blue) swirling round its centre."""
    dx, dy = x - 7.5, y - 6.5
    r = math.hypot(dx, dy)
    if r > 5.9:
        return None
    angle = math.atan2(dy, dx) + r * 0.28
    return "WMU"[int((angle % (2 * math.pi)) // (2 * math.pi / 3))]


T["volleyball"] = outlined(volleyball_cell)


# ---- Garden ---------------------------------------------------------------
T["glazedplanter"] = [  # a wide glazed bowl planter with a leafy plant
    "................",
    ".......KK.......",
    "..KK..KNNK..KK..",
    "..KNK.KNNK.KNK..",
    "...KNKKNNKKNK...",
    "....KNKNNKNK....",
    "....KNNNNNNK....",
    ".KKKKKKKKKKKKKK.",
    ".KLLLLLLLLLLLLK.",
    ".KMMMMMMMMMMMMK.",
    ".KMAAMMAAMMAAMK.",
    "..KMMMMMMMMMMK..",
    "...KMMMMMMMMK...",
    "....KKKKKKKK....",
    ".....KmmmmK.....",
    ".....KKKKKK.....",
]
T["herbtrio"] = [  # three little pots of herbs on a windowsill tray
    "................",
    "................",
    "................",
    "......KK........",
    "..KK.KNNK..K.K..",
    ".KNNKKnNK.KNKNK.",
    ".KNnKKNnK.KNNNK.",
    "..KNK.KNK..KNK..",
    ".KKKK.KKKK.KKKK.",
    ".KMMK.KAAK.KMMK.",
    ".KMMK.KAAK.KMMK.",
    ".KMMK.KAAK.KMMK.",
    "KKKKKKKKKKKKKKKK",
    "KBBBBBBBBBBBBBBK",
    "KKKKKKKKKKKKKKKK",
    "................",
]
T["kidsgardenset"] = [  # a bucket holding a hand fork and a trowel
    "..K.K.K....KKK..",
    "..KGKGK...KGGGK.",
    "..KGGGK...KGGGK.",
    "...KgK....KGGGK.",
    "...KbK.....KgK..",
    "...KbK.....KbK..",
    ".KKKKKKKKKKKKKK.",
    ".KLLLLLLLLLLLLK.",
    "..KMMMMMMMMMMK..",
    "..KMMMAAAAMMMK..",
    "..KMMAAAAAAMMK..",
    "..KMMMAAAAMMMK..",
    "...KMMMMMMMMK...",
    "...KMMMMMMMMK...",
    "....KKKKKKKK....",
    "................",
]
T["tomatoseeds"] = [  # a seed packet with two cherry tomatoes on it
    "................",
    "..KKKKKKKKKKKK..",
    "..KWWWWWWWWWWK..",
    "..KKKKKKKKKKKK..",
    "..KLLLLLLLLLLK..",
    "..KLLNLLLLNLLK..",
    "..KLKNKLLKNKLK..",
    "..KKRRWKKRRWKK..",
    "..KKRRRKKRRRKK..",
    "..KKRRRKKRRRKK..",
    "..KLKKKLLKKKLK..",
    "..KLLLLLLLLLLK..",
    "..KLLLLLLLLLLK..",
    "..KAAAAAAAAAAK..",
    "..KKKKKKKKKKKK..",
    "................",
]
T["birdfeeder"] = [  # a hanging tube feeder full of seed, with perches
    ".......KK.......",
    "......K..K......",
    ".......KK.......",
    ".....KKKKKK.....",
    "....KMMMMMMK....",
    "...KKKKKKKKKK...",
    ".....KWWWWK.....",
    ".....KTbTTK.....",
    ".....KTTbTK.....",
    "..KKKKbTTTKKKK..",
    ".....KTTbTK.....",
    ".....KbTTTK.....",
    ".....KTTTbK.....",
    "....KKKKKKKK....",
    "....KMMMMMMK....",
    ".....KKKKKK.....",
]

# ---- Stationery -----------------------------------------------------------
T["colouredpencils"] = [  # five pencils of different colours in their box
    "................",
    ".KK....KK....KK.",
    "KRRK..KYYK..KUUK",
    "KTTKKKKTTKKKKTTK",
    "KRRKOOKYYKNNKUUK",
    "KRRKTTKYYKTTKUUK",
    "KRRKOOKYYKNNKUUK",
    "KRRKOOKYYKNNKUUK",
    "KRRKOOKYYKNNKUUK",
    "KRRKOOKYYKNNKUUK",
    "KKKKKKKKKKKKKKKK",
    "KMMMMMMMMMMMMMMK",
    "KMAAAAAAAAAAAAMK",
    "KMMMMMMMMMMMMMMK",
    "KKKKKKKKKKKKKKKK",
    "................",
]
T["dottednotebook"] = [  # an open page of dot grid, the cover behind, a ribbon
    "................",
    "..KKKKKKKKKKKK..",
    "..KWWWWWWWWWWKK.",
    "..KWGWGWGWGWWKMK",
    "..KWWWWWWWWWWKMK",
    "..KWGWGWGWGWWKMK",
    "..KWWWWWWWWWWKMK",
    "..KWGWGWGWGWWKMK",
    "..KWWWWWWWWWWKMK",
    "..KWGWGWGWGWWKMK",
    "..KWWWWWWWWWWKMK",
    "..KWGWGWGWGWWKMK",
    "..KWWWWWWWWWWKMK",
    "..KKKKKKKAKKKKMK",
    "...KKKKKKAKKKKKK",
    "........KAK.....",
]
T["exercisebooks"] = [  # a fanned pile of thin exercise books
    "................",
    ".....KKKKKKKKKK.",
    ".....KUUUUUUUUK.",
    "...KKKKKKKKKKUK.",
    "...KNNNNNNNNKUK.",
    ".KKKKKKKKKKNKUK.",
    ".KMMMMMMMMKNKUK.",
    ".KMKKKKKKMKNKUK.",
    ".KMKWWWWKMKNKUK.",
    ".KMKKKKKKMKNKUK.",
    ".KMMMMMMMMKNKUK.",
    ".KMMMMMMMMKNKKK.",
    ".KMMMMMMMMKKK...",
    ".KMMMMMMMMK.....",
    ".KKKKKKKKKK.....",
    "................",
]
T["paperandenvelope"] = [  # a lined sheet of writing paper behind an envelope
    "................",
    ".KKKKKKKKK......",
    ".KWWWWWWWK......",
    ".KWGGGGGWK......",
    ".KWWWWWWWK......",
    ".KWGGGGGWK......",
    ".KWWWWWWWK......",
    ".KWGGGKKKKKKKKKK",
    ".KWWWWKWKWWWWKWK",
    ".KWGGGKWWKWWKWWK",
    ".KWWWWKWWWKKWWWK",
    ".KWGGGKWWWWWWWWK",
    ".KKKKKKWWWWWWWWK",
    "......KKKKKKKKKK",
    "................",
    "................",
]
T["greetingcard"] = [  # a folded card with a heart on the front
    "................",
    "................",
    "..KKKKKKKKK.....",
    "..KMMMMMMMKK....",
    "..KMRRMRRMKWK...",
    "..KRRRRRRRKWK...",
    "..KRRRRRRRKWK...",
    "..KMRRRRRMKWK...",
    "..KMMRRRMMKWK...",
    "..KMMMRMMMKWK...",
    "..KMMMMMMMKWK...",
    "..KMMMMMMMKWK...",
    "..KKKKKKKKKKK...",
    "................",
    "................",
    "................",
]

# ---- Snacks ---------------------------------------------------------------
T["cookiebites"] = [  # a stack of small chocolate-chip cookies, seen edge-on
    "................",
    "................",
    "................",
    "................",
    "...KKKKKKKKKK...",
    "..KTbTTTTbTTTK..",
    "..KTTTbTTTTbTK..",
    "...KKKKKKKKKK...",
    "..KTTbTTTbTTTK..",
    "..KTbTTTTTTbTK..",
    "...KKKKKKKKKK...",
    "..KTTTbTTbTTTK..",
    "..KbTTTTTTTTbK..",
    "...KKKKKKKKKK...",
    "................",
    "................",
]
T["applering"] = [  # a dried apple ring: red peel, cream flesh, seeds, hole
    "................",
    "................",
    ".....KKKKKK.....",
    "...KKRRRRRRKK...",
    "..KRREEEEEERRK..",
    ".KREEEEEEEEEERK.",
    ".KREEEbEEbEEERK.",
    "KREEEEKKKKEEEERK",
    "KREEEbK..KbEEERK",
    "KREEEEKKKKEEEERK",
    ".KREEEbEEbEEERK.",
    ".KREEEEEEEEEERK.",
    "..KRREEEEEERRK..",
    "...KKRRRRRRKK...",
    ".....KKKKKK.....",
    "................",
]
T["darkchocolate"] = [  # squares of dark chocolate with salt flakes, a corner broken off
    "................",
    "................",
    "..KKKKKKKKK.....",
    "..KBbbKBWbK.....",
    "..KbbbKbbbK.KK..",
    "..KbWbKbbbK.KK..",
    "..KKKKKKKKKKKKK.",
    "..KBbbKBbbKBbWK.",
    "..KbbWKbbbKbbbK.",
    "..KbbbKbWbKbbbK.",
    "..KKKKKKKKKKKKK.",
    "..KBbbKBbbKBbbK.",
    "..KbWbKbbbKbWbK.",
    "..KbbbKbbbKbbbK.",
    "..KKKKKKKKKKKKK.",
    "................",
]
T["veggiechips"] = [  # a bowl heaped with orange, green and purple crisps
    "................",
    "................",
    "................",
    "......KK..KK....",
    "....KKOOKKNNK...",
    "...KOOOKPPKNNK..",
    "..KNNKOOKPPPKOK.",
    "..KNNNKKPPKOOOK.",
    "KKKKKKKKKKKKKKKK",
    "KLLLLLLLLLLLLLLK",
    ".KMMMMMMMMMMMMK.",
    ".KMMMMMMMMMMMMK.",
    "..KMMMMMMMMMMK..",
    "...KKKKKKKKKK...",
    "................",
    "................",
]


def rope_toy_cell(x, y):
    """A twisted rope (diagonal stripes) with a knot and a tassel at each end."""
    stripe = "MMWW"[(x + y) % 4]

    def in_knot(cx):
        return ((x - cx) / 2.6) ** 2 + ((y - 6.5) / 3.1) ** 2 <= 1

    if in_knot(3) or in_knot(12) or (6 <= y <= 7 and 3 <= x <= 12):
        return stripe
    if 10 <= y <= 12 and x in (1, 3, 5, 10, 12, 14):
        return "W"
    return None


T["ropetoy"] = outlined(rope_toy_cell)

# ---- Pets -----------------------------------------------------------------
T["chewsticks"] = [  # three twisted dental sticks
    "................",
    ".......KK.......",
    "..KK..KNnK..KK..",
    ".KNnK.KnNK.KNnK.",
    ".KnNK.KNnK.KnNK.",
    ".KNnK.KnNK.KNnK.",
    ".KnNK.KNnK.KnNK.",
    ".KNnK.KnNK.KNnK.",
    ".KnNK.KNnK.KnNK.",
    ".KNnK.KnNK.KNnK.",
    ".KnNK.KNnK.KnNK.",
    ".KNnK..KK..KNnK.",
    "..KK........KK..",
    "................",
    "................",
    "................",
]
T["fishflakes"] = [  # a tub of flakes with a fish on its label
    "................",
    "...KKKKKKKKKK...",
    "...KAAAAAAAAK...",
    "...KKKKKKKKKK...",
    "...KMMMMMMMMK...",
    "...KWWWWWWWWK...",
    "...KWWOOOWOWK...",
    "...KWOKOOOOWK...",
    "...KWWOOOWOWK...",
    "...KWWWWWWWWK...",
    "...KMMMMMMMMK...",
    "...KMMMMMMMMK...",
    "...KKKKKKKKKK...",
    "................",
    "..Y..O..R..N..O.",
    "................",
]
T["cattreats"] = [  # a zip pouch with a cat's face
    "................",
    "...KKKKKKKKKK...",
    "...KGGGGGGGGK...",
    "...KKKKKKKKKK...",
    "...KMMMMMMMMK...",
    "...KMWMMMMWMK...",
    "...KMWWMMWWMK...",
    "...KMWWWWWWMK...",
    "...KMWKWWKWMK...",
    "...KMWWPPWWMK...",
    "...KMMWWWWMMK...",
    "...KMMMMMMMMK...",
    "...KMMPPPPMMK...",
    "...KMMMMMMMMK...",
    "..KKKKKKKKKKKK..",
    "................",
]
T["aquarium"] = [  # a tank with a lid, a fish, bubbles, weed and gravel
    "................",
    "................",
    "KKKKKKKKKKKKKKKK",
    "KgggggggggggggGK",
    "KKKKKKKKKKKKKKKK",
    "KCCCCCCCCCCWCCCK",
    "KCCCCCCCCCCCWCCK",
    "KCCOOOCOCCCWCCCK",
    "KCOKOOOOCCCCNCCK",
    "KCCOOOCOCCCNCCCK",
    "KCCCCCCCCCCNNCCK",
    "KCCNCCCCCCNCNCCK",
    "KCNNCCCCCCNNCCCK",
    "KTTTTTTTTTTTTTTK",
    "KKKKKKKKKKKKKKKK",
    "................",
]
T["petbed"] = [  # a round bed with a raised rim around a cushion
    "................",
    "................",
    "................",
    "................",
    "................",
    "...KKKKKKKKKK...",
    ".KKMMMMMMMMMMKK.",
    "KMMKKKKKKKKKKMMK",
    "KMKLLLLLLLLLLKMK",
    "KMKLLLLLLLLLLKMK",
    "KMMKKKKKKKKKKMMK",
    "KMMMMMMMMMMMMMMK",
    "KmMMMMMMMMMMMMmK",
    ".KmmmmmmmmmmmmK.",
    "..KKKKKKKKKKKK..",
    "................",
]
T["scratchpost"] = [  # a sisal-wrapped post on a base, a perch and a dangling ball
    "................",
    "..KKKKKKKKKKKK..",
    "..KMMMMMMMMMMK..",
    "..KKKKKKKKKKKK..",
    ".....KTTTTK.K...",
    ".....KbbbbK.K...",
    ".....KTTTTK.K...",
    ".....KbbbbK.KK..",
    ".....KTTTTKKAAK.",
    ".....KbbbbKKAAK.",
    ".....KTTTTK.KK..",
    ".....KbbbbK.....",
    ".....KTTTTK.....",
    ".KKKKKKKKKKKKKK.",
    ".KMMMMMMMMMMMMK.",
    ".KKKKKKKKKKKKKK.",
]


# ---------------------------------------------------------------------------
# Which drawing shows which product. Every product has a drawing of its own:
# main() refuses to run if a product has none or two products share one.
# ---------------------------------------------------------------------------
DRAWINGS = {
    1001: "phone", 1002: "headphones", 1003: "laptop", 1004: "tv",
    1005: "speaker", 1006: "earbuds", 1007: "kidstablet", 1008: "battery",
    1009: "gamepad", 1010: "camera",
    1011: "lighthousecat", 1012: "starsbook", 1013: "cookbook",
    1014: "bugsbook", 1015: "dragonbook", 1016: "robotbook", 1017: "atlas",
    1018: "bedtimebook", 1019: "mysterybook", 1020: "bookstack",
    1021: "tshirt", 1022: "sock", 1023: "cap", 1024: "pants", 1025: "boot",
    1026: "jacket", 1027: "mitten", 1028: "dinotshirt", 1029: "anklesocks",
    1030: "shorts",
    1031: "mug", 1032: "pan", 1033: "electrickettle", 1034: "bowl",
    1035: "toaster", 1036: "lamp", 1037: "pot", 1038: "travelmug",
    1039: "skillet", 1040: "teapot",
    1041: "soccer", 1042: "basketball", 1043: "racket", 1044: "dumbbell",
    1045: "bottle", 1046: "helmet", 1047: "tennisballs", 1048: "disc",
    1049: "volleyball", 1050: "steelbottle",
    1051: "flowerpot", 1052: "wateringcan", 1053: "trowel", 1054: "seedpacket",
    1055: "birdhouse", 1056: "kidsgardenset", 1057: "tomatoseeds",
    1058: "glazedplanter", 1059: "herbtrio", 1060: "birdfeeder",
    1061: "pencil", 1062: "dottednotebook", 1063: "colouredpencils",
    1064: "scissors", 1065: "ruler", 1066: "pen", 1067: "sketchbook",
    1068: "paperandenvelope", 1069: "exercisebooks", 1070: "greetingcard",
    1071: "cookie", 1072: "applering", 1073: "chocolate", 1074: "chips",
    1075: "juicebox", 1076: "popcorn", 1077: "cookiebites",
    1078: "darkchocolate", 1079: "veggiechips", 1080: "apple",
    1081: "bone", 1082: "fishflakes", 1083: "cattreats", 1084: "petbowl",
    1085: "ropetoy", 1086: "petbed", 1087: "scratchpost", 1088: "chewsticks",
    1089: "aquarium", 1090: "collar",
}

# Drawings whose main colour comes from a short list (balls and apples have
# natural colours, green pictures need a background that is not green)
# instead of from the product id.
MAIN_COLOURS = {
    "tennisballs": [(206, 232, 60), (226, 240, 90)],
    "apple": [(212, 44, 44), (120, 190, 60), (236, 196, 56)],
    "volleyball": [(250, 206, 56)],
    "pencil": [(250, 200, 40)],
    # The green dinosaurs need a cover and a shirt that are not green.
    "dragonbook": [(126, 52, 138)],
    "dinotshirt": [(96, 170, 230)],
}


def drawing_for(pid, name):
    if pid not in DRAWINGS:
        sys.exit("no drawing for product %d (%s): add one to DRAWINGS" % (pid, name))
    return DRAWINGS[pid]


def check_drawings(products):
    """Every product has a drawing, no drawing is used twice or left unused."""
    used = {}
    for pid, name, _ in products:
        drawing = drawing_for(pid, name)
        if drawing in used:
            sys.exit("products %d and %d share the drawing %r"
                     % (used[drawing], pid, drawing))
        used[drawing] = pid
    unknown = sorted(set(DRAWINGS.values()) - set(T))
    if unknown:
        sys.exit("DRAWINGS names drawings that do not exist: %s" % ", ".join(unknown))
    unused = sorted(set(T) - set(used))
    if unused:
        sys.exit("drawings no product uses: %s" % ", ".join(unused))


def hsv(h, s, v):
    r, g, b = colorsys.hsv_to_rgb(h % 1.0, s, v)
    return (round(r * 255), round(g * 255), round(b * 255))


def mix(c1, c2, t):
    return tuple(round(a + (b - a) * t) for a, b in zip(c1, c2))


def palette_for(pid, drawing):
    # Spread hues with the golden ratio so neighbouring ids look different.
    h = (pid * 0.6180339887) % 1.0
    main = hsv(h, 0.62 + 0.1 * ((pid // 3) % 2), 0.86)
    choices = MAIN_COLOURS.get(drawing)
    if choices:
        main = choices[pid % len(choices)]
    accent = hsv(h + 0.45, 0.7, 0.92)
    pal = dict(FIXED)
    pal["M"] = main
    pal["m"] = mix(main, (0, 0, 0), 0.3)
    pal["L"] = mix(main, (255, 255, 255), 0.45)
    pal["A"] = accent
    pal["a"] = mix(accent, (0, 0, 0), 0.3)
    pal["."] = hsv(h + 0.5, 0.10, 0.97)
    return pal


def render(pid, drawing):
    """Return SIZE rows of SIZE (r, g, b) tuples."""
    tpl = T[drawing]
    pal = palette_for(pid, drawing)
    scale = SIZE // len(tpl)
    rows = []
    for line in tpl:
        row = []
        for ch in line:
            row.extend([pal[ch]] * scale)
        for _ in range(scale):
            rows.append(list(row))
    return rows


def png_bytes(rows):
    h = len(rows)
    w = len(rows[0])
    raw = bytearray()
    for row in rows:
        raw.append(0)  # filter type: none
        for r, g, b in row:
            raw += bytes((r, g, b))

    def chunk(kind, data):
        c = struct.pack(">I", len(data)) + kind + data
        return c + struct.pack(">I", zlib.crc32(kind + data) & 0xFFFFFFFF)

    ihdr = struct.pack(">IIBBBBB", w, h, 8, 2, 0, 0, 0)  # 8-bit RGB
    return (b"\x89PNG\r\n\x1a\n" + chunk(b"IHDR", ihdr)
            + chunk(b"IDAT", zlib.compress(bytes(raw), 9)) + chunk(b"IEND", b""))


def read_products(path):
    products = []
    with open(path, encoding="utf-8") as f:
        header = None
        for line in f:
            line = line.rstrip("\n")
            if not line or line.startswith("#"):
                continue
            cols = line.split("\t")
            if header is None:
                header = cols
                continue
            rec = dict(zip(header, cols))
            products.append((int(rec["id"]), rec["name"], rec["category"]))
    return products


def check_templates():
    for name, tpl in T.items():
        assert len(tpl) == 16, (name, len(tpl))
        for line in tpl:
            assert len(line) == 16, (name, line)
            for ch in line:
                assert ch in FIXED or ch in "MmLAa.", (name, ch)


def main():
    root = os.path.dirname(os.path.dirname(os.path.abspath(__file__)))
    tsv = os.path.join(root, "catalog", "products.tsv")
    outdir = os.path.join(root, "catalog", "images", "products")
    os.makedirs(outdir, exist_ok=True)
    check_templates()
    total = 0
    products = read_products(tsv)
    check_drawings(products)
    for pid, name, category in products:
        data = png_bytes(render(pid, drawing_for(pid, name)))
        with open(os.path.join(outdir, "%d.png" % pid), "wb") as f:
            f.write(data)
        total += len(data)
    print("wrote %d images (%d bytes) to %s" % (len(products), total, outdir))


if __name__ == "__main__":
    sys.exit(main())
