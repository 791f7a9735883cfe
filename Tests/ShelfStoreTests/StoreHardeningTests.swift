import Foundation
import ShelfDomain
import ShelfTerminal
import ShelfTestSupport
import XCTest

@testable import ShelfStore

#if canImport(FoundationXML)
  import FoundationXML
#endif

final class StoreHardeningTests: TemporaryDirectoryTestCase {
  private func attributes(_ url: URL) throws -> [FileAttributeKey: Any] {
    try FileManager.default.attributesOfItem(atPath: url.path)
  }

  private func deepXML(levels: Int) -> Data {
    var text = #"<?xml version="1.0" encoding="UTF-8"?><plist version="1.0">"#
    text += String(repeating: "<array>", count: levels)
    text += String(repeating: "</array>", count: levels)
    return Data((text + "</plist>").utf8)
  }

  /// A binary property list of `levels` arrays, each holding the next.
  private func deepBinary(levels: Int) -> Data {
    var bytes = Array("bplist00".utf8)
    var offsets: [Int] = []
    for index in 0..<levels {
      offsets.append(bytes.count)
      if index == levels - 1 {
        bytes.append(0xA0)
      } else {
        bytes += [0xA1, UInt8((index + 1) >> 8), UInt8((index + 1) & 0xFF)]
      }
    }
    let table = bytes.count
    for offset in offsets {
      bytes += [UInt8(offset >> 16), UInt8((offset >> 8) & 0xFF), UInt8(offset & 0xFF)]
    }
    func big(_ value: Int) -> [UInt8] {
      (0..<8).reversed().map { UInt8((value >> ($0 * 8)) & 0xFF) }
    }
    bytes += [0, 0, 0, 0, 0, 0, 3, 2] + big(levels) + big(0) + big(table)
    return Data(bytes)
  }

  func testAPropertyListNestedTenThousandLevelsDeepIsSetAside() throws {
    for (name, data) in [("XML", deepXML(levels: 10_000)), ("binary", deepBinary(levels: 10_000))] {
      let url = temporary.file("favorites.plist")
      try data.write(to: url)
      let file = PropertyListFile<FavoritesDocument>(url: url)
      XCTAssertEqual(try file.read(), FavoritesDocument(), name)
      let warnings = file.takeWarnings()
      XCTAssertEqual(warnings.count, 1, name)
      XCTAssertTrue(warnings.first?.description.contains("nested more than") ?? false, name)
      let moved = try XCTUnwrap(warnings.first?.movedTo)
      XCTAssertEqual(try Data(contentsOf: URL(fileURLWithPath: moved)), data, name)
      try FileManager.default.removeItem(atPath: moved)
    }
  }

  func testOrdinaryNestingPassesTheDepthCheck() throws {
    XCTAssertTrue(PropertyListDepth.isWithin(64, deepXML(levels: 64)))
    XCTAssertFalse(PropertyListDepth.isWithin(64, deepXML(levels: 65)))
    XCTAssertTrue(PropertyListDepth.isWithin(64, deepBinary(levels: 64)))
    XCTAssertFalse(PropertyListDepth.isWithin(64, deepBinary(levels: 65)))
  }

