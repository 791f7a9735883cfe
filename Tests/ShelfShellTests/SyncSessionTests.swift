import Foundation
import ShelfShell
import ShelfTestSupport
import XCTest

/// Every merge case of the household, with the data's real rules: two and three devices (each
/// a data directory with its own session) and one bare repository as the remote. Edits made
/// on several devices between syncs all arrive.
final class SyncSessionTests: XCTestCase {
  private static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
    .deletingLastPathComponent()
  private var server: TestHTTPServer!
  private var root: TemporaryDirectory!
  private var remote: String { root.file("household.git").path }

  override func setUpWithError() throws {
    server = try TestHTTPServer()
    try server.route(
      "/shows/1/episodes",
      file: Self.fixtures.appendingPathComponent("ShelfCatalogTests/Fixtures/show-1-episodes.json"))
    root = try TemporaryDirectory(prefix: "shelf-sync-session")
  }

  override func tearDown() {
    server?.stop()
    root?.remove()
  }

  /// A device: a data directory and a session on it.
  private final class Device {
    let files: TestLibrary
    let session: Session

    init(server: TestHTTPServer) throws {
      files = try TestLibrary()
      session = Session(
        library: try files.make(baseURL: server.baseURL),
        options: SessionOptions(interactive: false, assumeYes: true, remembersPosition: false),
        asker: ScriptedAsker(), opener: RecordingOpener())
    }
  }

  /// Two devices of one household, each with what the other had; `laptop` started it.
  private func household(_ count: Int = 2) throws -> [Device] {
    let devices = try (0..<count).map { _ in try Device(server: server) }
    XCTAssertTrue(
      plain(run(devices[0].session, "sync init \(remote)")).hasPrefix("Started the household at"))
    for device in devices.dropFirst() { run(device.session, "sync join \(remote)") }
    for device in devices { run(device.session, "sync") }
    return devices
  }

  /// What `sync` printed, its lines joined by spaces (a long note wraps).
  private func sync(_ device: Device) -> String {
    Self.oneLine(plain(run(device.session, "sync")))
  }

  private static func oneLine(_ text: String) -> String {
    text.split(separator: "\n").joined(separator: " ")
  }

  private func favorites(_ device: Device) throws -> Set<String> {
    let listing = try json(run(device.session, "ls /favorites"))
    let rows = try XCTUnwrap(listing["rows"] as? [[String: Any]], "\(listing)")
    return Set(rows.compactMap(Self.reference))
  }

  func testFavouritesAndMarksAddedOnBothDevicesAllArrive() throws {
    let devices = try household()
    let (laptop, desktop) = (devices[0], devices[1])
    run(laptop.session, "fav toy:42; fav show:1; cd /shows/1/S1; watched 1; cd /")
    run(desktop.session, "fav story:7; cd /shows/1/S1; watched 2; cd /")
    XCTAssertEqual(sync(laptop), "Synced: 3 changes sent, 0 received")
    XCTAssertEqual(sync(desktop), "Synced: 2 changes sent, 3 received")
    XCTAssertEqual(sync(laptop), "Synced: 0 changes sent, 2 received")
    for device in devices {
      XCTAssertEqual(try favorites(device), ["toy:42", "story:7", "show:1"])
      let episodes = plain(run(device.session, "episodes show:1"))
      XCTAssertEqual(row(containing: "S01E01", in: episodes).contains("✓"), true, episodes)
      XCTAssertEqual(row(containing: "S01E02", in: episodes).contains("✓"), true, episodes)
    }
  }

  /// A document changed on one side only arrives exactly as that side has it, and each side's
  /// changes are counted once (the merge reads a side the base equals once).
  func testADocumentChangedOnOneSideOnlyArrivesAsThatSideHasIt() throws {
    let devices = try household()
    let (laptop, desktop) = (devices[0], devices[1])
    func bytes(_ device: Device, _ name: String) throws -> Data {
      try Data(contentsOf: device.files.dataDirectory.appendingPathComponent("profiles/me/" + name))
    }
    run(laptop.session, "cd /shows/1/S1; watched 1; watched 2; watched 3; cd /")
    run(desktop.session, "fav toy:42")
    XCTAssertEqual(sync(laptop), "Synced: 3 changes sent, 0 received")
    XCTAssertEqual(sync(desktop), "Synced: 1 change sent, 3 received")
    XCTAssertEqual(try bytes(desktop, "watched.plist"), try bytes(laptop, "watched.plist"))
    XCTAssertEqual(sync(laptop), "Synced: 0 changes sent, 1 received")
    XCTAssertEqual(try bytes(laptop, "favorites.plist"), try bytes(desktop, "favorites.plist"))
    run(desktop.session, "cd /shows/1/S1; unwatched 2; cd /")
    XCTAssertEqual(sync(desktop), "Synced: 1 change sent, 0 received")
    XCTAssertEqual(sync(laptop), "Synced: 0 changes sent, 1 received")
    XCTAssertEqual(try bytes(laptop, "watched.plist"), try bytes(desktop, "watched.plist"))
  }

