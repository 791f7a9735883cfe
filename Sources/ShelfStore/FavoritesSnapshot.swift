import Foundation
import ShelfDomain
import ShelfStorage

extension FavoritesDocument {
  /// The snapshot of `favorites.plist` at `url`, kept in `cacheDirectory`: every field on a
  /// `CompactTape`, read without a general decoder (the favourite shows' data is what a start
  /// of /upnext would otherwise spend a quarter of its time decoding).
  public static func snapshot(of url: URL, in cacheDirectory: URL) -> DocumentSnapshot<Self> {
    let name = DerivedFile.name("favorites", for: url, extension: "cache")
    return DocumentSnapshot(
      file: DerivedFile(url: cacheDirectory.appendingPathComponent(name), kind: "favorites-4"),
      encode: { $0.compactSections() }, decode: { FavoritesDocument(compact: $0) })
  }

  /// The document as the two sections of a `CompactTape`: the version; the toys', stories'
  /// and products' ids; the shows, every field; the saved names. Nil when the sections would
  /// not read back as this very document (one with entries that could not be read), which is
  /// then not kept.
  func compactSections() -> [[UInt8]]? {
    var tape = CompactTape()
    tape.put(version)
    for ids in [toys, stories, products] {
      tape.put(ids.count)
      for id in ids { tape.put(id) }
    }
    tape.put(shows.count)
    for show in shows { show.put(on: &tape) }
    tape.put(names.count)
    for (key, name) in names.sorted(by: { $0.key < $1.key }) {
      tape.put(key)
      tape.put(name)
    }
    var reader = CompactTapeReader(numbers: tape.numbers, text: tape.text)
    guard (try? FavoritesDocument(tape: &reader)) == self else { return nil }
    return tape.sections
  }

  /// The document of `compactSections`; nil when the sections do not hold one.
  init?(compact sections: DerivedSections) {
    guard sections.count == 2, let numbers = sections.values(0, as: Int64.self),
      let text = sections.values(1, as: UInt8.self)
    else { return nil }
    var reader = CompactTapeReader(numbers: numbers, text: text)
    guard let document = try? FavoritesDocument(tape: &reader), reader.isAtEnd else { return nil }
    self = document
  }

  private init(tape: inout CompactTapeReader) throws {
    self.init()
    version = try tape.int()
    toys = try (0..<tape.count()).map { _ in try tape.int() }
    stories = try (0..<tape.count()).map { _ in try tape.int() }
    products = try (0..<tape.count()).map { _ in try tape.int() }
    let showCount = try tape.count()
    shows.reserveCapacity(showCount)
    for _ in 0..<showCount { shows.append(try Show(tape: &tape)) }
    for _ in 0..<(try tape.count()) {
      let key = try tape.string()
      names[key] = try tape.string()
    }
  }
}
