import Foundation
import ShelfCatalog
import ShelfDomain
import ShelfHTTP
import ShelfShell
import ShelfStore
import ShelfTV
import ShelfTerminal
import ShelfTestSupport
import XCTest

extension DocumentFuzzTests {
  // MARK: - Config file

  func testDamagedConfigFilesLoadOrNameTheirMistake() throws {
    let original = """
      # shelf's settings
      color = always
      images = blocks
      pager = less -R
      resume = yes

      tvmaze-url = http://127.0.0.1:9/api
      data-dir = ~/shelf-data
      """
    let damager = DocumentDamager(
      originals: [Data(original.utf8)],
      fragments: [
        "=", "\n", "\r\n", "#", " = ", "color", "\u{1B}]52;c;SGVsbG8=\u{07}", "\u{202E}", "\u{85}",
        "tvmaze-url = javascript:alert(1)\n", "data-dir = relative\n", "\u{0}", "\u{FEFF}",
        "images = sixel\n", String(repeating: "x", count: 5000),
      ].map { Data($0.utf8) } + [Data([0xFF, 0xC3]), Data(repeating: 0x41, count: 1 << 20)])
    let path = temporary.file("config").path
    var random = settings.generator(for: "config")
    var failures: [String] = []
    for index in 0..<settings.documents {
      let bytes = damager.damaged(using: &random)
      try bytes.put(to: URL(fileURLWithPath: path))
      do {
        let config = try ConfigFile.load(path: path)
        for (key, entry) in config?.entries ?? [:] where !ConfigFile.keys.contains(key) {
          failures.append("config #\(index): took unknown key \(key) = \(entry.value)")
        }
      } catch {
        if let problem = Self.problem(inMessage: "shelf: bad config file: \(error.description)") {
          failures.append("config #\(index): \(problem)")
        }
      }
      if failures.count >= 20 { break }
    }
    XCTAssertTrue(failures.isEmpty, report(failures))
  }

  // MARK: - Catalog

  func testDamagedCatalogFilesLoadOrNameFileAndLine() throws {
    // The first rows of each file: enough to reach every column, quick to load.
    let directory = temporary.file("catalog")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    for folder in ["stories", "images"] {
      try FileManager.default.copyItem(
        at: TestLibrary.catalogDirectory.appendingPathComponent(folder),
        to: directory.appendingPathComponent(folder))
    }
    var originals: [String: Data] = [:]
    for name in ["toys.tsv", "stories.tsv", "products.tsv"] {
      let text = try String(
        contentsOf: TestLibrary.catalogDirectory.appendingPathComponent(name), encoding: .utf8)
      let head = text.split(separator: "\n", omittingEmptySubsequences: false).prefix(12)
      originals[name] = Data((head.joined(separator: "\n") + "\n").utf8)
      try originals[name]?.write(to: directory.appendingPathComponent(name))
    }
    XCTAssertNoThrow(try CatalogLoader(directory: directory).load())
    let fragments =
      [
        "\t", "\n", "\r\n", "\r", "\"", "\t\t\t", "-1", "0", "99999999999999999999", "1.005",
        "$-0.00", "\u{1B}]52;c;SGVsbG8=\u{07}", "\u{9B}31m", "\u{202E}", "\u{0}", "\u{FEFF}",
        "Dolls/Evil", "../", "7-3", "3-", "id\tname\n", "1\tDup\tDolls\t3\t5\t9.99\tB\tD\n",
      ].map { Data($0.utf8) } + [Data([0xFF, 0xFE, 0xC0])]
    var random = settings.generator(for: "catalog")
    var failures: [String] = []
    for index in 0..<settings.documents {
      let name = random.pick(["toys.tsv", "stories.tsv", "products.tsv"])
      let damager = DocumentDamager(originals: [originals[name]!], fragments: fragments)
      let url = directory.appendingPathComponent(name)
      try damager.damaged(using: &random).put(to: url)
      do {
        _ = try CatalogLoader(directory: directory).load()
      } catch let error as CatalogError {
        if let problem = Self.problem(inMessage: "shelf: \(error.description)") {
          failures.append("\(name) #\(index): \(problem)")
        }
      } catch {
        failures.append("\(name) #\(index): unexpected error \(error)")
      }
      try originals[name]!.put(to: url)
      if failures.count >= 20 { break }
    }
    XCTAssertTrue(failures.isEmpty, report(failures))
  }

  // MARK: - Shows

  func testDamagedShowListsDecodeOrFail() throws {
    let original = try Data(
      contentsOf: TestLibrary.catalogDirectory.appendingPathComponent("shows.json"))
    let small = try JSONSerialization.data(
      withJSONObject: Array(
        (try JSONSerialization.jsonObject(with: original) as? [Any] ?? []).prefix(3)))
    let damager = DocumentDamager(
      originals: [small, Data((String(repeating: "[", count: 100_000)).utf8)],
      fragments: Self.jsonFragments)
    var random = settings.generator(for: "shows.json")
    for _ in 0..<settings.documents {
      // Any outcome but a crash: a list, or a decoding error the caller reports.
      _ = try? ShowList.decode(damager.damaged(using: &random))
    }
  }

