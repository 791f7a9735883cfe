import Foundation
import ShelfFiles
import ShelfTestSupport
import XCTest

@testable import ShelfSync

/// One device of a household in a test: a data directory of its own, synced by the engine with
/// `LineSetRules`, git run with a home of its own (no user settings).
final class SyncDevice: @unchecked Sendable {
  let name: String
  let data: URL
  let home: URL
  /// Variables added to the environment git runs with.
  var environment: [String: String] = [:]

  init(_ name: String, in root: URL) throws {
    self.name = name
    data = root.appendingPathComponent(name, isDirectory: true)
    home = root.appendingPathComponent("home-\(name)", isDirectory: true)
    for directory in [data, home] {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    }
  }

  static var environment: [String: String] {
    ["PATH": "/usr/bin:/bin", "GIT_CONFIG_NOSYSTEM": "1", "LANG": "C.UTF-8"]
  }

  func engine(interrupted: @escaping @Sendable () -> Bool = { false }) -> SyncEngine {
    var environment = Self.environment.merging(self.environment) { _, added in added }
    environment["HOME"] = home.path
    let sink = LockedLines()
    return SyncEngine(
      dataDirectory: data, rules: LineSetRules(),
      options: SyncOptions(
        environment: environment, device: name, verbose: { sink.add($0) },
        interrupted: interrupted))
  }

  @discardableResult
  func sync() throws -> SyncReport { try engine().sync() }

  @discardableResult
  func start(_ remote: String) throws -> SyncReport { try engine().start(RemoteAddress(remote)) }

  @discardableResult
  func join(_ remote: String) throws -> SyncReport { try engine().join(RemoteAddress(remote)) }

  func write(_ path: String, _ lines: [String]) throws {
    let url = data.appendingPathComponent(path)
    try FileManager.default.createDirectory(
      at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
    try LineSetRules.document(lines).write(to: url, options: .atomic)
  }

  /// Adds lines to a document under its lock, as a command would.
  func add(_ path: String, _ added: [String]) throws {
    let url = data.appendingPathComponent(path)
    try FileLock(for: url).withLock {
      try write(path, lines(path) + added.filter { !lines(path).contains($0) })
    }
  }

  func lines(_ path: String) -> [String] {
    LineSetRules.lines(try? Data(contentsOf: data.appendingPathComponent(path)))
  }

  func exists(_ path: String) -> Bool {
    FileManager.default.fileExists(atPath: data.appendingPathComponent(path).path)
  }
}

/// Lines collected from several threads (git's messages of a verbose sync, failures).
final class LockedLines: @unchecked Sendable {
  private let lock = NSLock()
  private var lines: [String] = []

  func add(_ line: String) {
    lock.lock()
    lines.append(line)
    lock.unlock()
  }

  var all: [String] {
    lock.lock()
    defer { lock.unlock() }
    return lines
  }
}

/// A household's shared remote for tests: a bare repository path, made by the first `start`.
struct HouseholdRemote {
  let root: URL
  var path: String { root.appendingPathComponent("household.git").path }

  /// The files of the remote's `main`, read with git.
  func files() throws -> [String] {
    let output = try git(["ls-tree", "-r", "--name-only", "main"])
    return output.split(separator: "\n").map(String.init).sorted()
  }

  func show(_ path: String) throws -> String {
    try git(["show", "main:\(path)"])
  }

  func commitCount() throws -> Int {
    Int(try git(["rev-list", "--count", "main"]).trimmingCharacters(in: .newlines)) ?? 0
  }

  @discardableResult
  func git(_ arguments: [String]) throws -> String {
    try Git.run(["--git-dir", path] + arguments)
  }
}

/// Runs the system git for a test's own setup and checks.
enum Git {
  @discardableResult
  static func run(_ arguments: [String], in directory: URL? = nil) throws -> String {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/git")
    process.arguments = arguments
    var environment = SyncDevice.environment
    environment["HOME"] = FileManager.default.temporaryDirectory.path
    environment["GIT_AUTHOR_NAME"] = "test"
    environment["GIT_AUTHOR_EMAIL"] = "test@example.com"
    environment["GIT_COMMITTER_NAME"] = "test"
    environment["GIT_COMMITTER_EMAIL"] = "test@example.com"
    process.environment = environment
    if let directory { process.currentDirectoryURL = directory }
    let output = Pipe()
    process.standardOutput = output
    process.standardError = FileHandle.nullDevice
    try process.run()
    let data = output.fileHandleForReading.readDataToEndOfFile()
    process.waitUntilExit()
    guard process.terminationStatus == 0 else {
      throw NSError(
        domain: "git", code: Int(process.terminationStatus),
        userInfo: [NSLocalizedDescriptionKey: "git \(arguments.joined(separator: " ")) failed"])
    }
    return String(decoding: data, as: UTF8.self)
  }
}
