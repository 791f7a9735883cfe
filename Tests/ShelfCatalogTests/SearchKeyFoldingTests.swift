import Foundation
import ShelfSearch
import XCTest

/// The fast folding paths must give exactly what Foundation's folding gives.
final class SearchKeyFoldingTests: XCTestCase {
  private func foundation(_ text: String) -> String {
    text.folding(
      options: [.caseInsensitive, .diacriticInsensitive, .widthInsensitive], locale: nil)
  }

  func testEveryLatinLetterFoldsLikeFoundation() {
    for value in UInt32(0x20)...0x17F {
      guard let scalar = Unicode.Scalar(value), !(0x7F..<0xA0).contains(value) else { continue }
      let text = "A" + String(Character(scalar)) + "z"
      XCTAssertEqual(SearchKey.fold(text), foundation(text), "U+\(String(value, radix: 16))")
    }
  }

  func testMixedTextFoldsLikeFoundation() {
    for text in [
      "Jouets Étoile", "Brücke Spielwaren", "Piñata Playworks", "Lilla Björn Leksaker",
      "Œuvre Æsop Straße", "e\u{301}toile (combining)", "Ｆｕｌｌｗｉｄｔｈ", "Ελληνικά", "日本語 Toys",
      "MIXED Case 123 !?",
    ] {
      XCTAssertEqual(SearchKey.fold(text), foundation(text), text)
    }
  }
}
