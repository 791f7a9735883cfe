#!/usr/bin/env python3
"""A stand-in for the TVmaze API on 127.0.0.1, written for the shelf project's benchmark.

Serves PAGES generated pages of TVmaze's show index (page N holds ids 250*N .. 250*N+249, id 0
does not exist), shaped like the real captures in shared/data/tvmaze: GET /shows?page=N,
GET /shows/ID (and ?embed=episodes), GET /shows/ID/episodes, GET /updates/shows?since=day|week|
month, GET /lookup/shows?thetvdb=N|imdb=ID (a 301 to the show, as TVmaze answers), and 404 past
the end. Shows and their episodes (3 seasons of 10) are made up from the id, so every answer is
the same on every run; a show's TheTVDB id is its id + 70000, its IMDb id tt(1000000 + id).

    tools/shows-stand-in-server.py [--pages 340] [--port-file FILE] [--write-list FILE]

It listens on a free port and writes the port to --port-file (or stdout). --write-list FILE
writes the whole list as one JSON array (the format of an old <data dir>/shows.json) and
exits, without serving.
"""
import argparse
import functools
import json
import random
import sys
from http.server import BaseHTTPRequestHandler, ThreadingHTTPServer
from urllib.parse import parse_qs, urlparse

PAGE_SIZE = 250
WORDS = (
    "silent river harbour falcon winter garden echo summit lantern crown meadow signal orbit "
    "ember atlas quartz shadow city night house doctor detective family island road star "
    "kingdom secret empire hunter storm legacy frontier mystery bridge street station ocean "
    "valley tower north south east west golden broken hidden last first wild dark bright lost"
).split()
GENRES = ["Drama", "Comedy", "Science-Fiction", "Thriller", "Crime", "Romance", "Horror",
          "Family", "Action", "Adventure", "Mystery", "Fantasy", "History", "Medical", "Legal"]
NETWORKS = [("CBS", "US"), ("BBC One", "GB"), ("NBC", "US"), ("ABC", "US"), ("ZDF", "DE"),
            ("Canal+", "FR"), ("HBO", "US"), ("CBC", "CA")]
SUMMARY = (
    "follows an unlikely group through a season of change in a town where nothing stays "
    "buried for long while old friends return with new secrets and the past keeps calling"
).split()


@functools.lru_cache(maxsize=4096)
def show(show_id):
    rng = random.Random(show_id)
    name = " ".join(w.capitalize() for w in rng.sample(WORDS, rng.choice((1, 2, 2, 3))))
    if rng.random() < 0.3:
        name += f" {show_id}"
    network, country = rng.choice(NETWORKS)
    summary_words = [rng.choice(SUMMARY + WORDS) for _ in range(rng.randint(30, 70))]
    return {
        "id": show_id,
        "url": f"https://www.tvmaze.com/shows/{show_id}/{name.lower().replace(' ', '-')}",
        "name": name,
        "type": rng.choice(["Scripted", "Reality", "Documentary", "Animation"]),
        "language": rng.choice(["English", "English", "German", "French"]),
        "genres": rng.sample(GENRES, rng.randint(0, 3)),
        "status": rng.choice(["Ended", "Running", "To Be Determined"]),
        "runtime": rng.choice([30, 60, None]),
        "averageRuntime": rng.choice([30, 60]),
        "premiered": f"{rng.randint(1960, 2025)}-0{rng.randint(1, 9)}-1{rng.randint(0, 9)}",
        "ended": None,
        "officialSite": None if rng.random() < 0.5 else f"https://example.com/shows/{show_id}",
        "schedule": {"time": "21:00", "days": [rng.choice(["Monday", "Thursday", "Sunday"])]},
        "rating": {"average": None if rng.random() < 0.2 else round(rng.uniform(4, 9.5), 1)},
        "weight": rng.randint(0, 100),
        "network": {"id": NETWORKS.index((network, country)) + 1, "name": network,
                    "country": {"name": country, "code": country, "timezone": "UTC"}},
        "webChannel": None,
        "dvdCountry": None,
        "externals": {"tvrage": None, "thetvdb": show_id + 70000,
                      "imdb": f"tt{1000000 + show_id}"},
        "image": {
            "medium": f"https://static.tvmaze.com/uploads/images/medium_portrait/{show_id % 500}/{show_id}.jpg",
            "original": f"https://static.tvmaze.com/uploads/images/original_untouched/{show_id % 500}/{show_id}.jpg",
        },
        "summary": f"<p><b>{name}</b> " + " ".join(summary_words) + ".</p>",
        "updated": 1_700_000_000 + show_id,
        "_links": {"self": {"href": f"https://api.tvmaze.com/shows/{show_id}"}},
    }


