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

  func testLookAlikeNamesFoldToOneKeyWithoutMovingAnyDirectory() throws {
    XCTAssertEqual(ProfileName.lookalike("\u{FF2D}ia"), "mia", "a full-width M")
    XCTAssertEqual(ProfileName.lookalike("MIA"), "mia")
    XCTAssertEqual(ProfileName.lookalike("Stra\u{DF}e"), "strasse")
    XCTAssertEqual(ProfileName.lookalike("\u{FB01}ona"), "fiona", "the fi ligature")
    XCTAssertNotEqual(ProfileName.lookalike("Mia"), ProfileName.lookalike("Mila"))
    // The directory's name is still the name in lower case.
    XCTAssertEqual(try XCTUnwrap(ProfileName("\u{FF2D}ia")).key, "\u{FF4D}ia")
  }

  func testAHouseholdFindsALookAlikeButPrefersTheExactName() {
    var household = HouseholdDocument()
    household.profiles = [ProfileRecord(id: 1, name: "Mia")]
    XCTAssertEqual(household.profile(named: "\u{FF2D}IA")?.id, 1)
    // Two people saved before names were compared so are both still found by their names.
    household.profiles.append(ProfileRecord(id: 2, name: "\u{FF2D}ia"))
    XCTAssertEqual(household.repair(), [])
    XCTAssertEqual(household.profile(named: "\u{FF2D}ia")?.id, 2)
    XCTAssertEqual(household.profile(named: "mia")?.id, 1)
  }

  func testInvisibleAndDirectionCharactersAreFoundAndNamed() throws {
    for (text, code) in [
      ("Le\u{202E}o", "U+202E RIGHT-TO-LEFT OVERRIDE"), ("Mia\u{200B}", "U+200B ZERO WIDTH SPACE"),
      ("\u{3164}", "U+3164 HANGUL FILLER"), ("Li\u{200F}", "U+200F RIGHT-TO-LEFT MARK"),
      ("Mi\u{7}a", "U+0007"), ("Mi\u{A0}a", "U+00A0 NO-BREAK SPACE"),
    ] {
      let scalar = try XCTUnwrap(ProfileName.invisibleCharacter(in: text), code)
      XCTAssertEqual(ProfileName.describe(scalar), code)
    }
    for text in ["Mia", "Zo\u{E9}", "Zoe\u{301}", "\u{738B}\u{82B3}", "Mia-2_b"] {
      XCTAssertNil(ProfileName.invisibleCharacter(in: text), text)
    }
  }
}