  func testASymlinkedFavoritesFileIsWrittenThroughToItsTarget() throws {
    try FileManager.default.createDirectory(
      at: temporary.file("dotfiles"), withIntermediateDirectories: true)
    let target = temporary.file("dotfiles/favorites.plist")
    let link = temporary.file("data/favorites.plist")
    try FileManager.default.createDirectory(
      at: temporary.file("data"), withIntermediateDirectories: true)
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: target.path)
    let favorites = Favorites(file: PropertyListFile(url: link))
    XCTAssertTrue(try favorites.add(ItemID(.toy, 42)))
    XCTAssertTrue(try favorites.add(ItemID(.story, 7)))
    XCTAssertEqual(try attributes(link)[.type] as? FileAttributeType, .typeSymbolicLink)
    let fromTarget = try PropertyListFile<FavoritesDocument>(url: target).read()
    XCTAssertEqual(fromTarget.toys, [42])
    XCTAssertEqual(fromTarget.stories, [7])
  }

  func testTheDataDirectoryIs0700AndFiles0600() throws {
    let directory = temporary.file("home/shelf")
    let data = UserData(directory: directory)
    try data.cart.add(ItemID(.toy, 1), quantity: 1)
    try data.watched.mark(show: 1, episodes: [WatchedEpisode(id: 5)])
    XCTAssertEqual(try attributes(directory)[.posixPermissions] as? Int, 0o700)
    XCTAssertEqual(try attributes(temporary.file("home"))[.posixPermissions] as? Int, 0o700)
    XCTAssertEqual(
      try attributes(directory.appendingPathComponent("profiles/me"))[.posixPermissions] as? Int,
      0o700)
    for name in [
      "cart.plist", "cart.plist.lock", "profiles/me/watched.plist",
      "profiles/me/watched.plist.lock",
    ] {
      let mode = try attributes(directory.appendingPathComponent(name))[.posixPermissions]
      XCTAssertEqual(mode as? Int, 0o600, name)
    }
  }

  func testStaleTemporariesAreRemovedWhenTheDataDirectoryIsOpened() throws {
    let dead = try EndedProcess.id()
    try temporary.write("cart.plist.tmp-\(dead)", "half")
    try temporary.write(".favorites.plist.\(dead)-00112233445566ff.shelf-tmp", "half")
    try temporary.write("cart.plist", "kept")
    XCTAssertEqual(UserData(directory: temporary.url).removeStaleTemporaries(), 2)
    XCTAssertEqual(temporary.names(), ["cart.plist"])
  }

  func testBadCartValuesLoadWithOneWarningNamingEachItem() throws {
    let url = temporary.file("cart.plist")
    let lines: [[String: Any]] = [
      ["kind": "toy", "id": 1, "quantity": 0],
      ["kind": "toy", "id": 2, "quantity": -4],
      ["kind": "product", "id": 1001, "quantity": 1_000_000_000],
      ["kind": "toy", "id": 3, "quantity": 2],
    ]
    try PropertyListSerialization.data(
      fromPropertyList: ["version": 1, "lines": lines], format: .xml, options: 0
    ).write(to: url)
    let file = PropertyListFile<CartDocument>(url: url)
    XCTAssertEqual(
      try file.read().lines,
      [CartLine(kind: .product, id: 1001, quantity: 999), CartLine(kind: .toy, id: 3, quantity: 2)])
    let warnings = file.takeWarnings().map(\.description)
    XCTAssertEqual(warnings.count, 4, "\(warnings)")
    for (index, item) in ["toy:1", "toy:2", "product:1001", "saved the repairs"].enumerated() {
      XCTAssertTrue(warnings[index].contains(item), warnings[index])
      XCTAssertTrue(warnings[index].hasPrefix(url.path), warnings[index])
    }
    XCTAssertEqual(try file.read().lines.count, 2)
    XCTAssertEqual(file.takeWarnings(), [], "one warning per item, not one per read")
  }

  func testAShowNameWithCharactersXMLForbidsAlwaysReadsBack() throws {
    let url = temporary.file("favorites.plist")
    let name = "Bad\u{0}\u{1}\u{8}\u{B}\u{C}\u{1B}[31m\u{1F}\u{FFFE}\u{FFFF} Name & <Co>\ttab\nline"
    let favorites = Favorites(file: PropertyListFile(url: url))
    try favorites.add(ItemID(.show, 9), show: Show(id: 9, name: name))
    try favorites.add(ItemID(.toy, 1))
    let fresh = PropertyListFile<FavoritesDocument>(url: url)
    let document = try fresh.read()
    XCTAssertEqual(fresh.takeWarnings(), [], "the file is well-formed")
    XCTAssertEqual(document.toys, [1])
    // The escape sequence goes whole (no `[31m` left to print); other forbidden characters
    // become U+FFFD.
    XCTAssertEqual(
      document.shows.first?.name,
      "Bad\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD}\u{FFFD} Name & <Co>\ttab\nline"
    )
    let data = try Data(contentsOf: url)
    XCTAssertTrue(XMLParser(data: data).parse(), "well-formed XML")
  }

  /// An escape sequence cut off at the end of a name ends with the name: the tag after it
  /// and the next show's data are kept.
  func testAnUnfinishedEscapeSequenceStopsAtTheEndOfItsText() throws {
    let url = temporary.file("favorites.plist")
    let favorites = Favorites(file: PropertyListFile(url: url))
    var show = Show(id: 9, name: "Cut\u{1B}[31")
    show.summary = "\u{1B}]8;;http://x <b>Summary</b>"
    try favorites.add(ItemID(.show, 9), show: show)
    try favorites.add(ItemID(.show, 10), show: Show(id: 10, name: "Next \u{1B}P"))
    let fresh = PropertyListFile<FavoritesDocument>(url: url)
    let document = try fresh.read()
    XCTAssertEqual(fresh.takeWarnings(), [])
    XCTAssertEqual(document.shows.map(\.name), ["Cut", "Next "])
    XCTAssertEqual(document.shows.first?.summary, "8;;http://x <b>Summary</b>")
  }

  func testAChangeThatChangesNothingDoesNotWrite() throws {
    let url = temporary.file("favorites.plist")
    let favorites = Favorites(file: PropertyListFile(url: url))
    try favorites.add(ItemID(.toy, 42))
    let before = try attributes(url)
    for file in [favorites, Favorites(file: PropertyListFile(url: url))] {
      XCTAssertFalse(try file.add(ItemID(.toy, 42)))
      XCTAssertFalse(try file.remove(ItemID(.toy, 7)))
    }
    let preferences = PropertyListFile<PreferencesDocument>(
      url: temporary.file("preferences.plist"))
    try preferences.update { $0.lastPath = "/toys" }
    let preferencesBefore = try attributes(preferences.url)
    try preferences.update { $0.lastPath = "/toys" }
    let after = try attributes(url)
    XCTAssertEqual(after[.systemFileNumber] as? Int, before[.systemFileNumber] as? Int)
    XCTAssertEqual(after[.modificationDate] as? Date, before[.modificationDate] as? Date)
    XCTAssertEqual(
      try attributes(preferences.url)[.systemFileNumber] as? Int,
      preferencesBefore[.systemFileNumber] as? Int)
  }

  func testAnotherWritersChangeIsSeenByACachedReader() throws {
    let url = temporary.file("cart.plist")
    let first = Cart(file: PropertyListFile(url: url))
    let second = Cart(file: PropertyListFile(url: url))
    try first.add(ItemID(.toy, 1), quantity: 1)
    XCTAssertEqual(try first.read().lines.count, 1)
    try second.add(ItemID(.toy, 2), quantity: 1)
    try first.add(ItemID(.toy, 3), quantity: 1)
    XCTAssertEqual(try second.read().lines.map(\.id), [1, 2, 3])
    XCTAssertEqual(try first.read().lines.map(\.id), [1, 2, 3])
  }

  func testBytesKeptBetweenSavesNeverServeAStaleValue() throws {
    let cartURL = temporary.file("cart.plist")
    let cart = Cart(file: PropertyListFile(url: cartURL))
    func onDisk() throws -> [CartLine] {
      try PropertyListFile<CartDocument>(url: cartURL).read().lines
    }
    for id in 1...5 { try cart.add(ItemID(.toy, id), quantity: id) }
    try cart.setQuantity(ItemID(.toy, 3), 30)
    try cart.remove(ItemID(.toy, 1))
    try cart.add(ItemID(.product, 9), quantity: 2)
    try cart.add(ItemID(.toy, 1), quantity: 7)
    XCTAssertEqual(
      try onDisk().map { "\($0.item)=\($0.quantity)" },
      ["toy:2=2", "toy:3=30", "toy:4=4", "toy:5=5", "product:9=2", "toy:1=7"])

    let favoritesURL = temporary.file("favorites.plist")
    let favorites = Favorites(file: PropertyListFile(url: favoritesURL))
    for id in 1...3 { try favorites.add(ItemID(.show, id), show: Show(id: id, name: "Show \(id)")) }
    try favorites.file.update { $0.shows[1].name = "Renamed" }
    try favorites.remove(ItemID(.show, 1))
    try favorites.add(ItemID(.toy, 4))
    let fresh = try PropertyListFile<FavoritesDocument>(url: favoritesURL).read()
    XCTAssertEqual(fresh.shows.map(\.name), ["Renamed", "Show 3"])
    XCTAssertEqual(fresh.toys, [4])
  }
}
