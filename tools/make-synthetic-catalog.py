#!/usr/bin/env python3
# make-synthetic-catalog.py - written for the shelf project.
#
# Writes a large, synthetic catalog for performance measurements: a toys.tsv in
# the real format (a `#` comment line, the header row, one toy a line) with N
# toys whose names are unique and built from word lists, plus a copy of the
# real catalog/shows.json (when present) so that /shows still works. Nothing
# else is written: stories.tsv and products.tsv are optional in the loader.
#
# Usage (from the repository root):
#
#     python3 tools/make-synthetic-catalog.py --toys 100000 --out /tmp/big-catalog
#     python3 tools/make-synthetic-catalog.py --toys 100000 --one-category --out /tmp/bulk
#
# --one-category puts every toy in one category, "Bulk" (the worst case for a
# listing, completion and search); otherwise toys are spread over 12
# categories. Only the Python 3 standard library is used, and the output is
# deterministic: the same arguments always give the same bytes.

import argparse
import os
import shutil
import sys

ADJECTIVES = [
    "Amber", "Brave", "Bright", "Busy", "Chubby", "Clever", "Cosy", "Curious",
    "Dapper", "Dizzy", "Dreamy", "Eager", "Fancy", "Fluffy", "Friendly",
    "Gentle", "Giggly", "Golden", "Happy", "Humble", "Jolly", "Lucky", "Merry",
    "Mighty", "Misty", "Nimble", "Plucky", "Quiet", "Rosy", "Rusty", "Silly",
    "Sleepy", "Snappy", "Sparkly", "Sunny", "Swift", "Tiny", "Velvet", "Wobbly",
    "Zesty",
]  # 40

MATERIALS = [
    "Acorn", "Apple", "Aspen", "Birch", "Bramble", "Canyon", "Cedar", "Clover",
    "Comet", "Coral", "Cotton", "Crystal", "Daisy", "Ember", "Fern", "Frost",
    "Garnet", "Ginger", "Harbor", "Hazel", "Honey", "Indigo", "Island", "Juniper",
    "Lagoon", "Lemon", "Maple", "Meadow", "Meteor", "Mint", "Moss", "Nutmeg",
    "Ocean", "Olive", "Orchid", "Pebble", "Pepper", "Pine", "Poppy", "Prairie",
    "Quartz", "Raven", "River", "Saffron", "Sage", "Timber", "Tulip", "Willow",
    "Étoile", "Façade",
]  # 50 (two accented, so that folding has real work to do)

NOUNS = [
    "Airship", "Badger", "Balloon", "Barn", "Bear", "Boat", "Bunny", "Castle",
    "Caterpillar", "Crane", "Cube", "Dinosaur", "Dragon", "Drum", "Duck",
    "Express", "Ferry", "Fox", "Garage", "Giraffe", "Glider", "Hedgehog",
    "Helicopter", "Kite", "Koala", "Lantern", "Lighthouse", "Llama", "Marble Run",
    "Mouse", "Octopus", "Orchestra", "Otter", "Owl", "Panda", "Parrot",
    "Penguin", "Piano", "Puzzle", "Rabbit", "Robot", "Rocket", "Sailboat",
    "Scooter", "Shaker", "Spinner", "Submarine", "Telescope", "Tiger", "Tractor",
    "Train", "Treehouse", "Truck", "Turtle", "Unicorn", "Wagon", "Whale",
    "Windmill", "Xylophone", "Zebra",
]  # 60 -> 40 * 50 * 60 = 120,000 unique names

CATEGORIES = [
    "Arts & Crafts", "Baby & Toddler", "Board Games", "Building Blocks", "Dolls",
    "Music", "Outdoor", "Plush", "Puzzles", "Science", "Vehicles", "Party Favors",
]

BRANDS = [
    "Maple Hollow", "Brightbox", "Toddle & Tumble", "Kestrel Kids", "Pinwheel Co",
    "Little Lark", "Northwind Toys", "Bramble & Bean", "Jouets Étoile",
    "Sunny Side", "Copperkettle", "Hilltop Play",
]

OPENINGS = [
    "A sturdy", "A cheerful", "A hand-finished", "A pocket-sized", "A colourful",
    "A wind-up", "A soft", "A battery-free", "A classic", "A stackable",
]

