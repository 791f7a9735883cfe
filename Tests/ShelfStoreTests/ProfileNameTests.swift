import ShelfStore
import XCTest

final class ProfileNameTests: XCTestCase {
  func testANameTypedDecomposedIsTheSamePersonAsOneTypedComposed() throws {
    let decomposed = try XCTUnwrap(ProfileName("Zoe\u{301}"))
    let composed = try XCTUnwrap(ProfileName("Zo\u{E9}"))
    XCTAssertEqual(decomposed.text, "Zo\u{E9}")
    XCTAssertEqual(decomposed, composed)
    XCTAssertEqual(ProfileName.key("ZOE\u{301}"), "zo\u{E9}")
  }

  func testAnASCIINameIsKeptAsTypedAndComparedWithoutCase() throws {
    let name = try XCTUnwrap(ProfileName("Mia-2_b"))
    XCTAssertEqual(name.text, "Mia-2_b")
    XCTAssertEqual(name.key, "mia-2_b")
    XCTAssertEqual(name, ProfileName("MIA-2_B"))
  }

  func testWhatIsNotANameIsRefused() {
    for text in [
      "", "-mia", "_mia", "mia lee", "mia/lee", "e\u{301}\u{301}",
      String(repeating: "a", count: 33),
    ] {
      XCTAssertNil(ProfileName(text), text)
    }
  }
}