  func testARemovalTravelsWhereTheOtherDeviceDidNotTouchTheItem() throws {
    let devices = try household()
    run(devices[0].session, "fav toy:42; fav toy:12")
    _ = sync(devices[0])
    _ = sync(devices[1])
    run(devices[0].session, "unfav toy:42 -y")
    run(devices[1].session, "fav story:7")
    _ = sync(devices[0])
    _ = sync(devices[1])
    _ = sync(devices[0])
    for device in devices { XCTAssertEqual(try favorites(device), ["toy:12", "story:7"]) }
  }

  func testTheLaterStatusAndRatingWin() throws {
    let devices = try household()
    run(devices[0].session, "fav show:1")
    _ = sync(devices[0])
    _ = sync(devices[1])
    run(devices[1].session, "status show:1 dropped; rate show:1 4")
    Thread.sleep(forTimeInterval: 1.1)  // a change's time is kept to the second
    run(devices[0].session, "status show:1 completed; rate show:1 9")
    _ = sync(devices[1])
    _ = sync(devices[0])
    _ = sync(devices[1])
    for device in devices {
      let show = try json(run(device.session, "info show:1"))
      let tracking = try XCTUnwrap(show["tracking"] as? String, "\(show)")
      XCTAssertEqual(tracking, "completed")
      XCTAssertEqual(show["myRating"] as? Int, 9)
    }
  }

  func testCartLinesBoughtOnBothDevicesAddUpAndStopAt999() throws {
    let devices = try household()
    run(devices[0].session, "buy toy:42 -n 2")
    _ = sync(devices[0])
    _ = sync(devices[1])
    run(devices[0].session, "buy toy:42 -n 3")
    run(devices[1].session, "buy toy:42 -n 4; buy product:1001 -n 1")
    _ = sync(devices[0])
    _ = sync(devices[1])
    _ = sync(devices[0])
    for device in devices { XCTAssertEqual(try cart(device), ["toy:42": 9, "product:1001": 1]) }
    run(devices[0].session, "cd /cart; qty toy:42 600")
    run(devices[1].session, "cd /cart; qty toy:42 700")
    _ = sync(devices[0])
    _ = sync(devices[1])
    _ = sync(devices[0])
    for device in devices { XCTAssertEqual(try cart(device)["toy:42"], 999) }
  }

  /// `toy:42`, from a JSON row's kind and id.
  private static func reference(_ row: [String: Any]) -> String? {
    guard let kind = row["kind"] as? String, let id = row["id"] as? Int else { return nil }
    return "\(kind):\(id)"
  }

  func testALineAddedOnBothDevicesAddsUpTheirQuantities() throws {
    let devices = try household()
    run(devices[0].session, "buy toy:42 -n 2")
    run(devices[1].session, "buy toy:42 -n 3")
    _ = sync(devices[0])
    _ = sync(devices[1])
    _ = sync(devices[0])
    for device in devices { XCTAssertEqual(try cart(device), ["toy:42": 5]) }
  }

  func testEachDeviceStartsAsThePersonItStartedAs() throws {
    let laptop = try Device(server: server)
    run(laptop.session, "profile add Mia --born 2019-05")
    run(laptop.session, "sync init \(remote)")
    let desktop = try Device(server: server)
    run(desktop.session, "sync join \(remote)")
    _ = sync(laptop)
    for device in [laptop, desktop] {
      let restarted = Session(
        library: try device.files.make(baseURL: server.baseURL),
        options: SessionOptions(interactive: false), asker: ScriptedAsker(),
        opener: RecordingOpener())
      let people = try json(run(restarted, "profile"))
      let active = (people["rows"] as? [[String: Any]])?.first { $0["active"] as? Bool == true }
      XCTAssertEqual(active?["name"] as? String, "me", "\(people)")
    }
  }

