import Foundation

/// Where the built `shelf` binary and the source checkout are.
enum ShelfBinary {
  struct Missing: Error, CustomStringConvertible {
    let searched: [String]
    var description: String {
      "the shelf binary was not found beside the test bundle (looked at: "
        + searched.joined(separator: ", ") + "); build it with `swift build --build-tests`"
    }
  }

  /// `<directory of the test bundle>/shelf`.
  static func url() throws -> URL {
    var candidates: [URL] = []
    let argument = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    candidates.append(argument.deletingLastPathComponent().appendingPathComponent("shelf"))
    let bundle = Bundle.main.bundleURL.resolvingSymlinksInPath()
    candidates.append(bundle.appendingPathComponent("shelf"))
    candidates.append(bundle.deletingLastPathComponent().appendingPathComponent("shelf"))
    for candidate in candidates where FileManager.default.isExecutableFile(atPath: candidate.path) {
      var isDirectory: ObjCBool = false
      if FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
        !isDirectory.boolValue
      {
        return candidate
      }
    }
    throw Missing(searched: candidates.map(\.path))
  }

  /// The root of the source checkout (this file is Tests/ShelfEndToEndTests/Support/…).
  static var repositoryRoot: URL {
    URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent()
  }

  static var catalog: URL {
    repositoryRoot.appendingPathComponent("catalog", isDirectory: true)
  }
}
