import Foundation
import ShelfTestSupport
import XCTest

@testable import ShelfFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

final class DurableFileTests: TemporaryDirectoryTestCase {
  private func mode(_ url: URL) throws -> Int {
    try XCTUnwrap(
      FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int)
  }

  private func isSymbolicLink(_ url: URL) throws -> Bool {
    try FileManager.default.attributesOfItem(atPath: url.path)[.type] as? FileAttributeType
      == .typeSymbolicLink
  }

  func testWriteReplacesTheFileAndLeavesNoTemporary() throws {
    let url = temporary.file("shows.json")
    try DurableFile.write(Data("one".utf8), to: url)
    try DurableFile.write(Data("two".utf8), to: url)
    XCTAssertEqual(try Data(contentsOf: url), Data("two".utf8))
    XCTAssertEqual(temporary.names(), ["shows.json"])
  }

  func testFilesAre0600AndNewDirectories0700() throws {
    let url = temporary.file("data/deeper/cart.plist")
    try DurableFile.write(Data("x".utf8), to: url)
    XCTAssertEqual(try mode(url), 0o600)
    XCTAssertEqual(try mode(temporary.file("data/deeper")), 0o700)
    XCTAssertEqual(try mode(temporary.file("data")), 0o700)
  }

  func testAnExistingFileThatWasOpenToOthersBecomesPrivate() throws {
    let url = temporary.file("favorites.plist")
    try Data("old".utf8).write(to: url)
    chmod(url.path, 0o644)
    try DurableFile.write(Data("new".utf8), to: url)
    XCTAssertEqual(try mode(url), 0o600)
  }

  func testTemporaryNamesAreUnpredictableAndHidden() {
    let names = Set((0..<100).map { _ in TemporaryName.make(for: "cart.plist") })
    XCTAssertEqual(names.count, 100)
    for name in names {
      XCTAssertTrue(name.hasPrefix(".cart.plist.\(getpid())-"), name)
      XCTAssertEqual(TemporaryName.owner(of: name), .some(getpid()), name)
    }
  }

  func testTheTemporaryIsNeverOpenedThroughAPlantedLink() throws {
    let victim = temporary.file("victim")
    try Data("precious".utf8).write(to: victim)
    let planted = temporary.file(".cart.plist.1-0000000000000000.shelf-tmp")
    try FileManager.default.createSymbolicLink(at: planted, withDestinationURL: victim)
    XCTAssertEqual(DurableFile.openExclusive(planted.path), -1)
    XCTAssertEqual(errno, EEXIST)
    XCTAssertEqual(try Data(contentsOf: victim), Data("precious".utf8))
  }

  func testAWriteThroughASymbolicLinkReplacesItsTargetAndKeepsTheLink() throws {
    let dotfiles = temporary.file("dotfiles")
    try FileManager.default.createDirectory(at: dotfiles, withIntermediateDirectories: true)
    let target = dotfiles.appendingPathComponent("favorites.plist")
    try Data("old".utf8).write(to: target)
    let data = temporary.file("data")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    let link = data.appendingPathComponent("favorites.plist")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: "../dotfiles/favorites.plist")

    try DurableFile.write(Data("new".utf8), to: link)

    XCTAssertTrue(try isSymbolicLink(link), "the link stays a link")
    XCTAssertEqual(try Data(contentsOf: target), Data("new".utf8))
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: data.path), ["favorites.plist"])
    XCTAssertEqual(
      try FileManager.default.contentsOfDirectory(atPath: dotfiles.path), ["favorites.plist"])
  }

  func testAWriteThroughADanglingLinkFailsAndCreatesNoDirectory() throws {
    let data = temporary.file("data")
    try FileManager.default.createDirectory(at: data, withIntermediateDirectories: true)
    let missing = temporary.file("gone/deeper")
    let link = data.appendingPathComponent("cart.plist")
    try FileManager.default.createSymbolicLink(
      atPath: link.path, withDestinationPath: missing.appendingPathComponent("cart.plist").path)

    XCTAssertThrowsError(try DurableFile.write(Data("new".utf8), to: link)) { error in
      XCTAssertEqual(
        error as? FileError,
        FileError(
          path: missing.appendingPathComponent("cart.plist").path, operation: .save, code: ENOENT))
    }
    XCTAssertFalse(FileManager.default.fileExists(atPath: temporary.file("gone").path))
    XCTAssertTrue(try isSymbolicLink(link), "the link stays a link")
  }

  func testStaleTemporariesOfDeadWritersAreRemovedAndNothingElse() throws {
    let dead = try EndedProcess.id()
    let stale = [
      ".cart.plist.\(dead)-0123456789abcdef.shelf-tmp",
      "cart.plist.tmp-\(dead)",
      ".shows.json.6F9619FF-8B86-D011-B42D-00C04FC964FF.tmp",
    ]
    let kept = [
      "cart.plist", "favorites.plist.corrupt-20240101-120000", "notes.tmp", "cart.plist.lock",
      ".favorites.plist.\(getpid())-0123456789abcdef.shelf-tmp",
      ".cart.plist.12-xyz.shelf-tmp", "history",
    ]
    for name in stale + kept { try temporary.write(name, "x") }

    XCTAssertEqual(DurableFile.removeStaleTemporaries(in: temporary.url), 3)
    XCTAssertEqual(temporary.names(), kept.sorted())
  }

  func testErrorsNameTheFileAndTheSystemsReason() throws {
    let blocker = temporary.file("blocker")
    try Data("a file".utf8).write(to: blocker)
    let url = blocker.appendingPathComponent("cart.plist")
    XCTAssertThrowsError(try DurableFile.write(Data("x".utf8), to: url)) { error in
      XCTAssertEqual(
        (error as? FileError)?.description,
        "cannot save \(url.path): Not a directory")
    }
  }

  func testFoundationErrorsAreReducedToTheSystemsWords() {
    let error = NSError(
      domain: NSCocoaErrorDomain, code: 512,
      userInfo: [NSUnderlyingErrorKey: NSError(domain: NSPOSIXErrorDomain, code: Int(EACCES))])
    let fileError = FileError(path: "/x/cart.plist", operation: .save, error: error)
    XCTAssertEqual(fileError.description, "cannot save /x/cart.plist: Permission denied")
  }
}
