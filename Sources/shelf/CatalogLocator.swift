import Foundation

/// Finds the catalog directory: `--catalog`, `$SHELF_CATALOG`, the installed location
/// (`<prefix>/share/shelf/catalog` beside `<prefix>/bin/shelf`), or the source checkout's
/// `catalog/`.
enum CatalogLocator {
  static func locate(explicit: String?, environment: [String: String]) -> URL {
    if let explicit, !explicit.isEmpty { return URL(fileURLWithPath: explicit) }
    if let variable = environment["SHELF_CATALOG"], !variable.isEmpty {
      return URL(fileURLWithPath: variable)
    }
    let executable = URL(fileURLWithPath: CommandLine.arguments[0]).resolvingSymlinksInPath()
    let installed = executable.deletingLastPathComponent().deletingLastPathComponent()
      .appendingPathComponent("share/shelf/catalog")
    if FileManager.default.fileExists(atPath: installed.appendingPathComponent("toys.tsv").path) {
      return installed
    }
    return URL(fileURLWithPath: #filePath).deletingLastPathComponent()
      .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("catalog")
  }
}
