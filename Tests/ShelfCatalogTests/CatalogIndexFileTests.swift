import Foundation
import ShelfTestSupport
import XCTest

@testable import ShelfCatalog
@testable import ShelfSearch
@testable import ShelfStorage

/// The toys' index file in the cache: a catalog read from it answers exactly as one read from
/// `toys.tsv`, and a file that is damaged, short, of another version or of another catalog is
/// never believed.
final class CatalogIndexFileTests: TemporaryDirectoryTestCase {
  private var catalogDirectory: URL { temporary.url.appendingPathComponent("catalog") }
  private var cacheDirectory: URL { temporary.url.appendingPathComponent("cache/shelf") }
  private var store: CatalogIndexStore {
    CatalogIndexStore(directory: cacheDirectory, settleTime: 0)
  }
  private var indexURL: URL { store.fileURL(forCatalog: catalogDirectory) }

  private static let header = "id\tname\tcategory\tminAge\tmaxAge\tprice\tbrand\tdescription"

  /// A catalog of `count` toys over a few categories, with repeated and accented words, ids
  /// out of order and prices and ages that tie.
  private func writeToys(count: Int = 1000, seed: UInt64 = 7, in directory: URL? = nil) throws {
    var random = SplitMix64(seed: seed)
    let first = ["Amber", "Brave", "Curious", "Étoile", "Jolly", "Misty", "Zesty", "façade"]
    let second = ["Lantern", "Maple", "Otter", "Rocket", "Lanterns", "Dragon", "Kite", "Wagon"]
    let categories = ["Dolls", "Puzzles", "Building Blocks", "Music", "Outdoor"]
    var lines = ["# test toys", Self.header]
    for index in 0..<count {
      let id = index % 2 == 0 ? index + 1 : count * 2 - index
      let name = "\(random.pick(first)) \(random.pick(second)) \(index % 97)"
      let minimum = Int.random(in: 0...6, using: &random)
      let maximum = minimum + Int.random(in: 0...5, using: &random)
      let price = "\(Int.random(in: 1...40, using: &random)).\(random.pick(["00", "50", "99"]))"
      let description =
        "A \(random.pick(second).lowercased()) of \(random.pick(first)) number \(id)"
      lines.append(
        [
          String(id), name, random.pick(categories), String(minimum), String(maximum), price,
          random.pick(["Maple Hollow", "Brightbox"]), description,
        ].joined(separator: "\t"))
    }
    let url = (directory ?? catalogDirectory).appendingPathComponent("toys.tsv")
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try Data((lines.joined(separator: "\n") + "\n").utf8).write(to: url)
  }

  private func load(indexed: Bool = true, directory: URL? = nil) throws -> Catalog {
    try CatalogLoader(
      directory: directory ?? catalogDirectory, indexStore: indexed ? store : nil
    ).load()
  }

  /// What a user can ask of the toys: finds of each kind, lookups by id, every category in
  /// every order with and without a price window and a limit, and Tab on ids and names.
  private static func answers(_ catalog: Catalog) -> [String] {
    var lines: [String] = []
    for text in ["lantern", "lant", "antern", "lantren", "maple otter", "etoile", "12", "zzz", ""] {
      let found = catalog.searchToys(text).map { "\(catalog.toys[$0.position].id):\($0.tier)" }
      lines.append("find \(text): \(found.joined(separator: " "))")
    }
    let young = catalog.searchToys("rocket") { $0.ages.minimum < 2 }
    lines.append("young rockets: \(young.map { catalog.toys[$0.position].id })")
    for id in [1, 2, 3, 5999, 4242, 0, 100_000] {
      lines.append("toy \(id): \(String(describing: catalog.toy(id: id)))")
    }
    for category in catalog.toyCategories + ["Nowhere"] {
      for sort in [nil] + CatalogSort.allCases {
        for price in [nil, PriceRange(parsing: "5-12.50")] {
          for limit in [nil, 1, 7] {
            let options = ListOptions(sort: sort, limit: limit, price: price)
            let ids = catalog.toys(inCategory: category, arrangedBy: options).map(\.id)
            lines.append("ls \(category) \(options): \(ids)")
          }
        }
      }
      // What a listing prints of each toy, read from the columns.
      let list = catalog.toys(inCategory: category)
      let fields = catalog.toyListFields(list)
      let printed = (0..<fields.count).map { index in
        let name = fields.withName(index) { String(decoding: $0, as: UTF8.self) }
        let ages = fields.ages(index)
        return "\(fields.id(index)) \(name) \(ages.minimum)-\(ages.maximum) \(fields.price(index))"
      }
      lines.append("listed \(category): \(printed.joined(separator: ", "))")
      XCTAssertTrue(
        printed == list.map { "\($0.id) \($0.name) \($0.ages) \($0.price)" }, "\(category)")
      let completion = catalog.completionIndex(forToysIn: category)
      for prefix in ["1", "59", "amber l", "etoile", "z"] {
        lines.append("tab \(category) \(prefix): \(completion.positions(idPrefix: prefix))")
        lines.append(
          "tab \(category) \(prefix): \(completion.positions(nameKeyPrefix: SearchKey.name(prefix)))"
        )
      }
    }
    return lines
  }

