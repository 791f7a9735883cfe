import Foundation
import ShelfFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A document kept in a property-list file, with a version key.
public protocol StoredDocument: Codable, Equatable, Sendable {
  static var currentVersion: Int { get }
  var version: Int { get }
  init()
  /// Drops or clamps values a loaded file should not have; one line per change, naming the
  /// item. The default changes nothing.
  mutating func repair() -> [String]
  /// Writes the document with `writer` and returns true, or returns false to be encoded by
  /// `PropertyListEncoder` (the default). Documents saved on every change write themselves.
  func writeXML(to writer: inout PropertyListXMLWriter) throws -> Bool
}

extension StoredDocument {
  public mutating func repair() -> [String] { [] }
  public func writeXML(to writer: inout PropertyListXMLWriter) throws -> Bool { false }
}

/// One property-list file on disk. Changes take an exclusive lock on `<file>.lock`, re-read
/// the file when another process has replaced it, apply the edit and, only when the document
/// changed, save it through `DurableFile`, so two shells never lose each other's changes and a
/// killed shell never leaves half a file.
///
/// The decoded document is kept with the file's identity (device, inode, size, times): as
/// long as no one else has replaced the file, reads and changes decode nothing, and a change
/// encodes once. A file that cannot be decoded, or is nested deeper than `maximumDepth`, is
/// moved aside (never overwritten) and reported as a warning.
public final class PropertyListFile<Document: StoredDocument> {
  public let url: URL
  /// Deeper nesting than this is refused before decoding (the decoder recurses).
  public static var maximumDepth: Int { 64 }

  private var warnings: [StoreWarning] = []
  private let now: () -> Date
  private var cached: (identity: FileIdentity, document: Document)?
  private let fragments = FragmentCache()
  private let encoder: PropertyListEncoder = {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    return encoder
  }()

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
    try load()
  }

  /// Applies `change` to the current document and saves it before returning, unless the
  /// change left the document as it was. When `change` throws, nothing is written.
  @discardableResult
  public func update<Result>(_ change: (inout Document) throws -> Result) throws -> Result {
    try withLock {
      let original = try load()
      var document = original
      let result = try change(&document)
      if document != original { try save(document) }
      return result
    }
  }

  /// The bytes this file would hold for `document` (what `update` writes).
  public func encoded(_ document: Document) throws -> [UInt8] {
    do {
      var writer = PropertyListXMLWriter(fragments: fragments)
      if try document.writeXML(to: &writer) { return writer.finish() }
      return [UInt8](XMLText.replacingForbiddenCharacters(in: try encoder.encode(document)))
    } catch {
      fragments.clear()
      throw StoreError(path: url.path, reason: .cannotWrite(FileError.systemReason(error)))
    }
  }

  // MARK: - Reading

  private func load() throws -> Document {
    let descriptor = open(url.path, O_RDONLY | O_CLOEXEC)
    guard descriptor >= 0 else {
      let code = errno
      cached = nil
      if code == ENOENT || code == ENOTDIR { return Document() }
      return try setAside(reason: "unreadable: \(FileError.systemReason(code))")
    }
    defer { _ = close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      return try setAside(reason: "unreadable: \(FileError.systemReason(errno))")
    }
    if status.st_mode & S_IFMT == S_IFDIR {
      return try setAside(reason: "it is a directory, not a file")
    }
    let identity = FileIdentity(status)
    if let cached, cached.identity == identity { return cached.document }
    let data: Data
    do {
      data = try readAll(descriptor, size: Int(status.st_size), path: url.path)
    } catch {
      return try setAside(reason: "unreadable: \(FileError.systemReason(error))")
    }
    var document = try decode(data)
    for repair in document.repair() {
      warnings.append(StoreWarning(path: url.path, kind: .repaired(repair)))
    }
    cached = (identity, document)
    return document
  }

  private func decode(_ data: Data) throws -> Document {
    guard PropertyListDepth.isWithin(Self.maximumDepth, data) else {
      return try setAside(reason: "nested more than \(Self.maximumDepth) levels deep")
    }
    // Foundation's XML reader stops the program on some bytes that are not UTF-8 (eight 0xFF
    // in an <integer>), and shelf writes nothing else: such a file is set aside unread.
    guard data.starts(with: Array("bplist".utf8)) || String(bytes: data, encoding: .utf8) != nil
    else {
      return try setAside(reason: "not UTF-8 text")
    }
    let decoder = PropertyListDecoder()
    if let document = try? decoder.decode(Document.self, from: data) {
      guard document.version <= Document.currentVersion else {
        throw StoreError(path: url.path, reason: .newerVersion(document.version))
      }
      return document
    }
    guard let version = try? decoder.decode(VersionProbe.self, from: data).version else {
      return try setAside(reason: "not a shelf property list")
    }
    guard version <= Document.currentVersion else {
      throw StoreError(path: url.path, reason: .newerVersion(version))
    }
    return try setAside(reason: "unexpected contents")
  }

  private func setAside(reason: String) throws -> Document {
    cached = nil
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    let stamp = formatter.string(from: now())
    var destination = url.path + ".corrupt-" + stamp
    var counter = 1
    while access(destination, F_OK) == 0 {
      counter += 1
      destination = url.path + ".corrupt-" + stamp + "-\(counter)"
    }
    guard rename(url.path, destination) == 0 else {
      // Another reader moved it aside first: the file is gone, start afresh as it did.
      if errno == ENOENT { return Document() }
      throw StoreError(
        path: url.path,
        reason: .cannotWrite(
          "could not move the unreadable file aside: \(FileError.systemReason(errno))"))
    }
    warnings.append(StoreWarning(path: url.path, movedTo: destination, reason: reason))
    return Document()
  }

  // MARK: - Writing

  private func save(_ document: Document) throws {
    let bytes = try encoded(document)
    defer { fragments.reuse(bytes) }
    do {
      try DurableFile.write(bytes, to: url)
    } catch let error as FileError {
      cached = nil
      throw StoreError(error)
    }
    var status = stat()
    cached = stat(url.path, &status) == 0 ? (FileIdentity(status), document) : nil
  }

  private func withLock<Result>(_ body: () throws -> Result) throws -> Result {
    let lockPath = url.path + ".lock"
    var descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, DurableFile.fileMode)
    if descriptor < 0 && errno == ENOENT {
      do {
        try DurableFile.createDirectory(url.deletingLastPathComponent())
      } catch let error as FileError {
        throw StoreError(error)
      }
      descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, DurableFile.fileMode)
    }
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOTDIR {
        throw StoreError(
          FileError(
            path: url.deletingLastPathComponent().path, operation: .createDirectory, code: code))
      }
      throw StoreError(FileError(path: url.path, operation: .lock, code: code))
    }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else {
        throw StoreError(FileError(path: url.path, operation: .lock, code: errno))
      }
    }
    defer { flock(descriptor, LOCK_UN) }
    return try body()
  }
}

