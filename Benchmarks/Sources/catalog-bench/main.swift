// catalog-bench: in-process latency of Tab completion and find on a loaded catalog.
//
//     catalog-bench --catalog DIR --category NAME --label 100k [--iterations N]
//                   [--index-cache DIR]
//
// With --index-cache, the toys are read from their index file in DIR (built first when
// missing), as a new process reads them, instead of from toys.tsv.
// Prints `figure<TAB>value<TAB>floor<TAB>ratio` lines (times in ms) for tools/bench. Each
// p99 is compared with a floor measured in the same run: the same question answered by a
// plain loop over keys folded in advance (no index), which is what an index must beat.
import Foundation
import ShelfCatalog
import ShelfSearch
import ShelfShell
import ShelfStore
import ShelfTV

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

struct Options {
  var catalog = ""
  var category = "Bulk"
  var label = ""
  var iterations = 300
  var indexCache: String?

  init(_ arguments: [String]) {
    var index = 1
    while index + 1 < arguments.count {
      let value = arguments[index + 1]
      switch arguments[index] {
      case "--catalog": catalog = value
      case "--category": category = value
      case "--label": label = value
      case "--iterations": iterations = Int(value) ?? iterations
      case "--index-cache": indexCache = value
      default: break
      }
      index += 2
    }
  }
}

struct NoQuestions: Asking {
  func ask(_ question: Question) -> String? { nil }
}

struct NoBrowser: URLOpening {
  func open(_ url: String) throws {}
}

/// Milliseconds taken by `body`.
func milliseconds(_ body: () throws -> Void) rethrows -> Double {
  let start = DispatchTime.now().uptimeNanoseconds
  try body()
  return Double(DispatchTime.now().uptimeNanoseconds - start) / 1e6
}

/// Milliseconds of CPU time this thread spent in `body`: unlike wall time, not inflated when
/// other processes share the cores.
func cpuMilliseconds(_ body: () -> Void) -> Double {
  var start = timespec()
  var end = timespec()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &start)
  body()
  clock_gettime(CLOCK_THREAD_CPUTIME_ID, &end)
  return Double(end.tv_sec - start.tv_sec) * 1e3 + Double(end.tv_nsec - start.tv_nsec) / 1e6
}

/// The 99th percentile of `iterations` runs of `body(i)`: wall time, and CPU time.
func p99(_ iterations: Int, _ body: (Int) -> Void) -> (wall: Double, cpu: Double) {
  var walls: [Double] = []
  var cpus: [Double] = []
  for index in 0..<iterations {
    var cpu = 0.0
    walls.append(milliseconds { cpu = cpuMilliseconds { body(index) } })
    cpus.append(cpu)
  }
  walls.sort()
  cpus.sort()
  let rank = Int(Double(iterations - 1) * 0.99)
  return (walls[rank], cpus[rank])
}

func line(_ figure: String, _ value: Double, _ floor: Double?) {
  let floorText = floor.map { String(format: "%.3f ms", $0) } ?? "-"
  let ratio = floor.map { $0 > 0 ? String(format: "%.2fx", value / $0) : "-" } ?? "-"
  print("\(figure)\t\(String(format: "%.3f ms", value))\t\(floorText)\t\(ratio)")
}

let options = Options(CommandLine.arguments)
guard !options.catalog.isEmpty else {
  FileHandle.standardError.write(
    "usage: catalog-bench --catalog DIR [--label L]\n".data(using: .utf8)!)
  exit(2)
}
let scratch = FileManager.default.temporaryDirectory.appendingPathComponent(
  "catalog-bench-\(getpid())")
try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
defer { try? FileManager.default.removeItem(at: scratch) }

let directory = URL(fileURLWithPath: options.catalog)
let indexStore = options.indexCache.map {
  CatalogIndexStore(directory: URL(fileURLWithPath: $0), settleTime: 0)
}
if indexStore != nil { _ = try CatalogLoader(directory: directory, indexStore: indexStore).load() }
let catalog = try CatalogLoader(directory: directory, indexStore: indexStore).load()
let toys = catalog.toys(inCategory: options.category)
guard !toys.isEmpty else {
  FileHandle.standardError.write(Data("no toys in category \(options.category)\n".utf8))
  exit(1)
}
let userData = UserData(directory: scratch.appendingPathComponent("data"))
let client = TVMazeClient(
  baseURL: URL(string: "http://127.0.0.1:9")!, transport: ProcessTransport.besideExecutable())
let library = Library(
  catalog: catalog,
  shows: ShowLibrary(
    storeURL: scratch.appendingPathComponent("cache/shows.sqlite"),
    snapshotURL: directory.appendingPathComponent("shows.json"), client: client),
  client: client,
  posters: PosterCache(directory: scratch.appendingPathComponent("cache"), client: client),
  userData: userData)