  func testTheIndexFileAnswersAsTheCatalogReadInMemory() throws {
    try writeToys()
    let expected = Self.answers(try load(indexed: false))
    let built = try load()
    XCTAssertTrue(built.toysAreMapped, "written index by index, then read back as mapped")
    XCTAssertEqual(Self.answers(built), expected)
    let mapped = try load()
    XCTAssertTrue(mapped.toysAreMapped)
    XCTAssertEqual(Self.answers(mapped), expected)
  }

  func testSortedListsAreTheListsSortedInFull() throws {
    try writeToys(count: 1500, seed: 11)
    for catalog in [try load(indexed: false), try load(), try load()] {
      for category in catalog.toyCategories {
        for sort in CatalogSort.allCases {
          for price in [nil, PriceRange(parsing: "3-20")] {
            let options = ListOptions(sort: sort, limit: 50, price: price)
            let list = catalog.toys(inCategory: category)
            XCTAssertEqual(
              catalog.toys(inCategory: category, arrangedBy: options).map(\.id),
              options.apply(list, name: \.name, price: \.price, ages: \.ages).map(\.id),
              "\(category) \(options)")
          }
        }
      }
    }
  }

  func testTheCacheDirectoryAndFileAreTheUsersOnly() throws {
    try writeToys(count: 10)
    _ = try load()
    let files = FileManager.default
    let directoryMode = try files.attributesOfItem(atPath: cacheDirectory.path)[.posixPermissions]
    let fileMode = try files.attributesOfItem(atPath: indexURL.path)[.posixPermissions]
    XCTAssertEqual(directoryMode as? Int, 0o700)
    XCTAssertEqual(fileMode as? Int, 0o600)
    XCTAssertEqual(
      try files.contentsOfDirectory(atPath: cacheDirectory.path), [indexURL.lastPathComponent])
  }

  func testADamagedBlockIsMadeAgainAndNeverAnswers() throws {
    try writeToys()
    let expected = Self.answers(try load(indexed: false))
    _ = try load()
    let layout = try XCTUnwrap(SectionedFile.open(path: indexURL.path)).layout
    let original = try Data(contentsOf: indexURL)
    // Sections 19, 2 and 29 are the postings, the text and the names (after the kind, 0),
    // found damaged only when a find, a row or a listing reads them, and made again in
    // place; damage in every section is found on opening (the kind does not read), and the
    // file is made again from `toys.tsv` and read back. A byte is changed in every block of a
    // damaged section, so that whatever is read of it is damaged.
    for damagedSections in [[19], [2], [29], Array(layout.sectionLengths.indices)] {
      var damaged = original
      for number in damagedSections {
        let range = layout.section(number)
        for offset in stride(from: range.lowerBound, to: range.upperBound, by: 4096) {
          damaged[offset] ^= 0x5A
        }
      }
      try damaged.write(to: indexURL)
      let repaired = try load()
      XCTAssertTrue(repaired.toysAreMapped, "\(damagedSections)")
      XCTAssertEqual(Self.answers(repaired), expected, "\(damagedSections)")
      // The file is written whole again for the next process.
      XCTAssertEqual(try Data(contentsOf: indexURL), original)
    }
  }

  func testAShortFileAnotherVersionOrABadHeaderIsBuiltAgain() throws {
    try writeToys()
    let expected = Self.answers(try load(indexed: false))
    _ = try load()
    let original = try Data(contentsOf: indexURL)
    let tablesOffset = try XCTUnwrap(SectionedFile.open(path: indexURL.path)).layout.tablesOffset
    // Another version's file, whole and with a right checksum.
    var otherVersion = original
    otherVersion.withUnsafeMutableBytes { (raw: UnsafeMutableRawBufferPointer) in
      raw.storeBytes(of: SectionedLayout.formatVersion + 1, toByteOffset: 8, as: UInt32.self)
      let sum = SectionedImage.tablesChecksum(
        header: UnsafeRawBufferPointer(rebasing: raw[0..<SectionedLayout.headerSize]),
        tables: UnsafeRawBufferPointer(rebasing: raw[tablesOffset...]))
      raw.storeBytes(of: sum, toByteOffset: SectionedLayout.checksumOffset, as: UInt64.self)
    }
    var badHeader = original
    badHeader[40] ^= 1
    let variants: [(String, Data)] = [
      ("short", original.prefix(original.count / 2)), ("header only", original.prefix(100)),
      ("empty", Data()), ("another version", otherVersion), ("bad header", badHeader),
      ("not an index", Data(repeating: 0x41, count: 200_000)),
    ]
    for (name, bytes) in variants {
      try bytes.write(to: indexURL)
      // Made again from toys.tsv, written and read back.
      let catalog = try load()
      XCTAssertTrue(catalog.toysAreMapped, name)
      XCTAssertEqual(Self.answers(catalog), expected, name)
      XCTAssertEqual(try Data(contentsOf: indexURL), original, name)
      XCTAssertTrue(try load().toysAreMapped, name)
    }
  }

