import Foundation
import ShelfFiles
import ShelfStorage

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
  /// Whether the document holds values that record when they changed (its datums declared in
  /// `UserDataDeclaration` say which; a test holds the two together). The default: no, and a
  /// change of it never reads the declaration.
  static var recordsChanges: Bool { get }
  /// The document of `bytes` read by a reader of its own, for a large document that
  /// `PropertyListDecoder` takes long to decode; nil when the bytes are not in the form it
  /// reads (the decoder reads them then). It must give what the decoder gives. The default
  /// reads nothing.
  static func readXML(_ bytes: UnsafeRawBufferPointer) -> Self?
}

extension StoredDocument {
  public mutating func repair() -> [String] { [] }
  public static var recordsChanges: Bool { false }
  public func writeXML(to writer: inout PropertyListXMLWriter) throws -> Bool { false }
  public static func readXML(_ bytes: UnsafeRawBufferPointer) -> Self? { nil }
}

/// One property-list file on disk. Changes take an exclusive lock on `<file>.lock`, re-read
/// the file when another process has replaced it, apply the edit and, only when the document
/// changed, save it through `DurableFile`, so two shells never lose each other's changes and a
/// killed shell never leaves half a file.
///
/// The decoded document is kept with the file's identity (device, inode, size, times): as
/// long as no one else has replaced the file, reads and changes decode nothing, and a change
/// encodes once. The file is opened without blocking and must be a regular file of at most
/// `sizeLimit` bytes: anything else (a pipe, a device, a directory, a file it may not read) is
/// an error naming it, and the file is left where it is. A file that was read but is not a
/// document (or is nested deeper than `maximumDepth`) is moved aside, never overwritten, with
/// a warning. A document that needed repairs (`StoredDocument.repair`) is written back once,
/// repaired, with the original kept beside it as `<file>.before-repair-<time>`.
public final class PropertyListFile<Document: StoredDocument> {
  public let url: URL
  /// A compact copy of the document in the cache directory, read instead of decoding the file
  /// while it was made from the file as it is now; nil: none is kept.
  public let snapshot: DocumentSnapshot<Document>?
  /// Deeper nesting than this is refused before decoding (the decoder recurses).
  public static var maximumDepth: Int { 64 }
  /// A larger file is refused unread: a lifetime of watched marks is a few tens of MiB.
  public static var sizeLimit: Int { 256 << 20 }

  private var warnings: [StoreWarning] = []
  private let now: () -> Date
  /// The document of the file version `identity`; `unrepaired` holds the file's bytes while
  /// the repairs made on reading them are not written back yet.
  private var cached: (identity: FileIdentity, document: Document, unrepaired: Data?)?
  private let fragments = FragmentCache()
  private let encoder: PropertyListEncoder = {
    let encoder = PropertyListEncoder()
    encoder.outputFormat = .xml
    return encoder
  }()

  public init(
    url: URL, snapshot: DocumentSnapshot<Document>? = nil, now: @escaping () -> Date = Date.init
  ) {
    self.url = url
    self.snapshot = snapshot
    self.now = now
  }

  /// Warnings collected since the last call.
  public func takeWarnings() -> [StoreWarning] {
    defer { warnings.removeAll() }
    return warnings
  }

  /// The document as it is on disk now (empty when there is no file yet). Reading needs no
  /// lock: a change replaces the file by renaming a complete one over it. A document that had
  /// to be repaired is written back now, once (a failure there is a warning).
  public func read() throws -> Document {
    let document = try load()
    guard cached?.unrepaired != nil else { return document }
    do {
      return try withLock {
        let current = try load()
        if cached?.unrepaired != nil { try writeRepaired(current) }
        return current
      }
    } catch let error as StoreError {
      cached?.unrepaired = nil
      warnings.append(StoreWarning(path: url.path, kind: .repairNotSaved(error.description)))
      return document
    }
  }