  private func cart(_ device: Device) throws -> [String: Int] {
    let listing = try json(run(device.session, "ls /cart"))
    let rows = try XCTUnwrap(listing["rows"] as? [[String: Any]], "\(listing)")
    var quantities: [String: Int] = [:]
    for row in rows {
      if let ref = Self.reference(row) { quantities[ref] = row["quantity"] as? Int }
    }
    return quantities
  }

  func testAPersonAddedOnEachDeviceArrivesOnEvery() throws {
    let devices = try household(3)
    run(devices[0].session, "profile add Mia --born 2019-05")
    run(devices[1].session, "profile add Leo --born 2017-09")
    run(devices[2].session, "profile add Grandma")
    for device in devices + devices { _ = sync(device) }
    for device in devices { XCTAssertEqual(try people(device), ["Grandma", "Leo", "Mia", "me"]) }
  }

  private func people(_ device: Device) throws -> [String] {
    let listing = try json(run(device.session, "profile"))
    let rows = try XCTUnwrap(listing["rows"] as? [[String: Any]], "\(listing)")
    return rows.compactMap { $0["name"] as? String }.sorted()
  }

  func testARenameOnOneDeviceTakesTheOthersChangesToTheNewName() throws {
    let devices = try household()
    run(devices[0].session, "profile add Mia --born 2019-05")
    _ = sync(devices[0])
    _ = sync(devices[1])
    run(devices[0].session, "profile rename Mia Mila")
    run(devices[1].session, "profile use Mia; fav toy:12; wish toy:42; profile use me")
    _ = sync(devices[0])
    _ = sync(devices[1])
    _ = sync(devices[0])
    for device in devices {
      XCTAssertEqual(try people(device), ["Mila", "me"])
      run(device.session, "profile use Mila")
      XCTAssertEqual(try favorites(device), ["toy:12"])
      run(device.session, "profile use me")
    }
    XCTAssertTrue(
      FileManager.default.fileExists(
        atPath: devices[1].files.dataDirectory.appendingPathComponent(
          "profiles/mila/favorites.plist"
        )
        .path))
  }

  func testAPersonRemovedOnOneDeviceWhileChangedOnTheOtherHasTheChangesKeptAside() throws {
    let devices = try household()
    run(devices[0].session, "profile add Mia --born 2019-05")
    _ = sync(devices[0])
    _ = sync(devices[1])
    run(devices[0].session, "profile rm Mia -y")
    run(devices[1].session, "profile use Mia; fav toy:12; profile use me")
    _ = sync(devices[0])
    let report = sync(devices[1])
    XCTAssertTrue(report.hasPrefix("Synced: 1 change sent, 1 received"), report)
    let profiles = devices[1].files.dataDirectory.appendingPathComponent("profiles")
    let kept = try XCTUnwrap(
      try FileManager.default.contentsOfDirectory(atPath: profiles.path).first {
        $0.hasPrefix("mia.removed-")
      })
    XCTAssertTrue(
      report.contains(
        "Mia was removed on another device; their files are kept in "
          + profiles.appendingPathComponent(kept).path), report)
    let favorites = try String(
      contentsOf: profiles.appendingPathComponent("\(kept)/favorites.plist"), encoding: .utf8)
    XCTAssertTrue(favorites.contains("<integer>12</integer>"), favorites)
    _ = sync(devices[0])
    XCTAssertEqual(try people(devices[0]), ["me"])
  }

  func testClaimsStayHiddenFromTheListsOwnerOnEveryDevice() throws {
    let devices = try household()
    run(devices[0].session, "profile add Mia --born 2019-05; profile use Mia; wish toy:42")
    run(devices[0].session, "profile use me")
    _ = sync(devices[0])
    _ = sync(devices[1])
    run(devices[1].session, "cd /profiles/Mia/wishlist; claim toy:42; cd /")
    _ = sync(devices[1])
    _ = sync(devices[0])
    for device in devices {
      run(device.session, "profile use Mia")
      let own = try json(run(device.session, "ls /profiles/Mia/wishlist"))
      let rows = try XCTUnwrap(own["rows"] as? [[String: Any]])
      XCTAssertEqual(rows.count, 1)
      XCTAssertNil(rows.first?["claimed"], "the owner never sees a claim: \(rows)")
      for screen in ["ls /profiles/Mia/wishlist", "ls /wishlist", "export"] {
        let text = plain(run(device.session, screen))
        XCTAssertFalse(text.lowercased().contains("claim"), "\(screen): \(text)")
      }
      run(device.session, "profile use me")
      let others = try json(run(device.session, "ls /profiles/Mia/wishlist"))
      XCTAssertEqual((others["rows"] as? [[String: Any]])?.first?["claimed"] as? Bool, true)
      XCTAssertTrue(plain(run(device.session, "ls /profiles/Mia/wishlist")).contains("Claimed"))
    }
  }

