import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// A document kept in a property-list file, with a version key.
public protocol StoredDocument: Codable, Sendable {
  static var currentVersion: Int { get }
  var version: Int { get }
  init()
}

/// One property-list file on disk. Reads take a shared lock and changes an exclusive one on
/// `<file>.lock`; a change re-reads the file under the lock, applies the edit and writes a
/// temporary file that is fsynced and renamed over the old one, so two shells never lose each
/// other's changes and a killed shell never leaves half a file. A file that cannot be decoded
/// is moved aside (never overwritten) and reported as a warning.
public final class PropertyListFile<Document: StoredDocument> {
  public let url: URL
  private var warnings: [StoreWarning] = []
  private let now: () -> Date

  public init(url: URL, now: @escaping () -> Date = Date.init) {
    self.url = url
    self.now = now
  }

  /// Warnings collected since the last call.
  public func takeWarnings() -> [StoreWarning] {
    defer { warnings.removeAll() }
    return warnings
  }

  /// The document as it is on disk now (empty when there is no file yet). Reading needs no
  /// lock: a change replaces the file by renaming a complete one over it.
  public func read() throws -> Document {
    try decodeOrSetAside()
  }

  /// Applies `change` to the current document and saves it before returning. When `change`
  /// throws, nothing is written.
  @discardableResult
  public func update<Result>(_ change: (inout Document) throws -> Result) throws -> Result {
    try createDirectory()
    return try withLock {
      var document = try decodeOrSetAside()
      let result = try change(&document)
      try write(document)
      return result
    }
  }

  private func createDirectory() throws {
    let directory = url.deletingLastPathComponent()
    var isDirectory: ObjCBool = false
    if FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory) {
      guard isDirectory.boolValue else {
        throw StoreError(
          path: directory.path, reason: .cannotCreateDirectory("it is a file, not a directory"))
      }
      return
    }
    do {
      try FileManager.default.createDirectory(
        at: directory, withIntermediateDirectories: true,
        attributes: [.posixPermissions: 0o700])
    } catch {
      throw StoreError(
        path: directory.path, reason: .cannotCreateDirectory(Self.describe(error)))
    }
  }

  private func withLock<Result>(_ body: () throws -> Result) throws -> Result {
    let lockPath = url.path + ".lock"
    let descriptor = open(lockPath, O_RDWR | O_CREAT, 0o600)
    guard descriptor >= 0 else {
      throw StoreError(path: url.path, reason: .cannotLock(String(cString: strerror(errno))))
    }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        throw StoreError(path: url.path, reason: .cannotLock(String(cString: strerror(errno))))
      }
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }

  private func decodeOrSetAside() throws -> Document {
    let data: Data
    do {
      var isDirectory: ObjCBool = false
      guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
        return Document()
      }
      if isDirectory.boolValue { return try setAside(reason: "it is a directory, not a file") }
      data = try Data(contentsOf: url)
    } catch {
      return try setAside(reason: "unreadable: \(Self.describe(error))")
    }
    let version: Int
    do {
      version = try PropertyListDecoder().decode(VersionProbe.self, from: data).version
    } catch {
      return try setAside(reason: "not a shelf property list")
    }
    guard version <= Document.currentVersion else {
      throw StoreError(path: url.path, reason: .newerVersion(version))
    }
    do {
      return try PropertyListDecoder().decode(Document.self, from: data)
    } catch {
      return try setAside(reason: "unexpected contents")
    }
  }

  private func setAside(reason: String) throws -> Document {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    var destination = URL(fileURLWithPath: url.path + ".corrupt-" + formatter.string(from: now()))
    var counter = 1
    while FileManager.default.fileExists(atPath: destination.path) {
      counter += 1
      destination = URL(
        fileURLWithPath: url.path + ".corrupt-" + formatter.string(from: now()) + "-\(counter)")
    }
    guard rename(url.path, destination.path) == 0 else {
      // Another reader moved it aside first: the file is gone, start afresh as it did.
      if errno == ENOENT { return Document() }
      throw StoreError(
        path: url.path,
        reason: .cannotWrite(
          "could not move the unreadable file aside: \(String(cString: strerror(errno)))"))
    }
    warnings.append(StoreWarning(path: url.path, movedTo: destination.path, reason: reason))
    return Document()
  }

  private func write(_ document: Document) throws {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    let data: Data
    do {
      data = try encoder.encode(document)
    } catch {
      throw StoreError(path: url.path, reason: .cannotWrite(Self.describe(error)))
    }
    let temporary = url.path + ".tmp-\(getpid())"
    let failure = { (step: String) -> StoreError in
      let detail = String(cString: strerror(errno))
      unlink(temporary)
      return StoreError(path: self.url.path, reason: .cannotWrite("\(step): \(detail)"))
    }
    let descriptor = open(temporary, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
    guard descriptor >= 0 else { throw failure("create") }
    let written = data.withUnsafeBytes { buffer -> Int in
      var offset = 0
      while offset < buffer.count {
        let count = Glibc_write(descriptor, buffer.baseAddress! + offset, buffer.count - offset)
        if count < 0 {
          if errno == EINTR { continue }
          return -1
        }
        offset += count
      }
      return offset
    }
    guard written == data.count, fsync(descriptor) == 0 else {
      close(descriptor)
      throw failure("write")
    }
    guard close(descriptor) == 0 else { throw failure("close") }
    guard rename(temporary, url.path) == 0 else { throw failure("rename") }
    let directory = open(url.deletingLastPathComponent().path, O_RDONLY)
    if directory >= 0 {
      fsync(directory)
      close(directory)
    }
  }

  /// The operating system's own words for an error ("Permission denied"), not Foundation's
  /// `Error Domain=…` dump.
  private static func describe(_ error: Error) -> String {
    let error = error as NSError
    let posix =
      error.domain == NSPOSIXErrorDomain
      ? error
      : (error.userInfo[NSUnderlyingErrorKey] as? NSError).flatMap {
        $0.domain == NSPOSIXErrorDomain ? $0 : nil
      }
    if let posix { return String(cString: strerror(Int32(posix.code))) }
    return error.localizedDescription
  }
}

private struct VersionProbe: Decodable {
  let version: Int
}

private func Glibc_write(_ descriptor: Int32, _ buffer: UnsafeRawPointer, _ count: Int) -> Int {
  write(descriptor, buffer, count)
}
