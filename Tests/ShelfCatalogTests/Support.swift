import Foundation
import XCTest

/// Where the files these tests read live, found from this source file rather than through
/// SwiftPM resources.
enum Paths {
  static let testsDirectory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()

  /// `Tests/ShelfCatalogTests/Fixtures`: TVmaze captures (CC BY-SA 4.0, see `NOTICE.md`).
  static let fixtures = testsDirectory.appendingPathComponent("Fixtures", isDirectory: true)

  /// The repository's `catalog/` directory.
  static let catalog = testsDirectory.deletingLastPathComponent().deletingLastPathComponent()
    .appendingPathComponent("catalog", isDirectory: true)

  static func fixture(_ name: String) throws -> Data {
    try Data(contentsOf: fixtures.appendingPathComponent(name))
  }
}
