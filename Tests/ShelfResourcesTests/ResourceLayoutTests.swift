import Foundation
import ShelfResources
import ShelfTestSupport
import XCTest

/// The catalog and the network helper are found from the program's own path, in an installed
/// prefix and in a checkout's build directory, with directories laid out for real.
final class ResourceLayoutTests: TemporaryDirectoryTestCase {
  private let manager = FileManager.default

  /// An empty file, made executable when `executable` is true.
  private func makeFile(_ path: String, executable: Bool) throws -> URL {
    try temporary.write(path, "")
    let url = temporary.file(path)
    try manager.setAttributes(
      [.posixPermissions: executable ? 0o755 : 0o644], ofItemAtPath: url.path)
    return url
  }

  private func makeCatalog(_ path: String) throws -> URL {
    try temporary.write(path + "/toys.tsv", "# toys\nid\tname\n")
    return temporary.file(path)
  }

  func testInstalledPrefixFindsShareAndLibexec() throws {
    let shelf = try makeFile("prefix/bin/shelf", executable: true)
    let helper = try makeFile("prefix/libexec/shelf/shelf-fetch", executable: true)
    let catalog = try makeCatalog("prefix/share/shelf/catalog")

    let layout = ResourceLayout(executable: shelf)
    XCTAssertEqual(layout.catalog()?.path, catalog.path)
    XCTAssertEqual(layout.helper().path, helper.path)
    XCTAssertNil(layout.checkout)
  }

  func testCheckoutBuildDirectoryFindsTheCheckoutCatalogAndTheHelperBeside() throws {
    let shelf = try makeFile(
      "checkout/.build/x86_64-unknown-linux-gnu/debug/shelf", executable: true)
    let helper = try makeFile(
      "checkout/.build/x86_64-unknown-linux-gnu/debug/shelf-fetch", executable: true)
    let catalog = try makeCatalog("checkout/catalog")

    let layout = ResourceLayout(executable: shelf)
    XCTAssertEqual(layout.checkout?.path, temporary.file("checkout").path)
    XCTAssertEqual(layout.catalog()?.path, catalog.path)
    XCTAssertEqual(layout.helper().path, helper.path)
  }

  func testACopyOutsideAnyLayoutHasNoCatalog() throws {
    let shelf = try makeFile("elsewhere/tools/shelf", executable: true)
    _ = try makeCatalog("elsewhere/catalog")

    let layout = ResourceLayout(executable: shelf)
    XCTAssertNil(layout.catalog())
    XCTAssertEqual(
      layout.catalogCandidates.map(\.path), [temporary.file("elsewhere/share/shelf/catalog").path])
    // With no helper anywhere, the one beside the program is named (for the error message).
    XCTAssertEqual(layout.helper().path, temporary.file("elsewhere/tools/shelf-fetch").path)
  }

  func testADirectoryWithoutToysIsNotACatalog() throws {
    let shelf = try makeFile("prefix/bin/shelf", executable: true)
    try manager.createDirectory(
      at: temporary.file("prefix/share/shelf/catalog"), withIntermediateDirectories: true)
    XCTAssertNil(ResourceLayout(executable: shelf).catalog())
  }

  func testAHelperThatCannotRunIsPassedOver() throws {
    let shelf = try makeFile("prefix/bin/shelf", executable: true)
    _ = try makeFile("prefix/libexec/shelf/shelf-fetch", executable: false)
    let beside = try makeFile("prefix/bin/shelf-fetch", executable: true)
    XCTAssertEqual(ResourceLayout(executable: shelf).helper().path, beside.path)
  }

  func testTheInstalledCatalogComesBeforeTheCheckouts() throws {
    let shelf = try makeFile("checkout/.build/release/bin/shelf", executable: true)
    let installed = try makeCatalog("checkout/.build/release/share/shelf/catalog")
    _ = try makeCatalog("checkout/catalog")
    XCTAssertEqual(ResourceLayout(executable: shelf).catalog()?.path, installed.path)
  }

  func testTheRunningProgramIsFoundAsARealFileWithLinksResolved() throws {
    let layout = try XCTUnwrap(ResourceLayout.current(), "the program's own path is unknown")
    let path = layout.executable.path
    XCTAssertTrue(path.hasPrefix("/"), path)
    var isDirectory: ObjCBool = true
    XCTAssertTrue(manager.fileExists(atPath: path, isDirectory: &isDirectory), path)
    XCTAssertFalse(isDirectory.boolValue, path)
    XCTAssertEqual(layout.executable.resolvingSymlinksInPath().path, path)
  }
}
