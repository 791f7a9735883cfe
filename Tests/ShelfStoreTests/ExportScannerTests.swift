import Foundation
import XCTest

@testable import ShelfStore

/// The one-pass reader of exports agrees with `JSONDecoder` on what it reads, and leaves what
/// it does not expect to the slow path (which words the reason).
final class ExportScannerTests: XCTestCase {
  private func slow(_ text: String) throws -> UserDataExport {
    try JSONDecoder().decode(UserDataExport.self, from: Data(text.utf8))
  }

  func testItReadsWhatJSONDecoderReads() throws {
    let documents = [
      #"{"format":"shelf-export","version":1}"#,
      #" { "version" : 1 , "format" : "shelf-export" , "extra" : [1, 2.5e3, {"a": "\u00e9\n"}, true, null] } "#,
      #"{"format":"shelf-export","version":1,"watched":[{"showId":1,"episodes":[{"id":2,"season":1,"number":null},{"number":3,"id":-4,"x":{}}]},{"episodes":[],"showId":7}]}"#,
      #"{"format":"shelf-export","version":1,"favorites":{"toys":[1],"stories":[],"products":[2],"shows":[{"id":1,"name":"Under \"the\" Dome"}]},"cart":[{"kind":"toy","id":1,"quantity":2}]}"#,
      #"{"format":"shelf-export","version":2,"profiles":[{"name":"Mia","born":"2019-05","storiesRead":[7],"wishlist":[{"kind":"toy","id":42,"claimedBy":"Dad"}]},{"name":"Dad","born":null}]}"#,
      #"{"format":"shelf-export","version":3,"cart":[{"kind":"toy","id":1,"quantity":2,"boughtFor":"Mia"}],"settings":{"profile":"Mia","changedAt":"2026-01-02T03:04:05Z"},"profiles":[{"uid":"A","name":"Mia","nameChanged":"2026-01-02T03:04:05Z","statuses":[{"showId":1,"status":"dropped","changedAt":"2026-01-02T03:04:05Z"}],"showRatings":[{"showId":1,"rating":9}],"episodeRatings":[{"showId":1,"id":5,"rating":8}],"spoilers":{"value":"hide"},"newSince":{"at":"2026-01-02T03:04:05Z"},"positions":[{"section":"path","value":"/toys"}],"claims":[{"kind":"toy","id":42,"claimedBy":"Dad"}]}]}"#,
    ]
    for text in documents {
      let fast = try XCTUnwrap(ExportScanner.read(Data(text.utf8)), text)
      XCTAssertEqual(
        try UserDataTransfer.text(of: fast), try UserDataTransfer.text(of: slow(text)), text)
    }
  }

  func testWhatItDoesNotExpectGoesTheSlowWay() {
    let documents = [
      #"{"format":"shelf-export","version":1,"watched":[{"showId":1.0,"episodes":[]}]}"#,
      #"{"format":"shelf-export","version":1,"version":1}"#,
      #"{"format":"shelf-export","version":5}"#,
      #"{"format":"other","version":1}"#,
      #"{"format":"shelf-export","version":1,"watched":[{"showId":1,"episodes":[{"id":01}]}]}"#,
      #"{"format":"shelf-export","version":1,"watched":[{"showId":1,"episodes":[{"season":1}]}]}"#,
      #"{"format":"shelf-export","version":1,"favorites":null}"#,
      #"{"format":"shelf-export","version":1,"x":"\q"}"#,
      #"{"format":"shelf-export","version":1} trailing"#,
      #"[1]"#,
      "",
    ]
    for text in documents {
      XCTAssertNil(ExportScanner.read(Data(text.utf8)), text)
    }
  }
}
