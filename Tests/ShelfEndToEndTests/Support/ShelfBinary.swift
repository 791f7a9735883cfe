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
    // On macOS the tests run inside `shelfPackageTests.xctest/`, a bundle beside `shelf`.
    for bundle in [Bundle(for: EndToEndTestCase.self).bundleURL, Bundle.main.bundleURL] {
      let resolved = bundle.resolvingSymlinksInPath()
      candidates.append(resolved.appendingPathComponent("shelf"))
      candidates.append(resolved.deletingLastPathComponent().appendingPathComponent("shelf"))
    }
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
