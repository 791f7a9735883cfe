// catalog-bench: in-process latency of Tab completion and find on a loaded catalog.
//
//     catalog-bench --catalog DIR --category NAME --label 100k [--iterations N]
//
// Prints `figure<TAB>value<TAB>floor<TAB>ratio` lines (times in ms) for tools/bench. Each
// p99 is compared with a floor measured in the same run: the same question answered by a
// plain loop over keys folded in advance (no index), which is what an index must beat.
import Foundation
import ShelfCatalog
import ShelfShell
import ShelfStore
import ShelfTV

struct Options {
  var catalog = ""
  var category = "Bulk"
  var label = ""
  var iterations = 300

  init(_ arguments: [String]) {
    var index = 1
    while index + 1 < arguments.count {
      let value = arguments[index + 1]
      switch arguments[index] {
      case "--catalog": catalog = value
      case "--category": category = value
      case "--label": label = value
      case "--iterations": iterations = Int(value) ?? iterations
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

/// The 99th percentile of `iterations` runs of `body(i)`.
func p99(_ iterations: Int, _ body: (Int) -> Void) -> Double {
  var times = (0..<iterations).map { index in milliseconds { body(index) } }
  times.sort()
  return times[Int(Double(times.count - 1) * 0.99)]
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
let catalog = try CatalogLoader(directory: directory).load()
let toys = catalog.toys(inCategory: options.category)
guard !toys.isEmpty else {
  FileHandle.standardError.write("no toys in category \(options.category)\n".data(using: .utf8)!)
  exit(1)
}
let userData = UserData(directory: scratch.appendingPathComponent("data"))
let client = TVMazeClient(
  baseURL: URL(string: "http://127.0.0.1:9")!, transport: ProcessTransport.besideExecutable())
let library = Library(
  catalog: catalog,
  shows: ShowLibrary(
    snapshotURL: directory.appendingPathComponent("shows.json"),
    localCopyURL: userData.showListURL, client: client),
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
let firstTab = milliseconds {
  let text = "open " + Tokenizer.escape(namePrefixes[0])
  _ = session.complete(text, cursor: text.count)
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
let findFloor = p99(min(options.iterations, 20)) { index in
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
let findCommand = p99(options.iterations) { index in
  _ = session.execute("find \(queries[index]) --limit 20")
}
line("\(label): Tab on an id prefix, p99", tabID, idFloor)
line("\(label): Tab on a name prefix, p99", tabName, nameFloor)
line("\(label): find TEXT (ranked matches), p99", find, findFloor)
line("\(label): find TEXT --limit 20 (whole command), p99", findCommand, findFloor)
