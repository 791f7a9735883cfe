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

/// Damaged copies of every file the shell reads: each load gives a value, or a clear one-line
/// error, or sets the file aside with a warning, and never crashes; what is written afterwards
/// reads back. `SHELF_FUZZ_DOCUMENTS` (default 1,000 of each format) and `SHELF_FUZZ_SEED`
/// are set by `tools/fuzz`.
final class DocumentFuzzTests: XCTestCase {
  var settings = FuzzSettings.fromEnvironment()
  var temporary: TemporaryDirectory!

  override func setUpWithError() throws {
    try super.setUpWithError()
    temporary = try TemporaryDirectory(prefix: "shelf-fuzz-documents")
  }

  override func tearDown() {
    temporary?.remove()
    super.tearDown()
  }

  // MARK: - Property lists

  func testDamagedFavoritesReadOrAreSetAside() throws {
    try fuzzPropertyList("favorites.plist", FavoritesDocument.self) { data in
      try data.favorites.add(ItemID(.toy, 1))
      try data.favorites.add(ItemID(.story, 2))
      try data.favorites.add(ItemID(.product, 3))
      for show in try Self.shows().prefix(2) {
        try data.favorites.add(ItemID(.show, show.id), show: show)
      }
    }
  }

  func testDamagedCartsReadOrAreSetAside() throws {
    try fuzzPropertyList("cart.plist", CartDocument.self) { data in
      try data.cart.file.update { cart in
        cart.lines = [
          CartLine(kind: .toy, id: 1, quantity: 2), CartLine(kind: .product, id: 4, quantity: 999),
        ]
      }
    }
  }

  func testDamagedWatchedMarksReadOrAreSetAside() throws {
    try fuzzPropertyList("watched.plist", WatchedDocument.self) { data in
      _ = try data.watched.mark(
        show: 1, episodes: [WatchedEpisode(id: 1, season: 1, number: 1), WatchedEpisode(id: 2)])
    }
  }

  func testDamagedPreferencesReadOrAreSetAside() throws {
    try fuzzPropertyList("preferences.plist", PreferencesDocument.self) { data in
      try data.preferences.update { preferences in
        preferences.lastPath = "/toys/Dolls/42"
        preferences.lastToyCategory = "Dolls"
        preferences.lastStoryAges = "3-5"
      }
    }
  }

  /// Writes the file with `fill`, then loads damaged copies (XML and binary) of it.
  func fuzzPropertyList<Document: StoredDocument>(
    _ name: String, _ type: Document.Type, fill: (UserData) throws -> Void
  ) throws {
    let seedDirectory = temporary.file("seed")
    let seed = UserData(directory: seedDirectory)
    try fill(seed)
    let written = name == "cart.plist" ? seedDirectory : seed.person.directory
    let xml = try Data(contentsOf: written.appendingPathComponent(name))
    var format = PropertyListSerialization.PropertyListFormat.xml
    let value = try PropertyListSerialization.propertyList(from: xml, format: &format)
    let binary = try PropertyListSerialization.data(
      fromPropertyList: value, format: .binary, options: 0)
    let damager = DocumentDamager(
      originals: [xml, binary, Self.deepXML(), Self.deepBinary()],
      fragments: Self.propertyListFragments)

    let directory = temporary.file("data")
    try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    let url = directory.appendingPathComponent(name)
    let copy = directory.appendingPathComponent("written-" + name)
    var random = settings.generator(for: name)
    var failures: [String] = []
    for index in 0..<settings.documents {
      let bytes = damager.damaged(using: &random)
      try bytes.put(to: url)
      let file = PropertyListFile<Document>(url: url)
      let document: Document
      do {
        document = try file.read()
      } catch let error as StoreError {
        if let problem = Self.problem(inMessage: error.description) {
          failures.append("\(name) #\(index): error \(problem)")
        }
        continue
      } catch {
        failures.append("\(name) #\(index): unexpected error \(error)")
        continue
      }
      for warning in file.takeWarnings() {
        if let problem = Self.problem(inMessage: warning.description) {
          failures.append("\(name) #\(index): warning \(problem)")
        }
        if let aside = warning.movedTo {
          if FileManager.default.fileExists(atPath: url.path) {
            failures.append("\(name) #\(index): set aside, yet still at its place")
          }
          if !FileManager.default.fileExists(atPath: aside) {
            failures.append("\(name) #\(index): set aside to \(aside), which does not exist")
          }
        }
      }
      // What would be saved now must read back, and saving that again change nothing (a
      // character XML cannot hold is written as U+FFFD, once).
      do {
        let bytes = try file.encoded(document)
        try Data(bytes).put(to: copy)
        let written = PropertyListFile<Document>(url: copy)
        let reread = try written.read()
        let warnings = written.takeWarnings()
        let again = try written.encoded(reread)
        if !warnings.isEmpty || again != bytes {
          failures.append(
            "\(name) #\(index): the saved document does not read back: \(warnings) "
              + Self.difference(String(reflecting: document), String(reflecting: reread)))
        }
      } catch {
        failures.append("\(name) #\(index): cannot save what was read: \(error)")
      }
      try Self.empty(directory)
      if failures.count >= 20 { break }
    }
    XCTAssertTrue(failures.isEmpty, report(failures))
  }