MATERIAL_PHRASES = [
    "made of sanded beech", "in recycled plastic", "in organic cotton",
    "with water-based paints", "in brushed tin", "with felt details",
    "in bamboo", "with rounded edges",
]

ENDINGS = [
    "It packs away into a drawstring bag.",
    "Spare parts can be ordered from the maker.",
    "Suitable for the bath and the sandpit alike.",
    "Comes with a short illustrated guide.",
    "Every piece is checked by hand before it ships.",
    "Wipe clean with a damp cloth.",
    "Glows softly like a lantern when the lights go out.",
    "Makes a gentle rattle when shaken.",
]

NAME_COUNT = len(ADJECTIVES) * len(MATERIALS) * len(NOUNS)
# A stride coprime to NAME_COUNT scatters consecutive ids across the name space, so names
# are not in id order (as in a real catalog) yet stay unique.
STRIDE = 7919


def toy_name(index):
    # Beyond NAME_COUNT toys, names repeat the word combinations with a series mark
    # ("Mk 2", "Mk 3"...), so that a catalog of 1,000,000 toys still has unique names.
    series = index // NAME_COUNT
    slot = (index * STRIDE + 12345) % NAME_COUNT
    noun = NOUNS[slot % len(NOUNS)]
    slot //= len(NOUNS)
    material = MATERIALS[slot % len(MATERIALS)]
    slot //= len(MATERIALS)
    adjective = ADJECTIVES[slot]
    mark = f" Mk {series + 1}" if series else ""
    return f"{adjective} {material} {noun}{mark}"


def toy_row(toy_id, category):
    index = toy_id - 1
    name = toy_name(index)
    min_age = (index * 7) % 10  # 0-9
    max_age = min(99, min_age + 2 + (index * 3) % 9)
    cents = 299 + (index * 7907) % 19700  # 2.99 - 199.98
    price = f"{cents // 100}.{cents % 100:02d}"
    brand = BRANDS[(index * 5) % len(BRANDS)]
    noun = toy_name(index % NAME_COUNT).rsplit(" ", 1)[-1].lower()
    description = (
        f"{OPENINGS[index % len(OPENINGS)]} {noun} "
        f"{MATERIAL_PHRASES[(index // 3) % len(MATERIAL_PHRASES)]}, "
        f"number {toy_id} in the {brand} range. "
        f"{ENDINGS[(index // 7) % len(ENDINGS)]}"
    )
    fields = [str(toy_id), name, category, str(min_age), str(max_age), price, brand, description]
    return "\t".join(fields)


def main():
    parser = argparse.ArgumentParser(description="Write a synthetic shelf catalog.")
    parser.add_argument("--toys", type=int, default=100000, help="how many toys (default 100000)")
    parser.add_argument("--out", required=True, help="the catalog directory to write")
    parser.add_argument(
        "--one-category", action="store_true", help='put every toy in one category, "Bulk"')
    parser.add_argument(
        "--shows",
        default=os.path.join(os.path.dirname(os.path.abspath(__file__)), "..", "catalog",
                             "shows.json"),
        help="shows.json to copy (default: the repository's catalog/shows.json)")
    args = parser.parse_args()
    if not 1 <= args.toys <= 10_000_000:
        parser.error("--toys must be between 1 and 10000000")

    os.makedirs(args.out, exist_ok=True)
    path = os.path.join(args.out, "toys.tsv")
    with open(path, "w", encoding="utf-8", newline="\n") as out:
        out.write(
            "# shelf toys: synthetic catalog written by tools/make-synthetic-catalog.py. "
            "Columns: id, name, category, minAge, maxAge, price, brand, description\n")
        out.write("id\tname\tcategory\tminAge\tmaxAge\tprice\tbrand\tdescription\n")
        for toy_id in range(1, args.toys + 1):
            category = "Bulk" if args.one_category else CATEGORIES[(toy_id - 1) % len(CATEGORIES)]
            out.write(toy_row(toy_id, category))
            out.write("\n")
    if os.path.isfile(args.shows):
        shutil.copyfile(args.shows, os.path.join(args.out, "shows.json"))
    print(f"wrote {args.toys} toys to {path}", file=sys.stderr)


if __name__ == "__main__":
    main()
