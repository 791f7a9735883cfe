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
# bytes. Each picture comes from a 16x16 ASCII template below, scaled 2x. The
# shape is picked by keywords in the product name, falling back to a default
# for the category, and the colours are derived from the product id so that
# products sharing a shape still look different.

import colorsys
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
T["book"] = [
    "................",
    "...KKKKKKKKKK...",
    "..KmMMMMMMMMMK..",
    "..KmMMMMMMMMMK..",
    "..KmMKKKKKKMMK..",
    "..KmMKWWWWKMMK..",
    "..KmMKKKKKKMMK..",
    "..KmMMMMMMMMMK..",
    "..KmMMMAMMMMMK..",
    "..KmMMAAAMMMMK..",
    "..KmMMMAMMMMMK..",
    "..KmMMMMMMMMMK..",
    "..KmKKKKKKKKKKK.",
    "..KmWWWWWWWWWWK.",
    "...KKKKKKKKKKK..",
    "................",
]
T["openbook"] = [
    "................",
    "................",
    "................",
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
T["kettle"] = [
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
T["ball"] = [
    "................",
    ".....KKKKKK.....",
    "...KKMWMMWMKK...",
    "..KMMMWMMWMMMK..",
    "..KMMWMMMMWMMK..",
    ".KMLWMMMMMMWMMK.",
    ".KMLWMMMMMMWMMK.",
    ".KMMWMMMMMMWMMK.",
    ".KMMWMMMMMMWMMK.",
    ".KMMWMMMMMMWMMK.",
    ".KMMWMMMMMMWMMK.",
    "..KMMWMMMMWMMK..",
    "..KMMMWMMWMMMK..",
    "...KKmWmmWmKK...",
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
T["pen"] = [
    ".............K..",
    "............KAK.",
    "...........KAAAK",
    "..........KAAAK.",
    ".........KAAAK..",
    "........KAAAK...",
    ".......KMMAK....",
    "......KMMMK.....",
    ".....KMMMK......",
    "....KMMMK.......",
    "...KMMMK........",
    "..KGMMK.........",
    ".KGGGK..........",
    ".KgGK...........",
    "KgKK............",
    ".K..............",
]
T["notebook"] = [
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
T["envelope"] = [
    "................",
    "................",
    "................",
    "KKKKKKKKKKKKKKKK",
    "KWKWWWWWWWWWAAKK",
    "KWWKWWWWWWWWAAWK",
    "KWWWKWWWWWWKWWWK",
    "KWWWWKWWWWKWWWWK",
    "KWWWWWKMMKWWWWWK",
    "KWWWWWWMMWWWWWWK",
    "KWWWWWWWWWWWWWWK",
    "KWWWWWWWWWWWWWWK",
    "KKKKKKKKKKKKKKKK",
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
T["fish"] = [
    "................",
    "................",
    "................",
    "......KKKK......",
    "....KKAAAAKK..KK",
    "...KMMMMMMMMKKAK",
    "..KMWKMMMMMMMKAK",
    "..KMMMMMMMMMMAAK",
    "..KMMMMMMMMMMAAK",
    "...KMMMMMMMMKKAK",
    "....KKLLLLKK..KK",
    "......KKKK......",
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
T["paw"] = [
    "................",
    "....KK....KK....",
    "...KMMK..KMMK...",
    "...KMMK..KMMK...",
    ".KK.KK....KK.KK.",
    "KMMK........KMMK",
    "KMMK..KKKK..KMMK",
    ".KK.KKMMMMKK.KK.",
    "...KMMMMMMMMK...",
    "..KMMMMMMMMMMK..",
    "..KMMMMMMMMMMK..",
    "..KMMMMMMMMMMK..",
    "...KMMMMMMMMK...",
    "....KKKKKKKK....",
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
# Shape choice: per category, (keywords, shape) pairs tried in order on the
# lower-cased product name (a keyword matches at the start of a word); the
# first entry whose keyword matches wins, else the category default is used.
# ---------------------------------------------------------------------------
RULES = {
    "Electronics": ([
        (("smartphone", "phone", "tablet"), "phone"),
        (("headphone", "earbud", "headset"), "headphones"),
        (("laptop", "notebook computer"), "laptop"),
        (("tv", "television", "monitor"), "tv"),
        (("speaker",), "speaker"),
        (("power bank", "battery", "charger"), "battery"),
        (("controller", "gamepad"), "gamepad"),
        (("camera",), "camera"),
    ], "phone"),
    "Books": ([
        (("cookbook", "atlas", "treasury", "stories"), "openbook"),
        (("set", "collection", "box set"), "bookstack"),
    ], "book"),
    "Clothing": ([
        (("sock",), "sock"),
        (("cap", "hat", "beanie"), "cap"),
        (("jeans", "trousers", "shorts", "pants"), "pants"),
        (("boot",), "boot"),
        (("jacket", "fleece", "hoodie", "coat"), "jacket"),
        (("mitten", "glove"), "mitten"),
        (("t-shirt", "shirt", "top"), "tshirt"),
    ], "tshirt"),
    "Home & Kitchen": ([
        (("mug", "cup"), "mug"),
        (("kettle", "teapot"), "kettle"),
        (("pan", "skillet", "wok"), "pan"),
        (("bowl", "plate"), "bowl"),
        (("toaster",), "toaster"),
        (("lamp", "light"), "lamp"),
        (("stockpot", "pot", "saucepan"), "pot"),
    ], "mug"),
    "Sports": ([
        (("soccer", "football"), "soccer"),
        (("basketball",), "basketball"),
        (("racket", "racquet"), "racket"),
        (("tennis ball",), "tennisball"),
        (("dumbbell", "kettlebell", "weight"), "dumbbell"),
        (("bottle",), "bottle"),
        (("helmet",), "helmet"),
        (("disc", "frisbee"), "disc"),
        (("ball", "volleyball"), "ball"),
    ], "ball"),
    "Garden": ([
        (("watering",), "wateringcan"),
        (("seed",), "seedpacket"),
        (("bird",), "birdhouse"),
        (("trowel", "spade", "gardening set", "rake"), "trowel"),
        (("pot", "planter"), "flowerpot"),
    ], "flowerpot"),
    "Stationery": ([
        (("pencil", "crayon"), "pencil"),
        (("pen", "marker"), "pen"),
        (("scissor",), "scissors"),
        (("ruler",), "ruler"),
        (("envelope", "card", "letter"), "envelope"),
        (("notebook", "sketchbook", "exercise book", "journal"), "notebook"),
    ], "notebook"),
    "Snacks": ([
        (("juice",), "juicebox"),
        (("cookie", "biscuit"), "cookie"),
        (("chocolate",), "chocolate"),
        (("popcorn",), "popcorn"),
        (("apple",), "apple"),
        (("chips", "crisps"), "chips"),
    ], "cookie"),
    "Pets": ([
        (("bone", "chew"), "bone"),
        (("fish", "salmon", "aquarium", "tuna"), "fish"),
        (("bowl",), "petbowl"),
        (("collar", "lead", "leash"), "collar"),
    ], "paw"),
}

# Shapes that reuse a template with a restricted choice of main colours.
VARIANTS = {
    "tennisball": ("ball", [(206, 232, 60), (226, 240, 90)]),
    "apple": ("apple", [(212, 44, 44), (120, 190, 60), (236, 196, 56)]),
}


def shape_for(category, name):
    import re
    rules, default = RULES[category]
    low = name.lower()
    for words, shape in rules:
        for w in words:
            if re.search(r"(?<![a-z])" + re.escape(w), low):
                return shape
    return default


def hsv(h, s, v):
    r, g, b = colorsys.hsv_to_rgb(h % 1.0, s, v)
    return (round(r * 255), round(g * 255), round(b * 255))


def mix(c1, c2, t):
    return tuple(round(a + (b - a) * t) for a, b in zip(c1, c2))


def palette_for(pid, shape):
    # Spread hues with the golden ratio so neighbouring ids look different.
    h = (pid * 0.6180339887) % 1.0
    main = hsv(h, 0.62 + 0.1 * ((pid // 3) % 2), 0.86)
    restricted = VARIANTS.get(shape, (shape, None))[1]
    if restricted:
        main = restricted[pid % len(restricted)]
    accent = hsv(h + 0.45, 0.7, 0.92)
    pal = dict(FIXED)
    pal["M"] = main
    pal["m"] = mix(main, (0, 0, 0), 0.3)
    pal["L"] = mix(main, (255, 255, 255), 0.45)
    pal["A"] = accent
    pal["a"] = mix(accent, (0, 0, 0), 0.3)
    pal["."] = hsv(h + 0.5, 0.10, 0.97)
    return pal


def render(pid, shape):
    """Return SIZE rows of SIZE (r, g, b) tuples."""
    tname = VARIANTS.get(shape, (shape, None))[0]
    tpl = T[tname]
    pal = palette_for(pid, shape)
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
    for pid, name, category in products:
        shape = shape_for(category, name)
        data = png_bytes(render(pid, shape))
        with open(os.path.join(outdir, "%d.png" % pid), "wb") as f:
            f.write(data)
        total += len(data)
    print("wrote %d images (%d bytes) to %s" % (len(products), total, outdir))


if __name__ == "__main__":
    sys.exit(main())