  func testADamagedDocumentFromAnotherDeviceIsReplacedByThisDevicesCopy() throws {
    let devices = try household()
    run(devices[0].session, "fav toy:42")
    _ = sync(devices[0])
    _ = sync(devices[1])
    // Edited by hand into something that is not a property list, then synced as it is.
    let file = devices[0].files.dataDirectory.appendingPathComponent("profiles/me/favorites.plist")
    try Data("not a property list\n".utf8).write(to: file)
    _ = sync(devices[0])
    run(devices[1].session, "fav toy:12")
    let report = sync(devices[1])
    XCTAssertTrue(
      report.contains("the copy of me's favorites.plist from another device is damaged"), report)
    XCTAssertEqual(try favorites(devices[1]), ["toy:42", "toy:12"])
    let repaired = sync(devices[0])
    XCTAssertTrue(
      repaired.contains("me's favorites.plist on this device was damaged"), repaired)
    XCTAssertEqual(try favorites(devices[0]), ["toy:42", "toy:12"])
    let kept = try FileManager.default.contentsOfDirectory(
      atPath: file.deletingLastPathComponent().path
    )
    .filter { $0.hasPrefix("favorites.plist.corrupt-") }
    XCTAssertEqual(kept.count, 1)
  }

  func testOnlyTheDeclaredDocumentsTravel() throws {
    let devices = try household()
    run(devices[0].session, "fav show:1; cd /shows/1/S1; watched 1; cd /; buy toy:42")
    _ = sync(devices[0])
    let listing = try Git.lines(["--git-dir", remote, "ls-tree", "-r", "--name-only", "main"])
    let allowed: Set = [
      "favorites.plist", "watched.plist", "tracking.plist", "read.plist", "wishlist.plist",
      "preferences.plist",
    ]
    for path in listing {
      let parts = path.split(separator: "/")
      if parts.count == 1 {
        XCTAssertTrue(["shelf-household", "profiles.plist", "cart.plist"].contains(path), path)
      } else {
        XCTAssertEqual(parts.count, 3, path)
        XCTAssertEqual(parts.first, "people", path)
        XCTAssertTrue(allowed.contains(String(parts[2])), path)
      }
    }
    XCTAssertTrue(listing.contains { $0.hasSuffix("/watched.plist") }, "\(listing)")
    XCTAssertTrue(
      FileManager.default.fileExists(
        atPath: devices[0].files.dataDirectory.appendingPathComponent("episodes").path),
      "the episodes kept with the favourites stay on the device")
  }

  func testStatusSaysWhereWhenAndWhatWaits() throws {
    let devices = try household()
    run(devices[0].session, "fav toy:42; fav toy:12")
    let status = try json(run(devices[0].session, "sync status --json"))
    XCTAssertEqual(status["remote"] as? String, remote)
    XCTAssertEqual(status["waiting"] as? Int, 2)
    XCTAssertEqual(status["device"] as? String, "test-device")
    XCTAssertEqual(status["syncing"] as? Bool, true)
    XCTAssertNotNil(status["lastSync"] as? String)
    let text = plain(run(devices[0].session, "sync status"))
    XCTAssertTrue(text.contains("To send    2 changes"), text)
    _ = sync(devices[0])
    XCTAssertEqual(try json(run(devices[0].session, "sync status --json"))["waiting"] as? Int, 0)
    let off = Self.oneLine(plain(run(devices[1].session, "sync off")))
    XCTAssertEqual(off, "Stopped syncing with \(remote); every file stays here.")
    XCTAssertEqual(try favorites(devices[1]), [], "nothing of the laptop's arrived")
    XCTAssertEqual(
      try json(run(devices[1].session, "sync status --json"))["syncing"] as? Bool, false)
    let failure = devices[1].session.run("sync").last?.errorMessage ?? ""
    XCTAssertTrue(failure.hasPrefix("sync: this data directory does not sync"), failure)
  }
}

/// Runs the system git for a test's checks.
enum Git {
  static func lines(_ arguments: [String]) throws -> [String] {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
    process.arguments = arguments
    process.environment = [
      "PATH": "/usr/bin:/bin", "HOME": FileManager.default.temporaryDirectory.path,
    ]
    let output = Pipe()
    process.standardOutput = output
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    return String(decoding: data, as: UTF8.self).split(separator: "\n").map(String.init)
  }
}
