// swift-tools-version: 6.0
import PackageDescription

let package = Package(
  name: "shelf",
  platforms: [.macOS(.v13)],
  products: [
    .executable(name: "shelf", targets: ["shelf"]),
    // For the separate Benchmarks package (not built by CI).
    .library(name: "ShelfCatalog", targets: ["ShelfCatalog"]),
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
    .target(name: "CEditLineShim", dependencies: ["CEditLine"]),
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
    .target(name: "ShelfImages", dependencies: ["CTurboJPEG", "CPNG"]),
    .target(name: "ShelfCatalog"),
    .target(name: "ShelfStore", dependencies: ["ShelfCatalog"]),
    .target(name: "ShelfTV", dependencies: ["ShelfCatalog"]),
    .target(name: "ShelfHTTP", dependencies: ["ShelfTV"]),
    .executableTarget(name: "shelf-fetch", dependencies: ["ShelfHTTP", "ShelfTV"]),
    .target(
      name: "ShelfShell", dependencies: ["ShelfCatalog", "ShelfStore", "ShelfTV", "ShelfImages"]),
    .executableTarget(
      name: "shelf",
      dependencies: [
        "ShelfShell", "CEditLineShim",
        .product(name: "ArgumentParser", package: "swift-argument-parser"),
      ]
    ),
    .testTarget(
      name: "ShelfCatalogTests", dependencies: ["ShelfCatalog", "ShelfTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(name: "ShelfStoreTests", dependencies: ["ShelfStore", "ShelfTestSupport"]),
    .target(name: "ShelfTestSupport", path: "Tests/ShelfTestSupport"),
    .testTarget(
      name: "ShelfShellTests", dependencies: ["ShelfShell", "ShelfHTTP", "ShelfTestSupport"],
      exclude: ["Transcripts"]),
    .testTarget(
      name: "ShelfTVTests", dependencies: ["ShelfTV", "ShelfHTTP", "ShelfTestSupport"],
      exclude: ["Fixtures"]),
    .testTarget(name: "ShelfImagesTests", dependencies: ["ShelfImages"]),
    .testTarget(name: "ShelfEndToEndTests", dependencies: []),
  ]
)
