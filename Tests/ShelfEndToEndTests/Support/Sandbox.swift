import Foundation

/// A per-test temporary directory holding HOME, the XDG directories and the shelf data
/// directory, so that no run touches the real home.
struct Sandbox {
  let root: URL

  init() throws {
    root = FileManager.default.temporaryDirectory
      .appendingPathComponent("ShelfEndToEndTests-\(UUID().uuidString)", isDirectory: true)
    for directory in [home, dataDirectory, xdgData, xdgConfig, xdgCache, xdgState] {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
  }

  var home: URL { root.appendingPathComponent("home", isDirectory: true) }
  var dataDirectory: URL { root.appendingPathComponent("data", isDirectory: true) }
  var xdgData: URL { root.appendingPathComponent("xdg-data", isDirectory: true) }
  var xdgConfig: URL { root.appendingPathComponent("xdg-config", isDirectory: true) }
  var xdgCache: URL { root.appendingPathComponent("xdg-cache", isDirectory: true) }
  var xdgState: URL { root.appendingPathComponent("xdg-state", isDirectory: true) }

  func file(_ name: String) -> URL {
    root.appendingPathComponent(name)
  }

  func dataFile(_ name: String) -> URL {
    dataDirectory.appendingPathComponent(name)
  }

  /// The files that are each person's, in `profiles/NAME/` of the data directory.
  static let personFiles: Set = [
    "favorites.plist", "watched.plist", "preferences.plist", "read.plist", "wishlist.plist",
  ]

  /// A file of the first profile (`me`: the sandbox has no `USER`).
  func personFile(_ name: String, of person: String = "me") -> URL {
    dataDirectory.appendingPathComponent("profiles/\(person)/\(name)")
  }

  /// A hermetic environment: only what is listed here reaches the shell. TERM is a colour
  /// terminal on purpose, so piped runs prove that they decide on colours from the file
  /// descriptors, not from TERM.
  var environment: [String: String] {
    [
      "PATH": "/usr/bin:/bin",
      "HOME": home.path,
      "XDG_DATA_HOME": xdgData.path,
      "XDG_CONFIG_HOME": xdgConfig.path,
      "XDG_CACHE_HOME": xdgCache.path,
      "XDG_STATE_HOME": xdgState.path,
      "LANG": "C.UTF-8",
      "LC_ALL": "C.UTF-8",
      "TERM": "xterm",
      "SHELF_CATALOG": ShelfBinary.catalog.path,
      // Nothing in these tests needs the network: anything that tries fails fast.
      "SHELF_TVMAZE_URL": "http://127.0.0.1:9",
      "PAGER": "cat",
      // A crash must end the process at once, not wait 30 s for a key at the terminal.
      "SWIFT_BACKTRACE": "interactive=no",
    ]
  }

  func remove() {
    try? FileManager.default.removeItem(at: root)
  }
}
