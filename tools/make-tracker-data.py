#!/usr/bin/env python3
# make-tracker-data.py - written for the shelf project.
#
# Writes a data directory of a heavy TV tracker for measuring `stats` and /upnext: SHOWS
# followed shows (favourites, saved with their data), each with EPISODES episodes saved for
# offline use (episodes/ID.json, as `fav` saves them), and MARKS watched marks spread over the
# shows with times over the last two years. The shows are the first SHOWS of the catalog's show
# list (SHOW_LIST, catalog/shows.json), which the show store starts from. The favourites and
# marks go in through shelf's own `import` (an export document written to EXPORT), so the
# files are exactly what shelf writes.
#
# Usage: make-tracker-data.py DATA_DIR EXPORT SHOW_LIST [--shows 50] [--episodes 500]
#        [--marks 20000]
import argparse, datetime, json, os, random, time

parser = argparse.ArgumentParser()
parser.add_argument("data")
parser.add_argument("export")
parser.add_argument("show_list")
parser.add_argument("--shows", type=int, default=50)
parser.add_argument("--episodes", type=int, default=500)
parser.add_argument("--marks", type=int, default=20000)
args = parser.parse_args()

rng = random.Random(24)
summary = "<p>" + "A long summary of the episode, as TVmaze writes them. " * 6 + "</p>"
os.makedirs(os.path.join(args.data, "episodes"), exist_ok=True)
known = json.load(open(args.show_list))[: args.shows]
shows, watched = [], []
per_show = args.marks // args.shows
start = int(time.time()) - 2 * 365 * 86_400  # the last two years
for index, show in enumerate(known):
    show_id = show["id"]
    updated = show.get("updated")
    shows.append(show)
    episodes = []
    for number in range(args.episodes):
        episodes.append({
            "id": show_id * 10_000 + number, "name": f"Episode {number + 1}", "season": number // 20 + 1,
            "number": number % 20 + 1, "airdate": None, "airstamp": None, "runtime": 45,
            "summary": summary,
        })
    # Airdates as TVmaze writes them (airstamp in UTC), every three days from 2014.
    for number, episode in enumerate(episodes):
        when = datetime.datetime(2014, 1, 1, 21, tzinfo=datetime.timezone.utc) + datetime.timedelta(days=number * 3)
        episode["airdate"] = when.date().isoformat()
        episode["airstamp"] = when.isoformat()
    with open(os.path.join(args.data, "episodes", f"{show_id}.json"), "w") as out:
        json.dump({"updated": updated, "episodes": episodes}, out, sort_keys=True, separators=(",", ":"))
    marks = []
    for number in range(min(per_show, args.episodes)):
        at = start + rng.randrange(0, 2 * 365 * 86_400)
        marks.append({"id": show_id * 10_000 + number, "season": number // 20 + 1, "number": number % 20 + 1,
                      "watchedAt": datetime.datetime.fromtimestamp(at, datetime.timezone.utc).strftime("%Y-%m-%dT%H:%M:%SZ")})
    watched.append({"showId": show_id, "episodes": marks})
export = {"format": "shelf-export", "version": 1,
          "favorites": {"toys": [], "stories": [], "products": [], "shows": shows}, "watched": watched}
with open(args.export, "w") as out:
    json.dump(export, out)
