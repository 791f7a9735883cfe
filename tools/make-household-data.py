#!/usr/bin/env python3
# make-household-data.py - written for the shelf project: a household for tools/bench.
#
# Usage: make-household-data.py DATA_DIR PROFILES FAVORITES
#
# Writes DATA_DIR/profiles.plist with PROFILES people ("me", the adult, then children kid1,
# kid2, ...) and, for each, profiles/NAME/favorites.plist with FAVORITES toys (ids 1 to
# FAVORITES, each with the name kept for it), as shelf's own files look after a first start.
import os
import plistlib
import sys


def main() -> None:
    root, profiles, favorites = sys.argv[1], int(sys.argv[2]), int(sys.argv[3])
    names = ["me"] + [f"kid{i}" for i in range(1, profiles)]
    people = [{"id": i + 1, "name": name} for i, name in enumerate(names)]
    for person in people[1:]:
        person["born"] = "2018-03"
    os.makedirs(os.path.join(root, "profiles"), exist_ok=True)
    with open(os.path.join(root, "profiles.plist"), "wb") as out:
        plistlib.dump({"version": 1, "nextID": profiles + 1, "profiles": people}, out)
    toys = list(range(1, favorites + 1))
    document = {
        "version": 1, "toys": toys, "products": [], "shows": [], "stories": [],
        "names": {f"toy:{toy}": f"Toy number {toy}" for toy in toys},
    }
    for name in names:
        directory = os.path.join(root, "profiles", name)
        os.makedirs(directory, exist_ok=True)
        with open(os.path.join(directory, "favorites.plist"), "wb") as out:
            plistlib.dump(document, out)


if __name__ == "__main__":
    main()
