// swift-tools-version: 6.0
// Benchmarks for shelf, kept out of the main package so that CI and `swift test` never build
// them. Run: swift run -c release --package-path Benchmarks store-bench
import PackageDescription

let package = Package(
  name: "shelf-benchmarks",
  platforms: [.macOS(.v13)],
  dependencies: [.package(name: "shelf", path: "..")],
  targets: [
    .executableTarget(
      name: "store-bench",
      dependencies: [.product(name: "ShelfStore", package: "shelf")]
    )
  ]
)