  func testTheIndexOfAnotherCatalogIsNotBelieved() throws {
    let other = temporary.url.appendingPathComponent("other")
    try writeToys(seed: 1, in: other)
    try writeToys(seed: 2)
    let expected = Self.answers(try load(indexed: false))
    _ = try load(directory: other)
    try FileManager.default.copyItem(
      at: store.fileURL(forCatalog: other), to: indexURL)
    let catalog = try load()
    XCTAssertEqual(Self.answers(catalog), expected, "made again for this catalog")
    XCTAssertTrue(try load().toysAreMapped)
  }

  func testAnEditedCatalogIsNotAnsweredFromTheOldIndex() throws {
    try writeToys(seed: 3)
    _ = try load()
    try writeToys(count: 999, seed: 4)
    let expected = Self.answers(try load(indexed: false))
    XCTAssertEqual(Self.answers(try load()), expected)
  }

  func testACacheThatCannotBeWrittenStillAnswers() throws {
    try writeToys()
    let expected = Self.answers(try load(indexed: false))
    // The cache directory cannot be made: its parent is a file.
    try temporary.write("cache", "a file")
    let catalog = try load()
    XCTAssertFalse(catalog.toysAreMapped)
    XCTAssertEqual(Self.answers(catalog), expected)
  }

  /// A `toys.tsv` changed less than a second ago: its index is not kept (a second edit in the
  /// same tick of the clock would not be seen), but is still written index by index and read
  /// back, from a file of this process's own that nothing else can open, so that a large
  /// catalog's indexes are never all in memory at once.
  func testAJustEditedCatalogIsReadBackFromAFileOfItsOwn() throws {
    try writeToys()
    let expected = Self.answers(try load(indexed: false))
    let recent = CatalogIndexStore(directory: cacheDirectory, settleTime: 3600)
    let catalog = try CatalogLoader(directory: catalogDirectory, indexStore: recent).load()
    XCTAssertTrue(catalog.toysAreMapped, "read back from the file written")
    XCTAssertEqual(Self.answers(catalog), expected)
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: cacheDirectory.path), [],
      "nothing kept for another process")
    // The next load, the edit settled, keeps its index file.
    XCTAssertEqual(Self.answers(try load()), expected)
    XCTAssertTrue(FileManager.default.fileExists(atPath: indexURL.path))
  }

  func testTwoLoadsAtOnceBothAnswerAndLeaveOneGoodFile() throws {
    try writeToys()
    let expected = Self.answers(try load(indexed: false))
    let results = ResultBox()
    let group = DispatchGroup()
    let loader = CatalogLoader(directory: catalogDirectory, indexStore: store)
    for _ in 0..<2 {
      DispatchQueue.global().async(group: group) {
        results.append(Result { Self.answers(try loader.load()) })
      }
    }
    group.wait()
    XCTAssertEqual(results.values.count, 2)
    for result in results.values { XCTAssertEqual(try result.get(), expected) }
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: cacheDirectory.path),
      [indexURL.lastPathComponent])
    let mapped = try load()
    XCTAssertTrue(mapped.toysAreMapped)
    XCTAssertEqual(Self.answers(mapped), expected)
  }

  func testACatalogEditedWhileASessionRunsIsReadAgainAtTheNextCommand() throws {
    try writeToys(count: 20)
    let lazy = LazyCatalog(directory: catalogDirectory, indexStore: store)
    XCTAssertEqual(try lazy.get().toys.count, 20)
    try writeToys(count: 25)
    // Within a command the catalog stays as it was read.
    XCTAssertEqual(try lazy.get().toys.count, 20)
    lazy.startCommand()
    XCTAssertEqual(try lazy.get().toys.count, 25)
    // A broken edit fails the next command, and the repair is seen by the one after.
    try temporary.write("catalog/toys.tsv", Self.header + "\nnot a toy\n")
    lazy.startCommand()
    XCTAssertThrowsError(try lazy.get())
    try writeToys(count: 30)
    lazy.startCommand()
    XCTAssertEqual(try lazy.get().toys.count, 30)
  }
}

/// Collects results from several threads.
private final class ResultBox: @unchecked Sendable {
  private let lock = NSLock()
  private var stored: [Result<[String], Error>] = []

  func append(_ result: Result<[String], Error>) {
    lock.lock()
    stored.append(result)
    lock.unlock()
  }

  var values: [Result<[String], Error>] {
    lock.lock()
    defer { lock.unlock() }
    return stored
  }
}