  /// Applies `change` to the current document and saves it before returning, unless the
  /// change left the document as it was (and it needed no repair). When `change` throws,
  /// nothing is written. Each value it changed records the time now (`recordingChanges`
  /// false: a merge, whose values carry their own times).
  @discardableResult
  public func update<Result>(
    recordingChanges: Bool = true, _ change: (inout Document) throws -> Result
  ) throws -> Result {
    try withLock {
      let original = try loadLocked()
      var document = original.document
      let result = try change(&document)
      if recordingChanges, Document.recordsChanges {
        UserDataDeclaration.recordChanges(original.document, &document, at: now())
      }
      if original.unrepaired != nil {
        try writeRepaired(document)
      } else if document != original.document {
        try save(document)
      }
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

  // MARK: - Documents without a file (a merge of versions of it)

  /// The document of the bytes of the file at `path`, repaired as a read repairs it; throws
  /// `StoreError` naming `path` when they are not one (or one of a newer shelf).
  static func document(of data: Data, path: String) throws -> Document {
    let file = PropertyListFile(url: URL(fileURLWithPath: path))
    switch try file.decode(data) {
    case .document(var document):
      _ = document.repair()
      return document
    case .notADocument(let reason):
      throw StoreError(path: path, reason: .cannotRead(reason))
    }
  }

  /// The bytes a file holds for `document`.
  static func bytes(of document: Document) throws -> [UInt8] {
    try PropertyListFile(url: URL(fileURLWithPath: "/")).encoded(document)
  }

  // MARK: - Changing several files at once

  /// Writes the bytes this file would hold for `document` through `write`, a megabyte at a
  /// time for a document that writes itself (so a large one is never whole in memory).
  func stream(_ document: Document, to write: ([UInt8]) throws -> Void) throws {
    do {
      try withoutActuallyEscaping(write) { write in
        var writer = PropertyListXMLWriter(fragments: FragmentCache(), sink: write)
        if try document.writeXML(to: &writer) {
          try write(writer.finish())
        } else {
          try write(try encoded(document))
        }
      }
    } catch let error as StoreError {
      throw error
    } catch let error as FileError {
      throw StoreError(error)
    } catch {
      throw StoreError(path: url.path, reason: .cannotWrite(FileError.systemReason(error)))
    }
  }

  /// The document as it is now, and whether it needs writing back (repaired on reading).
  /// Call inside `withLock`.
  func loadLocked() throws -> (document: Document, unrepaired: Data?) {
    let document = try load()
    return (document, cached?.unrepaired)
  }

  /// Keeps `document` as the file's, after the file was replaced by other means (an import).
  func adopt(_ document: Document) {
    var status = stat()
    cached = stat(url.path, &status) == 0 ? (FileIdentity(status), document, nil) : nil
  }

  /// Keeps the bytes read before the repairs beside the file (`<file>.before-repair-<time>`),
  /// before the repaired document replaces them. Call inside `withLock`.
  func keepUnrepairedOriginal() throws {
    guard let original = cached?.unrepaired else { return }
    let backup = freeName(url.path + ".before-repair-" + stamp())
    do {
      try DurableFile.write(original, to: URL(fileURLWithPath: backup))
    } catch let error as FileError {
      throw StoreError(error)
    }
    warnings.append(StoreWarning(path: url.path, kind: .repairSaved(original: backup)))
  }

  // MARK: - Reading

  private func load() throws -> Document {
    let opened: SmallFile.Opened
    do {
      // A path through a regular file names no file yet; a save there says why it fails.
      guard
        let file = try SmallFile.Opened(url.path, limit: Self.sizeLimit, absentUnderAFile: true)
      else {
        cached = nil
        return Document()
      }
      opened = file
    } catch let error as FileError {
      cached = nil
      throw StoreError(error)
    }
    let identity = FileIdentity(opened.status)
    if let cached, cached.identity == identity { return cached.document }
    let source = SourceIdentity(opened.status)
    if let document = snapshot?.read(source: source), document.version <= Document.currentVersion {
      cached = (identity, document, nil)
      return document
    }
    let data: Data
    do {
      data = try opened.readAll()
    } catch let error as FileError {
      cached = nil
      throw StoreError(error)
    }
    var document: Document
    switch try decode(data) {
    case .document(let decoded): document = decoded
    case .notADocument(let reason): return try setAside(reason: reason)
    }
    let repairs = document.repair()
    for repair in repairs {
      warnings.append(StoreWarning(path: url.path, kind: .repaired(repair)))
    }
    cached = (identity, document, repairs.isEmpty ? nil : data)
    if repairs.isEmpty { snapshot?.write(document, source: source, now: now()) }
    return document
  }

  /// What a file's bytes turned out to be.
  private enum Decoded {
    case document(Document)
    case notADocument(reason: String)
  }

  private func decode(_ data: Data) throws -> Decoded {
    if let document = data.withUnsafeBytes(Document.readXML) {
      guard document.version <= Document.currentVersion else {
        throw StoreError(path: url.path, reason: .newerVersion(document.version))
      }
      return .document(document)
    }
    guard PropertyListDepth.isWithin(Self.maximumDepth, data) else {
      return .notADocument(reason: "nested more than \(Self.maximumDepth) levels deep")
    }
    // Foundation's XML reader stops the program on some bytes that are not UTF-8 (eight 0xFF
    // in an <integer>), and shelf writes nothing else: such a file is set aside unread.
    guard data.starts(with: Array("bplist".utf8)) || String(bytes: data, encoding: .utf8) != nil
    else {
      return .notADocument(reason: "not UTF-8 text")
    }
    let decoder = PropertyListDecoder()
    if let document = try? decoder.decode(Document.self, from: data) {
      guard document.version <= Document.currentVersion else {
        throw StoreError(path: url.path, reason: .newerVersion(document.version))
      }
      return .document(document)
    }
    guard let version = try? decoder.decode(VersionProbe.self, from: data).version else {
      return .notADocument(reason: "not a shelf property list")
    }
    guard version <= Document.currentVersion else {
      throw StoreError(path: url.path, reason: .newerVersion(version))
    }
    return .notADocument(reason: "unexpected contents")
  }

  /// Moves a file that was read and is not a document aside (never over another file), and
  /// starts afresh.
  private func setAside(reason: String) throws -> Document {
    cached = nil
    let destination = freeName(url.path + ".corrupt-" + stamp())
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

  /// Keeps the file as it was read beside it, then saves `document`. Call inside `withLock`.
  private func writeRepaired(_ document: Document) throws {
    try keepUnrepairedOriginal()
    try save(document)
  }

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
    cached = stat(url.path, &status) == 0 ? (FileIdentity(status), document, nil) : nil
  }

  /// `20231114-221320`, the time now, for the names of kept files.
  private func stamp() -> String {
    let formatter = DateFormatter()
    formatter.locale = Locale(identifier: "en_US_POSIX")
    formatter.dateFormat = "yyyyMMdd-HHmmss"
    return formatter.string(from: now())
  }

  /// `path`, or `path-2`, `path-3`… when that name is taken.
  private func freeName(_ path: String) -> String {
    var destination = path
    var counter = 1
    while access(destination, F_OK) == 0 {
      counter += 1
      destination = path + "-\(counter)"
    }
    return destination
  }

  func withLock<Result>(_ body: () throws -> Result) throws -> Result {
    let held: FileLock.Held
    do {
      held = try FileLock(for: url).acquire()
    } catch let error as FileError {
      throw StoreError(error)
    }
    defer { held.release() }
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

private struct VersionProbe: Decodable {
  let version: Int
}
