// swift-tools-version: 6.0
// The benchmark executables of shelf, kept out of the main package so that CI and `swift test`
// never build them. Run them through `tools/bench`, which builds this package in release mode
// (or one alone: swift run -c release --package-path Benchmarks store-bench).
import PackageDescription

let package = Package(
  name: "shelf-benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "shelf", path: "..")],
  targets: [
    .executableTarget(
      name: "catalog-bench",
      dependencies: [
        .product(name: "ShelfCatalog", package: "shelf"),
        .product(name: "ShelfSearch", package: "shelf"),
        .product(name: "ShelfShell", package: "shelf"),
        .product(name: "ShelfStore", package: "shelf"),
        .product(name: "ShelfTV", package: "shelf"),
      ]),
    .executableTarget(
      name: "store-bench",
      dependencies: [
        .product(name: "ShelfDomain", package: "shelf"),
        .product(name: "ShelfStore", package: "shelf"),
      ]),
  ]
)