  /// A property list nested far deeper than any the shell writes.
  static func deepXML() -> Data {
    let depth = 10_000
    return Data(
      (#"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0"><dict><key>version</key>"#
        + "<integer>1</integer><key>toys</key>" + String(repeating: "<array>", count: depth)
        + String(repeating: "</array>", count: depth) + "</dict></plist>").utf8)
  }

  /// A binary property list of arrays, each holding the next, 10,000 deep.
  static func deepBinary() -> Data {
    let count = 10_000
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for index in 0..<count {
      offsets.append(bytes.count)
      if index == count - 1 {
        bytes.append(0xA0)
      } else {
        bytes.append(0xA1)
        bytes += withUnsafeBytes(of: UInt32(index + 1).bigEndian, Array.init)
      }
    }
    let table = bytes.count
    for offset in offsets { bytes += withUnsafeBytes(of: UInt32(offset).bigEndian, Array.init) }
    bytes += [0, 0, 0, 0, 0, 0, 4, 4]
    for number in [count, 0, table] {
      bytes += withUnsafeBytes(of: UInt64(number).bigEndian, Array.init)
    }
    return Data(bytes)
  }

  static let propertyListFragments: [Data] =
    [
      "<array>", "</array>", "<dict>", "</dict>", "<dict/>", "<array/>", "<key>version</key>",
      "<key>version</key><integer>2</integer>", "<key>version</key><string>1</string>",
      "<integer>99999999999999999999999</integer>", "<integer>-9223372036854775809</integer>",
      "<integer>0x10</integer>", "<integer></integer>", "<real>nan</real>", "<real>1e999</real>",
      "<string>\u{1B}]52;c;SGVsbG8=\u{07}\u{202E}\u{9B}</string>", "<string>\u{0}</string>",
      "&#0;", "&#x1B;", "&#xD800;", "&#xFFFE;", "&#99999999;", "&bogus;", "&", "<", "]]>",
      "<![CDATA[", "<true/>", "<false/>", "<data>!!!</data>", "<date>yesterday</date>",
      "<key>id</key><string>1</string>", "<key>quantity</key><real>1.5</real>",
      "<key>kind</key><string>spaceship</string>", "<key>shows</key><integer>1</integer>",
      "<!DOCTYPE plist [<!ENTITY a \"aaaaaaaaaa\"><!ENTITY b \"&a;&a;&a;&a;&a;&a;\">]>",
      "<?xml version=\"1.0\" encoding=\"UTF-16\"?>", "<plist version=\"9\">",
      String(repeating: "<array>", count: 70), String(repeating: "<dict><key>a</key>", count: 70),
    ].map { Data($0.utf8) } + [
      Data([0xFF, 0xFE]), Data([0xC0, 0x80]), Data([0xED, 0xA0, 0x80]), Data([0x00]),
      Data([0xAF, 0x10, 0x00]), Data([0x5F, 0x10, 0xFF]), Data([0x13, 0x7F]),
      Data(repeating: 0xFF, count: 32),
      // Stopped Foundation's XML reader (seed 7): eight 0xFF in an <integer>.
      Data("<integer>".utf8) + Data(repeating: 0xFF, count: 8) + Data("2</integer>".utf8),
    ]

  // MARK: - Helpers

  static func shows() throws -> [Show] {
    try ShowList.decode(
      Data(contentsOf: TestLibrary.catalogDirectory.appendingPathComponent("shows.json")))
  }

  /// Why a message printed (after the front end's sanitizing) would not be one clear line.
  static func problem(inMessage message: String) -> String? {
    let shown = TerminalText.sanitize(message)
    if let problem = TerminalSafety.problem(inText: shown, colors: false) {
      return "\(problem) in \(String(reflecting: shown))"
    }
    if shown.trimmingCharacters(in: .whitespaces).isEmpty { return "empty message" }
    return nil
  }

  /// Where two descriptions part: a little of each from the first difference.
  static func difference(_ left: String, _ right: String) -> String {
    let common = zip(left.unicodeScalars, right.unicodeScalars).prefix { $0 == $1 }.count
    func piece(_ text: String) -> String {
      String(
        reflecting: String(
          String.UnicodeScalarView(text.unicodeScalars.dropFirst(max(0, common - 20)).prefix(60))))
    }
    return "read \(piece(left)), read back \(piece(right))"
  }

  static func empty(_ directory: URL) throws {
    for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
      try FileManager.default.removeItem(at: directory.appendingPathComponent(name))
    }
  }

  func report(_ failures: [String]) -> String {
    "\(failures.count) problems (again: \(settings.reproduction)):\n"
      + failures.joined(separator: "\n")
  }
}
