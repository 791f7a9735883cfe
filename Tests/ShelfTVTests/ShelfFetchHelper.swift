import Foundation

/// The built `shelf-fetch` helper, beside the test binary (`.build/debug/`), where `swift build`
/// puts it.
enum ShelfFetchHelper {
  static var url: URL {
    let testBinary = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let candidates = [testBinary.deletingLastPathComponent(), Bundle.main.bundleURL]
      .map { $0.appendingPathComponent("shelf-fetch") }
    return candidates.first { FileManager.default.isExecutableFile(atPath: $0.path) }
      ?? candidates[0]
  }
}