  static let jsonFragments: [Data] =
    [
      "[", "]", "{", "}", ",", ":", "null", "true", "\"\"", "\"id\":", "\"id\": -1,",
      "\"id\": 1e400,", "\"name\": 5,", "\"name\": null,", "99999999999999999999999", "-0", "NaN",
      "\"\\u0000\"", "\"\\ud800\"", "\"\\u001b]52;c;x\\u0007\"", "\"\u{1B}\"", "\"\u{202E}\"",
      String(repeating: "[", count: 5000), String(repeating: "{\"a\":", count: 5000),
    ].map { Data($0.utf8) } + [Data([0xFF]), Data([0xC0, 0xAF]), Data([0xED, 0xA0, 0x80])]

  func testDamagedShowStoresAreRebuiltOrReportAnError() throws {
    // A store made from a small snapshot: each rebuild after damage is quick.
    let original = try Data(
      contentsOf: TestLibrary.catalogDirectory.appendingPathComponent("shows.json"))
    let snapshot = temporary.file("shows.json")
    try JSONSerialization.data(
      withJSONObject: Array(
        (try JSONSerialization.jsonObject(with: original) as? [Any] ?? []).prefix(3))
    ).write(to: snapshot)
    let storeURL = temporary.file("store/shows.sqlite")
    let client = TVMazeClient(
      baseURL: URL(string: "http://127.0.0.1:9")!, transport: URLSessionTransport(), timeout: 1)
    func library() -> ShowLibrary {
      ShowLibrary(storeURL: storeURL, snapshotURL: snapshot, client: client)
    }
    XCTAssertEqual(try library().count(), 3)
    let store = try Data(contentsOf: storeURL)
    let damager = DocumentDamager(
      originals: [store],
      fragments: [
        Data(repeating: 0, count: 4096), Data(repeating: 0xFF, count: 512),
        Data("SQLite format 3\u{0}".utf8), Data([0x0D, 0x00, 0x00, 0xFF, 0xFF]),
      ])
    var random = settings.generator(for: "shows.sqlite")
    var failures: [String] = []
    for index in 0..<settings.documents {
      try damager.damaged(using: &random).put(to: storeURL)
      for suffix in ["-wal", "-shm"] {
        try? FileManager.default.removeItem(atPath: storeURL.path + suffix)
      }
      let shows = library()
      for (what, use) in [
        ("count", { _ = try shows.count() }), ("show", { _ = try shows.show(id: 1) }),
        ("rows", { _ = try shows.rows(afterID: 0, limit: 10) }),
        ("find", { _ = try shows.find("the") }),
      ] as [(String, () throws -> Void)] {
        do {
          try use()
        } catch let error as TVCacheError {
          if let problem = Self.problem(inMessage: "shelf: \(error.description)") {
            failures.append("store #\(index) \(what): \(problem)")
          }
        } catch {
          failures.append("store #\(index) \(what): unexpected error \(error)")
        }
      }
      for warning in shows.takeWarnings() {
        if let problem = Self.problem(inMessage: warning) {
          failures.append("store #\(index): warning \(problem)")
        }
      }
      if failures.count >= 20 { break }
    }
    XCTAssertTrue(failures.isEmpty, report(failures))
  }

  // MARK: - Export files

  func testDamagedExportsAreRefusedWithAReasonOrImported() throws {
    let seed = UserData(directory: temporary.file("seed"))
    try seed.openProfiles()
    try seed.favorites.add(ItemID(.toy, 1))
    try seed.favorites.add(ItemID(.show, 1), show: try Self.shows()[0])
    try seed.cart.file.update { $0.lines = [CartLine(kind: .toy, id: 2, quantity: 3)] }
    _ = try seed.watched.mark(show: 1, episodes: [WatchedEpisode(id: 7, season: 1, number: 2)])
    let export = try UserDataTransfer.text(of: UserDataTransfer(data: seed).export(.all))
    let damager = DocumentDamager(
      originals: [Data(export.utf8)], fragments: Self.jsonFragments)
    let target = UserData(directory: temporary.file("target"))
    try target.openProfiles()
    var random = settings.generator(for: "export")
    var failures: [String] = []
    var imported = 0
    for index in 0..<settings.documents {
      let decoded: UserDataExport
      do {
        decoded = try UserDataTransfer.decode(damager.damaged(using: &random))
      } catch let error as ImportError {
        if let problem = Self.problem(inMessage: "import: \(error.reason)") {
          failures.append("export #\(index): \(problem)")
        }
        continue
      } catch {
        failures.append("export #\(index): unexpected error \(error)")
        continue
      }
      // One in ten accepted files is imported for real (each import is flushed to disk).
      guard imported % 10 == 0 || index < 10 else {
        imported += 1
        continue
      }
      imported += 1
      do {
        _ = try UserDataTransfer(data: target).importing(decoded) { "item \($0)" }
      } catch {
        if let problem = Self.problem(inMessage: "\(error)") {
          failures.append("export #\(index): import failed: \(problem)")
        }
      }
      let reread = UserData(directory: target.directory)
      try reread.openProfiles()
      for read in [
        { _ = try reread.favorites.read() }, { _ = try reread.cart.read() },
        { _ = try reread.watched.read() },
      ] as [() throws -> Void] {
        do { try read() } catch { failures.append("export #\(index): unreadable after: \(error)") }
      }
      failures += reread.takeWarnings().map { "export #\(index): after import: \($0)" }
      if failures.count >= 20 { break }
    }
    XCTAssertTrue(failures.isEmpty, report(failures))
  }
}
