import Foundation

/// Where shelf's files are, worked out from the resolved path of its own executable, so that
/// it runs from any working directory and whatever name it was started by.
///
/// - Installed (`tools/install`, the .deb): `<prefix>/bin/shelf`, the network helper at
///   `<prefix>/libexec/shelf/shelf-fetch`, the catalog in `<prefix>/share/shelf/catalog`.
/// - Built in a checkout: `<checkout>/.build/<…>/<configuration>/shelf` with `shelf-fetch`
///   beside it and the catalog in `<checkout>/catalog`. This follows from where SwiftPM puts
///   its products; a binary copied out of `.build` has no catalog unless one is installed
///   beside it or named by `--catalog` or `SHELF_CATALOG`.
public struct ResourceLayout: Equatable, Sendable {
  /// The program's own file, symbolic links resolved.
  public let executable: URL

  public init(executable: URL) {
    self.executable = executable.standardizedFileURL
  }

  /// The layout of the running program; nil when its own path cannot be read.
  public static func current() -> ResourceLayout? {
    ExecutableLocation.current().map(ResourceLayout.init(executable:))
  }

  /// The package's default place for the helper, used when the program's own path is unknown.
  public static let systemHelper = URL(fileURLWithPath: "/usr/libexec/shelf/shelf-fetch")

  private var directory: URL { executable.deletingLastPathComponent() }
  private var prefix: URL { directory.deletingLastPathComponent() }

  /// `<checkout>` when the executable lies under `<checkout>/.build/`.
  public var checkout: URL? {
    let components = executable.pathComponents
    guard let index = components.lastIndex(of: ".build"), index > 0 else { return nil }
    var root = executable
    for _ in index..<components.count { root.deleteLastPathComponent() }
    return root
  }

  /// The places a catalog may be, in the order they are tried.
  public var catalogCandidates: [URL] {
    var candidates = [prefix.appendingPathComponent("share/shelf/catalog", isDirectory: true)]
    if let checkout {
      candidates.append(checkout.appendingPathComponent("catalog", isDirectory: true))
    }
    return candidates
  }

  /// The places the network helper may be, in the order they are tried.
  public var helperCandidates: [URL] {
    [
      prefix.appendingPathComponent("libexec/shelf/shelf-fetch"),
      directory.appendingPathComponent("shelf-fetch"),
    ]
  }

  /// The first candidate that holds a catalog (a `toys.tsv`), or nil.
  public func catalog(fileManager: FileManager = .default) -> URL? {
    catalogCandidates.first {
      fileManager.fileExists(atPath: $0.appendingPathComponent("toys.tsv").path)
    }
  }

  /// The first candidate that is an executable file; else the last one, so that the error
  /// for a missing helper names the place beside the program.
  public func helper(fileManager: FileManager = .default) -> URL {
    helperCandidates.first { fileManager.isExecutableFile(atPath: $0.path) }
      ?? helperCandidates[helperCandidates.count - 1]
  }
}
