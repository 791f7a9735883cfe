// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "shelf",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "shelf", targets: ["shelf"]),
    // For the separate Benchmarks package (not built by CI).
    .library(name: "ShelfCatalog", targets: ["ShelfCatalog"]),
    .library(name: "ShelfDomain", targets: ["ShelfDomain"]),
    .library(name: "ShelfSearch", targets: ["ShelfSearch"]),
    .library(name: "ShelfShell", targets: ["ShelfShell"]),
    .library(name: "ShelfStore", targets: ["ShelfStore"]),
    .library(name: "ShelfTV", targets: ["ShelfTV"]),
  ],
  dependencies: [
    .package(url: "https://github.com/apple/swift-argument-parser", from: "1.5.0")
  ],
  targets: [
    .systemLibrary(
      name: "CEditLine",
      pkgConfig: "libedit",
      providers: [.apt(["libedit-dev"]), .brew(["libedit"])]
    ),
    .target(
      name: "CEditLineShim", dependencies: ["CEditLine"],
      // Release builds use glibc's checked string and memory functions (hardening).
      cSettings: [.define("_FORTIFY_SOURCE", to: "2", .when(configuration: .release))]),
    .systemLibrary(
      name: "CTurboJPEG",
      pkgConfig: "libturbojpeg",
      providers: [.apt(["libturbojpeg0-dev"]), .brew(["jpeg-turbo"])]
    ),
    .systemLibrary(
      name: "CPNG",
      pkgConfig: "libpng",
      providers: [.apt(["libpng-dev"]), .brew(["libpng"])]
    ),
    .systemLibrary(
      name: "CCurl",
      providers: [.apt(["libcurl4-openssl-dev"]), .brew(["curl"])]
    ),
    .systemLibrary(
      name: "CSQLite",
      pkgConfig: "sqlite3",
      providers: [.apt(["libsqlite3-dev"]), .brew(["sqlite"])]
    ),
    // zlib, to read the zip archives other trackers export (the system's, as for libpng).
    .systemLibrary(
      name: "CZlib",
      pkgConfig: "zlib",
      providers: [.apt(["zlib1g-dev"]), .brew(["zlib"])]
    ),
    // Every escape sequence shelf writes, and the sanitiser that strips them from untrusted text.
    .target(name: "ShelfTerminal"),
    .target(name: "ShelfImages", dependencies: ["CTurboJPEG", "CPNG", "ShelfTerminal"]),
    .target(name: "ShelfFiles"),
    // What shelf keeps on disk, for any module: derived files (the one format of the caches
    // made from the user's and the catalog's files) and the SQLite wrapper with named
    // migrations.
    .target(name: "ShelfStorage", dependencies: ["ShelfFiles", "CSQLite"]),
    // The domain: items, money, ages, shows, episodes; values only, no file I/O.
    .target(name: "ShelfDomain"),
    // Search: the word index, typo ranking, completion keys and the vocabulary.
    .target(name: "ShelfSearch", dependencies: ["ShelfStorage"]),
    // The catalog: its files loaded, and the toys' index file.
    .target(
      name: "ShelfCatalog",
      dependencies: ["ShelfDomain", "ShelfSearch", "ShelfStorage", "ShelfFiles"]),
    .target(
      name: "ShelfStore",
      dependencies: ["ShelfDomain", "ShelfFiles", "ShelfStorage", "ShelfTerminal"]),
    .target(name: "ShelfResources"),
    .target(
      name: "ShelfTV",
      dependencies: [
        "ShelfDomain", "ShelfSearch", "ShelfFiles", "ShelfResources", "ShelfStorage",
        "ShelfTerminal",
      ]),
    .target(name: "ShelfHTTP", dependencies: ["ShelfTV"]),
    // Sync between devices: the household's documents through the system `git`.
    .target(name: "ShelfSync", dependencies: ["ShelfFiles", "ShelfStorage", "ShelfStore"]),
    // Other trackers' exports read into one kind of row, matched on TVmaze, and Yamtrack's CSV
    // written.
    .target(
      name: "ShelfImport",
      dependencies: [
        "CZlib", "ShelfDomain", "ShelfSearch", "ShelfFiles", "ShelfStore", "ShelfTV",
      ]),
    // `shelf` depends on the network helper only to have it built alongside: SwiftPM links no
    // executable target into another, only the library targets beneath it, so everything
    // that links libcurl lives in the helper itself (CCurl is header-only, without pkg-config).
    .executableTarget(name: "shelf-fetch", dependencies: ["CCurl", "ShelfTV"]),
    .target(
      name: "ShelfShell",
      dependencies: [
        "ShelfCatalog", "ShelfDomain", "ShelfSearch", "ShelfFiles", "ShelfImport", "ShelfStore",
        "ShelfSync", "ShelfTV", "ShelfImages", "ShelfTerminal",
      ]),
    .executableTarget(
      name: "shelf",
      dependencies: [
        "ShelfShell", "ShelfCatalog", "ShelfDomain", "ShelfImages", "ShelfFiles", "CEditLineShim",
        "ShelfResources", "ShelfSync", "ShelfTerminal",
        "shelf-fetch",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "ShelfCatalogTests",
      dependencies: [
        "ShelfCatalog", "ShelfDomain", "ShelfSearch", "ShelfImages", "ShelfStorage",
        "ShelfTestSupport",
      ],
      exclude: ["Fixtures"]),
    .testTarget(name: "ShelfFilesTests", dependencies: ["ShelfFiles", "ShelfTestSupport"]),
    .testTarget(name: "ShelfStorageTests", dependencies: ["ShelfStorage", "ShelfTestSupport"]),
    .testTarget(
      name: "ShelfStoreTests",
      dependencies: [
        "ShelfStore", "ShelfDomain", "ShelfFiles", "ShelfStorage", "ShelfTerminal",
        "ShelfTestSupport",
      ]),
    .target(name: "ShelfTestSupport", path: "Tests/ShelfTestSupport"),
    .testTarget(
      name: "ShelfShellTests",
      dependencies: [
        "ShelfShell", "ShelfCatalog", "ShelfDomain", "ShelfSearch", "ShelfStore", "ShelfTV",
        "ShelfHTTP", "ShelfTerminal", "ShelfTestSupport",
      ],
      exclude: ["Transcripts", "Fixtures"]),
    .testTarget(
      name: "ShelfTVTests",
      dependencies: [
        "ShelfTV", "ShelfDomain", "ShelfSearch", "ShelfHTTP", "ShelfStorage", "ShelfTestSupport",
      ],
      exclude: ["Fixtures"]),
    .testTarget(
      name: "ShelfSyncTests", dependencies: ["ShelfSync", "ShelfFiles", "ShelfTestSupport"]),
    .testTarget(
      name: "ShelfImportTests",
      dependencies: [
        "ShelfImport", "ShelfDomain", "ShelfHTTP", "ShelfStore", "ShelfTV", "ShelfTestSupport",
      ]),
    .testTarget(name: "ShelfImagesTests", dependencies: ["ShelfImages", "ShelfTestSupport"]),
    .testTarget(
      name: "ShelfResourcesTests", dependencies: ["ShelfResources", "ShelfTestSupport"]),
    .testTarget(name: "ShelfEndToEndTests", dependencies: ["ShelfTestSupport"]),
    // The front end's own code (the history file), tested in process.
    .testTarget(
      name: "ShelfFrontEndTests", dependencies: ["shelf", "CEditLineShim", "ShelfTestSupport"]),
  ]
)
