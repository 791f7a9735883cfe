import Foundation
import XCTest

/// Several REFs on one line, from a piped script: all found first, then done together, or
/// nothing done and the one that names nothing quoted as typed.
final class SeveralReferencesTests: EndToEndTestCase {
  func testAPipedScriptFavoritesSeveralAndNoneWhenOneIsUnknown() throws {
    let run = try shelf(
      [], input: .pipe(Data("cd /toys/Dolls\nfav 31 32\nfav 33 nosuch\u{01}\nunfav 32 -y\n".utf8)))
    XCTAssertEqual(run.status, 1, run.summary)
    XCTAssertEqual(
      run.outputLines,
      [
        "Added \"Rosie Rag Doll\" and \"Mabel Baby Doll with Bottle\" to favorites.",
        "Removed \"Mabel Baby Doll with Bottle\" from favorites.",
      ], run.summary)
    XCTAssertEqual(
      run.errorLines, ["shelf: line 3: fav: no item \"nosuch\\x01\" in /toys/Dolls"], run.summary)
    XCTAssertEqual(try favoriteToyIDs(), [31])
  }
}
