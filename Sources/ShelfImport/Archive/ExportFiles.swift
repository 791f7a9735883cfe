import Foundation
import ShelfFiles

/// The files of an export as the user has it: the zip archive the service gave, the folder it
/// was extracted to, or one of its files. Only the list of names is read up front; a reader
/// opens the files it knows by name and no others (a TV Time export's account files are never
/// read), each within `entryLimit` bytes.
public struct ExportFiles: Sendable {
  /// One file of the export.
  public struct File: Sendable {
    /// Its name, without folders (`watched-history-1.json`).
    public let name: String
    /// Where it is, for messages: its path, or `ARCHIVE:PATH` inside a zip.
    public let location: String
    fileprivate let source: Source

    /// Its rows, read as CSV; a file that is not CSV is refused with the reason.
    public func table() throws(ImportFileError) -> CSVTable {
      let data = try read()
      do {
        return try CSVTable(data)
      } catch {
        throw ImportFileError(path: location, reason: error.description)
      }
    }

    /// Its bytes; refused past `ExportFiles.entryLimit`.
    public func read() throws(ImportFileError) -> Data {
      switch source {
      case .file(let path):
        do {
          return try SmallFile.read(path, limit: ExportFiles.entryLimit)
        } catch {
          throw ImportFileError(path: path, reason: FileError.systemReason(error))
        }
      case .bytes(let data):
        return data
      case .entry(let archive, let entry):
        do {
          return try archive.contents(of: entry, limit: ExportFiles.entryLimit)
        } catch {
          throw ImportFileError(path: location, reason: error.description)
        }
      }
    }
  }

  fileprivate enum Source: Sendable {
    case file(String)
    case bytes(Data)
    case entry(ZipArchive, ZipArchive.Entry)
  }

  /// The largest file of an export read (a lifetime's history is a few tens of megabytes).
  public static let entryLimit = 256 << 20
  /// The largest archive opened.
  public static let archiveLimit = 1 << 30
  /// How deep a folder is searched for the export's files.
  static let folderDepth = 4

  /// What was named: its path as given.
  public let path: String
  public let files: [File]
  /// True when one file was named (not an archive or a folder).
  public let isSingleFile: Bool

  /// Opens what `path` names; a missing or unreadable path, an empty folder or a damaged
  /// archive is an error with the reason.
  public static func open(_ path: String) throws(ImportFileError) -> ExportFiles {
    var isFolder: ObjCBool = false
    guard FileManager.default.fileExists(atPath: path, isDirectory: &isFolder) else {
      throw ImportFileError(path: path, reason: FileError.systemReason(ENOENT))
    }
    if isFolder.boolValue {
      let files = try folderFiles(path)
      guard !files.isEmpty else { throw ImportFileError(path: path, reason: "the folder is empty") }
      return ExportFiles(path: path, files: files, isSingleFile: false)
    }
    // Opened without blocking and checked (a regular file within the archive limit), then
    // told by its first bytes: an archive is read whole, another file within its own limit.
    let head: Data
    do {
      guard let opened = try SmallFile.Opened(path, limit: archiveLimit) else {
        throw FileError(path: path, operation: .read, code: ENOENT)
      }
      var magic = [UInt8](repeating: 0, count: 4)
      let count = pread(opened.descriptor, &magic, magic.count, 0)
      let isZip = ZipArchive.looksLikeZip(Data(magic.prefix(max(0, count))))
      guard isZip || Int(opened.status.st_size) <= entryLimit else {
        throw ImportFileError(path: path, reason: "it is larger than \(entryLimit >> 20) MiB")
      }
      head = try opened.readAll()
    } catch let error as ImportFileError {
      throw error
    } catch {
      throw ImportFileError(path: path, reason: FileError.systemReason(error))
    }
    guard ZipArchive.looksLikeZip(head) else {
      let file = File(
        name: (path as NSString).lastPathComponent, location: path, source: .bytes(head))
      return ExportFiles(path: path, files: [file], isSingleFile: true)
    }
    let archive: ZipArchive
    do {
      archive = try ZipArchive(head)
    } catch {
      throw ImportFileError(path: path, reason: error.description)
    }
    let files = archive.entries.filter { entry in
      !entry.isDirectory && !entry.path.hasPrefix("__MACOSX/") && !entry.name.hasPrefix(".")
    }.map { entry in
      File(name: entry.name, location: "\(path):\(entry.path)", source: .entry(archive, entry))
    }
    guard !files.isEmpty else { throw ImportFileError(path: path, reason: "the archive is empty") }
    return ExportFiles(path: path, files: files, isSingleFile: false)
  }

  /// The files whose names `matches` accepts, in name order (parts in their number's order:
  /// `-2.json` before `-10.json`).
  public func files(where matches: (String) -> Bool) -> [File] {
    files.filter { matches($0.name.lowercased()) }.sorted { left, right in
      ExportFileName(left.name).precedes(ExportFileName(right.name))
    }
  }

  private static func folderFiles(_ path: String) throws(ImportFileError) -> [File] {
    let root = URL(fileURLWithPath: path, isDirectory: true)
    var found: [File] = []
    var folders = [(url: root, depth: 0)]
    while let (folder, depth) = folders.popLast() {
      let names: [String]
      do {
        names = try FileManager.default.contentsOfDirectory(atPath: folder.path)
      } catch {
        throw ImportFileError(path: folder.path, reason: FileError.systemReason(error))
      }
      for name in names.sorted() where !name.hasPrefix(".") && name != "__MACOSX" {
        let url = folder.appendingPathComponent(name)
        var isFolder: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isFolder) else {
          continue
        }
        if isFolder.boolValue {
          if depth + 1 < folderDepth { folders.append((url, depth + 1)) }
        } else {
          found.append(File(name: name, location: url.path, source: .file(url.path)))
        }
      }
    }
    return found
  }
}

/// A file name split into its stem and the number of its part: `watched-history-10.json` is
/// `watched-history` part 10; `ratings-shows.json` is `ratings-shows` with no part.
public struct ExportFileName: Sendable, Equatable {
  public let stem: String
  public let part: Int?
  public let fileExtension: String

  public init(_ name: String) {
    let lowered = name.lowercased()
    let dot = lowered.lastIndex(of: ".")
    let base = dot.map { String(lowered[..<$0]) } ?? lowered
    fileExtension = dot.map { String(lowered[lowered.index(after: $0)...]) } ?? ""
    if let dash = base.lastIndex(of: "-"), let number = Int(base[base.index(after: dash)...]),
      number >= 0, !base[..<dash].isEmpty
    {
      stem = String(base[..<dash])
      part = number
    } else {
      stem = base
      part = nil
    }
  }

  func precedes(_ other: ExportFileName) -> Bool {
    if stem != other.stem { return stem < other.stem }
    return (part ?? -1) < (other.part ?? -1)
  }
}

/// Why a file cannot be imported, in one line: `cannot import PATH: REASON`.
public struct ImportFileError: Error, Sendable, Equatable, CustomStringConvertible {
  public let path: String
  public let reason: String

  public init(path: String, reason: String) {
    self.path = path
    self.reason = reason
  }

  public var description: String { "cannot import \(path): \(reason)" }
}
