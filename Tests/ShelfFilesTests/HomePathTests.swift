import ShelfFiles
import XCTest

/// `~` is `$HOME` (issue 19 item 8): only `~` and `~/…`, never the password database while
/// HOME is set.
final class HomePathTests: XCTestCase {
  func testTildeAndTildeSlashExpandWithHOME() {
    let environment = ["HOME": "/home/ana"]
    XCTAssertEqual(HomePath.expand("~", environment: environment), "/home/ana")
    XCTAssertEqual(HomePath.expand("~/", environment: environment), "/home/ana/")
    XCTAssertEqual(HomePath.expand("~/favs.json", environment: environment), "/home/ana/favs.json")
    XCTAssertEqual(HomePath.expand("~/a/b", home: "/"), "/a/b")
  }

  func testOtherPathsStayAsTheyAre() {
    let environment = ["HOME": "/home/ana"]
    for path in ["favs.json", "/tmp/~/x", "~root/x", "./~", "", "~~"] {
      XCTAssertEqual(HomePath.expand(path, environment: environment), path)
    }
  }

  func testTheAccountsHomeOnlyWhenHOMEIsUnsetOrEmpty() {
    XCTAssertEqual(HomePath.directory(environment: ["HOME": "/elsewhere"]), "/elsewhere")
    XCTAssertEqual(HomePath.directory(environment: ["HOME": ""]), NSHomeDirectory())
    XCTAssertEqual(HomePath.directory(environment: [:]), NSHomeDirectory())
  }
}