/// What tells one version of a file from the next: a replaced file is a new inode, an
/// edited one has a new size or modification time.
private struct FileIdentity: Equatable {
  let device: UInt64
  let inode: UInt64
  let size: Int64
  let modified: [Int]
  let changed: [Int]

  init(_ status: stat) {
    device = UInt64(status.st_dev)
    inode = UInt64(status.st_ino)
    size = Int64(status.st_size)
    #if canImport(Darwin)
      modified = [Int(status.st_mtimespec.tv_sec), Int(status.st_mtimespec.tv_nsec)]
      changed = [Int(status.st_ctimespec.tv_sec), Int(status.st_ctimespec.tv_nsec)]
    #else
      modified = [Int(status.st_mtim.tv_sec), Int(status.st_mtim.tv_nsec)]
      changed = [Int(status.st_ctim.tv_sec), Int(status.st_ctim.tv_nsec)]
    #endif
  }
}

/// Everything left to read from `descriptor`, expected to be about `size` bytes.
private func readAll(_ descriptor: Int32, size: Int, path: String) throws -> Data {
  var data = Data(count: max(size, 0))
  var filled = 0
  while true {
    if filled == data.count { data.count += max(4096, data.count) }
    let count = data.withUnsafeMutableBytes { buffer in
      read(descriptor, buffer.baseAddress! + filled, buffer.count - filled)
    }
    if count < 0 {
      if errno == EINTR { continue }
      throw FileError(path: path, operation: .read, code: errno)
    }
    if count == 0 { break }
    filled += count
  }
  data.count = filled
  return data
}

private struct VersionProbe: Decodable {
  let version: Int
}