@functools.lru_cache(maxsize=4096)
def episodes(show_id):
    return [{"id": show_id * 100 + n, "name": f"Episode {n + 1}", "season": n // 10 + 1,
             "number": n % 10 + 1, "type": "regular", "airdate": "2020-01-01",
             "airtime": "21:00", "airstamp": "2020-01-02T02:00:00+00:00", "runtime": 30,
             "rating": {"average": None}, "summary": None}
            for n in range(30)]


def page(number, pages):
    if number < 0 or number >= pages:
        return None
    return [show(i) for i in range(number * PAGE_SIZE, (number + 1) * PAGE_SIZE) if i > 0]


class Handler(BaseHTTPRequestHandler):
    protocol_version = "HTTP/1.1"
    # Headers and body are two writes: without this, Nagle's algorithm holds the body back
    # for the client's delayed ACK, some 40 ms a request on a kept-alive connection.
    disable_nagle_algorithm = True
    pages = 340

    def log_message(self, *args):
        pass

    def answer(self, status, body):
        data = json.dumps(body, separators=(",", ":")).encode()
        self.send_response(status)
        self.send_header("Content-Type", "application/json")
        self.send_header("Content-Length", str(len(data)))
        self.end_headers()
        self.wfile.write(data)

    def do_GET(self):
        url = urlparse(self.path)
        query = parse_qs(url.query)
        parts = url.path.strip("/").split("/")
        if parts == ["shows"] and "page" in query and query["page"][0].isdigit():
            body = page(int(query["page"][0]), self.pages)
            return self.answer(200, body) if body else self.answer(404, {"status": 404})
        if len(parts) >= 2 and parts[0] == "shows" and parts[1].isdigit():
            show_id = int(parts[1])
            if not 0 < show_id < self.pages * PAGE_SIZE:
                return self.answer(404, {"status": 404})
            if parts[2:] == ["episodes"]:
                return self.answer(200, episodes(show_id))
            body = show(show_id)
            if query.get("embed") == ["episodes"]:
                body = dict(body, _embedded={"episodes": episodes(show_id)})
            return self.answer(200, body)
        if parts == ["lookup", "shows"]:
            show_id = 0
            if query.get("thetvdb", [""])[0].isdigit():
                show_id = int(query["thetvdb"][0]) - 70000
            elif query.get("imdb", [""])[0][2:].isdigit():
                show_id = int(query["imdb"][0][2:]) - 1000000
            if not 0 < show_id < self.pages * PAGE_SIZE:
                return self.answer(404, {"status": 404})
            self.send_response(301)
            self.send_header("Location", f"http://{self.headers['Host']}/shows/{show_id}")
            self.send_header("Content-Length", "0")
            self.end_headers()
            return None
        if parts == ["updates", "shows"]:
            return self.answer(200, {})
        self.answer(404, {"status": 404})


def main():
    parser = argparse.ArgumentParser()
    parser.add_argument("--pages", type=int, default=340)
    parser.add_argument("--port-file")
    parser.add_argument("--write-list")
    arguments = parser.parse_args()
    if arguments.write_list:
        with open(arguments.write_list, "w") as out:
            out.write("[")
            first = True
            for number in range(arguments.pages):
                for item in page(number, arguments.pages):
                    out.write(("" if first else ",") + json.dumps(item, separators=(",", ":")))
                    first = False
            out.write("]")
        return
    Handler.pages = arguments.pages
    server = ThreadingHTTPServer(("127.0.0.1", 0), Handler)
    port = str(server.server_address[1])
    if arguments.port_file:
        with open(arguments.port_file + ".tmp", "w") as out:
            out.write(port)
        import os
        os.rename(arguments.port_file + ".tmp", arguments.port_file)
    else:
        print(port, flush=True)
    server.serve_forever()


if __name__ == "__main__":
    sys.exit(main())
