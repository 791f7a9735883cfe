import Foundation
import ShelfTestSupport
import XCTest

@testable import ShelfSync

#if canImport(Glibc)
  import Glibc
#endif

/// A network remote (git's own daemon on 127.0.0.1), and credentials in a remote's address,
/// which nothing shelf prints or writes ever shows, git's messages included.
final class SyncNetworkTests: XCTestCase {
  private var root: TemporaryDirectory!

  override func setUpWithError() throws {
    root = try TemporaryDirectory(prefix: "shelf-sync")
  }

  override func tearDown() {
    root?.remove()
  }

  func testThreeDevicesSyncThroughGitsDaemon() throws {
    let served = root.file("served")
    try FileManager.default.createDirectory(at: served, withIntermediateDirectories: true)
    try Git.run(["init", "--quiet", "--bare", served.appendingPathComponent("household.git").path])
    guard let daemon = try GitDaemon(root: served) else {
      throw XCTSkip("git's daemon is not installed")
    }
    defer { daemon.stop() }
    let address = daemon.url("household.git")
    let devices = try ["laptop", "desktop", "tablet"].map { try SyncDevice($0, in: root.url) }
    try devices[0].write("people.txt", ["p1 Mia"])
    try devices[0].write("list.txt", ["milk"])
    XCTAssertEqual(try devices[0].start(address).sent, 2)
    for device in devices.dropFirst() {
      try device.write("list.txt", ["from \(device.name)"])
      try device.join(address)
    }
    for device in devices { try device.sync() }
    for device in devices {
      XCTAssertEqual(
        Set(device.lines("list.txt")), ["milk", "from desktop", "from tablet"], device.name)
    }
    daemon.stop()
    XCTAssertThrowsError(try devices[0].sync()) { error in
      XCTAssertTrue("\(error)".hasPrefix("cannot reach \(address): "), "\(error)")
    }
  }

  func testAnSSHRemoteGoesThroughGitsOwnSSHSettings() throws {
    // A stand-in for ssh (as GIT_SSH_COMMAND or core.sshCommand would name one): it records
    // the host it was asked for and runs git's command here.
    let ssh = root.file("fake-ssh")
    let log = root.file("ssh.log")
    try Data(
      """
      #!/bin/sh
      echo "$1" >> \(log.path)
      exec sh -c "$2"
      """.utf8
    ).write(to: ssh)
    chmod(ssh.path, 0o755)
    let served = root.file("nas/household.git").path
    let laptop = try SyncDevice("laptop", in: root.url)
    let settings = ["GIT_SSH_COMMAND": ssh.path, "GIT_SSH_VARIANT": "simple"]
    laptop.environment = settings
    try laptop.write("list.txt", ["milk"])
    try Git.run(["init", "--quiet", "--bare", served])
    XCTAssertEqual(try laptop.start("ssh://nas.local\(served)").sent, 1)
    let desktop = try SyncDevice("desktop", in: root.url)
    desktop.environment = settings
    try desktop.join("nas.local:\(served)")
    XCTAssertEqual(desktop.lines("list.txt"), ["milk"])
    let hosts = String(decoding: try Data(contentsOf: log), as: UTF8.self)
    XCTAssertTrue(hosts.contains("nas.local"), hosts)
  }

  func testCredentialsInTheAddressAreNeverShown() throws {
    let server = try TestHTTPServer()
    defer { server.stop() }
    server.route(
      "/locked.git/info/refs?service=git-upload-pack",
      always: .status(401, headers: ["WWW-Authenticate": "Basic realm=\"household\""]))
    let laptop = try SyncDevice("laptop", in: root.url)
    try laptop.write("list.txt", ["milk"])
    let engine = laptop.engine()
    for path in ["locked.git", "missing.git"] {
      let address = "http://alice:s3cret-t0ken@127.0.0.1:\(server.port)/\(path)"
      XCTAssertThrowsError(try engine.join(RemoteAddress(address))) { error in
        let text = "\(error)"
        XCTAssertTrue(text.hasPrefix("cannot reach http://***@127.0.0.1:\(server.port)/"), text)
        XCTAssertFalse(text.contains("s3cret") || text.contains("alice"), text)
      }
    }
    for file in try allFiles(in: laptop.data) {
      let contents = String(decoding: try Data(contentsOf: file), as: UTF8.self)
      XCTAssertFalse(contents.contains("s3cret"), "\(file.path) holds the token")
    }
  }

  func testTheRemoteIsShownWithoutCredentialsAndGitsWordsAreRedacted() {
    let token = RemoteAddress("https://ghp_Secret123@github.com/family/household.git")
    XCTAssertEqual(token.display, "https://***@github.com/family/household.git")
    let password = RemoteAddress("https://alice:p%40ss@nas.local:8443/household.git")
    XCTAssertEqual(password.display, "https://***@nas.local:8443/household.git")
    XCTAssertEqual(
      password.redact("fatal: Authentication failed for user alice with p@ss and p%40ss"),
      "fatal: Authentication failed for user *** with *** and ***")
    let ssh = RemoteAddress("ssh://git@nas.local/srv/household.git")
    XCTAssertEqual(ssh.display, "ssh://git@nas.local/srv/household.git", "an ssh user is no secret")
    XCTAssertEqual(RemoteAddress("nas:household.git").display, "nas:household.git")
    XCTAssertFalse(RemoteAddress("nas:household.git").isLocalPath)
    XCTAssertTrue(RemoteAddress("./a:b").isLocalPath)
    XCTAssertEqual(
      RemoteAddress("household.git", workingDirectory: "/home/mia").text,
      "/home/mia/household.git")
    XCTAssertEqual(
      token.redact("To https://other:pw@host/x.git and https://ghp_Secret123@github.com"),
      "To https://***@host/x.git and https://***@github.com")
  }

  private func allFiles(in directory: URL) throws -> [URL] {
    let enumerator = FileManager.default.enumerator(
      at: directory, includingPropertiesForKeys: [.isRegularFileKey])
    var files: [URL] = []
    while let url = enumerator?.nextObject() as? URL {
      if (try url.resourceValues(forKeys: [.isRegularFileKey])).isRegularFile == true {
        files.append(url)
      }
    }
    return files
  }
}