let session = Session(
  library: library, options: SessionOptions(interactive: false, remembersPosition: false),
  asker: NoQuestions(), opener: NoBrowser())
_ = session.execute("cd /toys/\(options.category)")

// Deterministic samples: ids and names spread over the list.
let count = toys.count
let samples = (0..<options.iterations).map { toys[($0 * 7919 + 17) % count] }
let idPrefixes = samples.map { String(String($0.id).prefix(4)) }
let namePrefixes = samples.map { toy -> String in
  let words = toy.name.split(separator: " ")
  return words.count > 1 ? "\(words[0]) \(words[1].prefix(2))" : String(toy.name.prefix(5))
}
let nameWords = samples.map { $0.name.split(separator: " ").map(String.init) }
let queries = (0..<options.iterations).map { index -> String in
  let words = nameWords[index]
  switch index % 4 {
  case 0: return words.last ?? "bear"  // an exact word
  case 1: return String((words.first ?? "bear").prefix(4))  // a word prefix
  case 2: return words.count > 1 ? "\(words[0]) \(words[1])" : words[0]  // two words
  default:  // a typo: two neighbouring letters swapped
    var letters = Array((words.last ?? "bear").lowercased())
    if letters.count >= 4 { letters.swapAt(1, 2) }
    return String(letters)
  }
}

let label = options.label.isEmpty ? "\(count)" : options.label

// First use builds the indexes: reported on their own.
var firstCandidates = 0
let firstTab = milliseconds {
  let text = "open " + Tokenizer.escape(namePrefixes[0])
  firstCandidates = session.complete(text, cursor: text.count).candidates.count
}
if firstCandidates == 0 {
  FileHandle.standardError.write(Data("catalog-bench: Tab found nothing, check the setup\n".utf8))
  exit(1)
}
let firstFind = milliseconds { _ = catalog.searchToys(queries[0]) }
line("\(label): first Tab (builds the completion index)", firstTab, nil)
line("\(label): first find (builds the word index)", firstFind, nil)

// Floors: the same answers from a plain loop over keys folded in advance.
let idTexts = toys.map { String($0.id) }
let nameKeys = toys.map { SearchKey.name($0.name) }
let foldedFields = catalog.toys.map {
  [$0.name, $0.brand, $0.description, $0.category].map(SearchKey.fold)
}
let idFloor = p99(options.iterations) { index in
  _ = idTexts.indices.filter { idTexts[$0].hasPrefix(idPrefixes[index]) }
}
let nameFloor = p99(options.iterations) { index in
  let key = SearchKey.name(namePrefixes[index])
  _ = nameKeys.indices.filter { nameKeys[$0].hasPrefix(key) }
}
let findFloor = p99(min(options.iterations, count >= 1_000_000 ? 5 : 20)) { index in
  let terms = SearchKey.fold(queries[index]).split(separator: " ").map(String.init)
  _ = foldedFields.indices.filter { item in
    terms.allSatisfy { term in foldedFields[item].contains { $0.contains(term) } }
  }
}

let tabID = p99(options.iterations) { index in
  let text = "open \(idPrefixes[index])"
  _ = session.complete(text, cursor: text.count)
}
let tabName = p99(options.iterations) { index in
  let text = "open " + Tokenizer.escape(namePrefixes[index])
  _ = session.complete(text, cursor: text.count)
}
let find = p99(options.iterations) { index in
  _ = catalog.searchToys(queries[index])
}
if ProcessInfo.processInfo.environment["CATALOG_BENCH_SLOWEST"] != nil {
  // Which queries make the p99: each find timed alone, the slowest three named on stderr.
  let timed = queries.map { query in
    (query, milliseconds { _ = catalog.searchToys(query) }, catalog.searchToys(query).count)
  }
  for (query, time, count) in timed.sorted(by: { $0.1 > $1.1 }).prefix(3) {
    FileHandle.standardError.write(Data("slowest find: \(query) \(time) ms, \(count) found\n".utf8))
  }
}
let findCommand = p99(options.iterations) { index in
  _ = session.execute("find \(queries[index]) --limit 20")
}
typealias Timing = (wall: Double, cpu: Double)
let clocks: [(String, (Timing) -> Double)] = [("wall", { $0.wall }), ("CPU", { $0.cpu })]
for (clock, pick) in clocks {
  line("\(label): Tab on an id prefix, p99 \(clock)", pick(tabID), pick(idFloor))
  line(
    "\(label): Tab on a name prefix, p99 \(clock)", pick(tabName),
    pick(nameFloor))
  line(
    "\(label): find TEXT (ranked matches), p99 \(clock)", pick(find),
    pick(findFloor))
  line(
    "\(label): find TEXT --limit 20 (whole command), p99 \(clock)", pick(findCommand),
    pick(findFloor))
}
