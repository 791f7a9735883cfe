import Foundation
import ShelfDomain
import ShelfStore
import ShelfTestSupport
import XCTest

final class UserDataTests: TemporaryDirectoryTestCase {
  private func resolve(_ explicit: String?, _ environment: [String: String]) -> String {
    UserData.resolveDirectory(explicit: explicit, environment: environment).path
  }

  private let everything = [
    "SHELF_HOME": "/shelf/home", "XDG_DATA_HOME": "/xdg/data", "HOME": "/home/user",
  ]

  func testExplicitDirectoryWins() {
    XCTAssertEqual(resolve("/explicit/dir", everything), "/explicit/dir")
  }

  func testShelfHomeComesNext() {
    XCTAssertEqual(resolve(nil, everything), "/shelf/home")
    XCTAssertEqual(resolve("", everything), "/shelf/home", "an empty --data-dir is ignored")
  }

  #if !os(macOS)
    func testXDGDataHomeComesAfterShelfHome() {
      var environment = everything
      environment["SHELF_HOME"] = nil
      XCTAssertEqual(resolve(nil, environment), "/xdg/data/shelf")
      environment["SHELF_HOME"] = ""
      XCTAssertEqual(resolve(nil, environment), "/xdg/data/shelf", "an empty SHELF_HOME is ignored")
    }

    func testHomeIsTheLastResort() {
      XCTAssertEqual(resolve(nil, ["HOME": "/home/user"]), "/home/user/.local/share/shelf")
      XCTAssertEqual(
        resolve(nil, ["HOME": "/home/user", "XDG_DATA_HOME": ""]), "/home/user/.local/share/shelf")
    }

    func testARelativeXDGDataHomeIsIgnored() {
      XCTAssertEqual(
        resolve(nil, ["HOME": "/home/user", "XDG_DATA_HOME": "relative/data"]),
        "/home/user/.local/share/shelf")
    }
  #endif

  func testARelativeExplicitDirectoryIsKept() {
    let resolved = UserData.resolveDirectory(explicit: "some/dir", environment: everything)
    XCTAssertTrue(resolved.path.hasSuffix("/some/dir"), resolved.path)
  }

  func testTheFilesLiveInTheDirectory() {
    let data = UserData(directory: temporary.url)
    XCTAssertEqual(data.favorites.url, temporary.file("profiles/me/favorites.plist"))
    XCTAssertEqual(data.cart.url, temporary.file("cart.plist"))
    XCTAssertEqual(data.watched.url, temporary.file("profiles/me/watched.plist"))
    XCTAssertEqual(data.preferences.url, temporary.file("profiles/me/preferences.plist"))
    XCTAssertEqual(data.person.storiesRead.url, temporary.file("profiles/me/read.plist"))
    XCTAssertEqual(data.person.wishList.url, temporary.file("profiles/me/wishlist.plist"))
    XCTAssertEqual(data.historyURL, temporary.file("history"))
    XCTAssertEqual(data.showListURL, temporary.file("shows.json"))
  }

  func testWarningsFromEveryFileAreCollected() throws {
    let data = UserData(directory: temporary.url)
    try temporary.write("profiles/me/favorites.plist", "garbage")
    try Data("garbage".utf8).write(to: temporary.file("cart.plist"))
    XCTAssertTrue(try data.favorites.read().isEmpty)
    try data.cart.add(ItemID(.toy, 1), quantity: 1)
    let warnings = data.takeWarnings()
    XCTAssertEqual(
      warnings.map(\.path).sorted(),
      [temporary.file("cart.plist").path, temporary.file("profiles/me/favorites.plist").path])
    XCTAssertEqual(data.takeWarnings(), [])
    XCTAssertEqual(try data.cart.read().quantity(of: ItemID(.toy, 1)), 1)
  }
}
