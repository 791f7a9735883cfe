import Foundation

/// The TVmaze captures in `Fixtures/` (CC BY-SA 4.0, see `Fixtures/NOTICE.md`), found next to
/// this source file rather than through SwiftPM resources.
enum Fixture {
  static let directory = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .appendingPathComponent("Fixtures", isDirectory: true)

  static let showsPage0 = "shows-page-0.json"
  static let showsPage1 = "shows-page-1.json"
  static let searchGirls = "search-shows-girls.json"
  static let searchSnow = "search-shows-snow.json"
  static let show1 = "show-1.json"

  static func url(_ name: String) -> URL {
    directory.appendingPathComponent(name)
  }

  static func data(_ name: String) throws -> Data {
    try Data(contentsOf: url(name))
  }
}
