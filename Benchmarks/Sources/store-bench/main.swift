import Foundation
import ShelfDomain
import ShelfFiles
import ShelfStore

// Each mutation a user makes (fav, unfav, buy, qty, rm, a watched mark, the position saved by
// cd) against a durable atomic write of the same file's bytes, measured alternately in the same
// run, at 10, 1,000 and 5,000 entries. Prints `figure<TAB>value<TAB>floor<TAB>ratio` with
// medians in milliseconds.

/// Milliseconds taken by `body`.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1_000_000
}

func median(_ values: [Double]) -> Double {
  let sorted = values.sorted()
  return sorted[sorted.count / 2]
}

struct Figure {
  let name: String
  var times: [Double] = []
  var floors: [Double] = []

  func line() -> String {
    let value = median(times)
    let floor = median(floors)
    return [
      name, String(format: "%.3f", value), String(format: "%.3f", floor),
      String(format: "%.2f", value / floor),
    ].joined(separator: "\t")
  }
}

/// Runs `mutation` `runs` times, each after an untimed `reset`; after each, writes the bytes
/// the mutation left in `file` durably to a file beside it, and times that as the floor.
func measure(
  _ name: String, file: URL, runs: Int, reset: (Int) throws -> Void = { _ in },
  _ mutation: (Int) throws -> Void
) throws -> Figure {
  var figure = Figure(name: name)
  let floorURL = file.deletingLastPathComponent().appendingPathComponent("floor.plist")
  for run in 0..<runs {
    try reset(run)
    figure.times.append(try milliseconds { try mutation(run) })
    let bytes = try Data(contentsOf: file)
    figure.floors.append(try milliseconds { try DurableFile.write(bytes, to: floorURL) })
  }
  return figure
}

func show(_ id: Int) -> Show {
  var show = Show(id: id, name: "Show number \(id)")
  show.url = "https://www.tvmaze.com/shows/\(id)/show-number-\(id)"
  show.genres = ["Drama", "Science-Fiction"]
  show.status = "Ended"
  show.premiered = "2013-06-24"
  show.summary = "<p>A show about the number \(id), in which nothing much happens.</p>"
  return show
}

let root = FileManager.default.temporaryDirectory
  .appendingPathComponent("store-bench-\(getpid())")
defer { try? FileManager.default.removeItem(at: root) }
let arguments = CommandLine.arguments.dropFirst().compactMap(Int.init)
let sizes = arguments.isEmpty ? [10, 1_000, 5_000] : arguments

print(["figure", "value_ms", "floor_ms", "ratio"].joined(separator: "\t"))
for size in sizes {
  let directory = root.appendingPathComponent("\(size)")
  let data = UserData(directory: directory)
  let runs = size >= 1_000 ? 101 : 301
  // The state: `size` favourite shows (kept with their data) and `size` cart lines.
  try data.favorites.file.update { favorites in
    for id in 1...size { _ = favorites.add(ItemID(.show, id), show: show(id)) }
  }
  try data.cart.file.update { cart in
    for id in 1...size { cart.lines.append(CartLine(kind: .toy, id: id, quantity: 1)) }
  }
  let toy = ItemID(.toy, 1_000_000)
  var figures: [Figure] = []
  figures.append(
    try measure(
      "fav \(size)", file: data.favorites.url, runs: runs,
      reset: { _ in try data.favorites.remove(toy) }
    ) { _ in try data.favorites.add(toy) })
  figures.append(
    try measure(
      "unfav \(size)", file: data.favorites.url, runs: runs,
      reset: { _ in try data.favorites.add(toy) }
    ) { _ in try data.favorites.remove(toy) })
  figures.append(
    try measure("buy \(size)", file: data.cart.url, runs: runs) { _ in
      try data.cart.add(ItemID(.toy, size / 2 + 1), quantity: 1)
    })
  figures.append(
    try measure("qty \(size)", file: data.cart.url, runs: runs) { run in
      try data.cart.setQuantity(ItemID(.toy, 1), run % 2 + 1)
    })
  figures.append(
    try measure(
      "rm \(size)", file: data.cart.url, runs: runs,
      reset: { _ in try data.cart.add(ItemID(.toy, 0), quantity: 1) }
    ) { _ in try data.cart.remove(ItemID(.toy, 0)) })
  // `size` watched marks over ten shows, then one episode marked and its mark taken back.
  try data.watched.file.update { watched in
    for show in 1...10 {
      let marks = (0..<max(1, size / 10)).map { WatchedEpisode(id: show * 100_000 + $0) }
      _ = watched.mark(show: show, episodes: marks)
    }
  }
  let episode = WatchedEpisode(id: 99_999_999, season: 1, number: 1)
  figures.append(
    try measure(
      "watched \(size)", file: data.watched.url, runs: runs,
      reset: { _ in try data.watched.unmark(show: 1, episodes: [episode.id]) }
    ) { _ in try data.watched.mark(show: 1, episodes: [episode]) })
  let paths = ["/toys/Dolls", "/stories"]
  figures.append(
    try measure("cd \(size)", file: data.preferences.url, runs: runs) { run in
      try data.preferences.update { $0.lastPath = paths[run % 2] }
    })
  for figure in figures { print(figure.line()) }
}

// A household of 10 people with 1,000 favourites each: a favourite toggled by the active one
// costs what it costs with one person (the other nine files are never read), and opening the
// household at start reads one small file more.
do {
  let directory = root.appendingPathComponent("household")
  let household = UserData(directory: directory)
  try household.openProfiles()
  for number in 1...9 {
    guard let name = ProfileName("child\(number)") else { continue }
    try household.household.add(name, born: BirthMonth(year: 2018, month: number))
  }
  for person in try household.household.read().profiles {
    try household.person(for: person).favorites.file.update { favorites in
      for id in 1...1_000 { _ = favorites.add(ItemID(.show, id), show: show(id)) }
    }
  }
  let toy = ItemID(.toy, 1_000_000)
  var figures: [Figure] = []
  figures.append(
    try measure(
      "fav 1000 (10 profiles)", file: household.favorites.url, runs: 101,
      reset: { _ in try household.favorites.remove(toy) }
    ) { _ in try household.favorites.add(toy) })
  figures.append(
    try measure(
      "unfav 1000 (10 profiles)", file: household.favorites.url, runs: 101,
      reset: { _ in try household.favorites.add(toy) }
    ) { _ in try household.favorites.remove(toy) })
  // Opening as a start does (the household, then the active person's favourites), against
  // reading that one favourites file alone.
  var opening = Figure(name: "open 1000 (10 profiles)")
  for _ in 0..<101 {
    opening.times.append(
      try milliseconds {
        let fresh = UserData(directory: directory)
        fresh.removeStaleTemporaries()
        try fresh.openProfiles()
        _ = try fresh.favorites.read()
      })
    opening.floors.append(
      try milliseconds {
        _ = try PropertyListFile<FavoritesDocument>(url: household.favorites.url).read()
      })
  }
  figures.append(opening)
  for figure in figures { print(figure.line()) }
}
