import Foundation
import ShelfFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The line-edit history file as libedit writes it: `_HiStOrY_V2_`, then one encoded entry per
/// line. Only the last entries are read, from the end of the file, so a history grown huge
/// costs no more to load than one of the kept size; the file is opened without blocking, and
/// anything but a regular file (a FIFO, a device, a directory) is refused unread. A file that
/// is not readable or not a history file is reported, never overwritten. Sessions append to
/// it (as bash's `histappend` and fish do), so two at once both keep their lines.
struct HistoryFile {
  static let header = "_HiStOrY_V2_\n"

  enum Contents: Equatable {
    /// No file yet: one is written on the first save.
    case missing
    /// The last entries, still encoded as in the file, oldest first.
    case entries([String])
    /// Why the file must be left alone.
    case unusable(String)
  }

  let path: String

  /// Reads at most `keep` entries from the end, reading at most `maximumBytes` of the file.
  func readTail(keep: Int, maximumBytes: Int = 8 << 20) -> Contents {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT { return .missing }
      return .unusable(String(cString: strerror(errno)))
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      return .unusable(String(cString: strerror(errno)))
    }
    guard status.st_mode & S_IFMT == S_IFREG else {
      return .unusable(SmallFile.describe(kind: status.st_mode & S_IFMT))
    }
    let size = Int(status.st_size)
    if size == 0 { return .entries([]) }
    let headerBytes = Array(Self.header.utf8)
    guard let start = read(descriptor, at: 0, count: headerBytes.count), start == headerBytes
    else { return .unusable("not a libedit history file (no \(Self.header.dropLast()) line)") }

    // Read backwards in chunks until `keep` whole lines are in hand.
    var tail: [UInt8] = []
    var offset = size
    var newlines = 0
    let chunkSize = 65536
    while offset > headerBytes.count, newlines <= keep, tail.count < maximumBytes {
      let from = max(headerBytes.count, offset - chunkSize)
      guard let chunk = read(descriptor, at: from, count: offset - from) else {
        return .unusable(String(cString: strerror(errno)))
      }
      newlines += chunk.reduce(0) { $0 + ($1 == 10 ? 1 : 0) }
      tail = chunk + tail
      offset = from
    }
    var lines = tail.split(separator: 10, omittingEmptySubsequences: true)
    if offset > headerBytes.count, !lines.isEmpty { lines.removeFirst() }  // cut off mid-line
    return .entries(lines.suffix(keep).map { String(decoding: $0, as: UTF8.self) })
  }

  /// Adds `entries` (encoded as in the file) after what the file holds now, leaving out a
  /// repeat of the entry before, and keeps the last `keep`: under an exclusive lock on
  /// `<file>.lock`, written whole and durably, so what another session appended meanwhile
  /// stays. A file that is not a history file is not replaced (the error says why).
  func append(_ entries: [String], keep: Int) throws {
    try withLock {
      var lines: [String]
      switch readTail(keep: keep) {
      case .missing: lines = []
      case .entries(let existing): lines = existing
      case .unusable(let reason): throw FileError(path: path, operation: .save, reason: reason)
      }
      for entry in entries where entry != lines.last { lines.append(entry) }
      let text = Self.header + lines.suffix(keep).map { $0 + "\n" }.joined()
      try DurableFile.write(Data(text.utf8), to: URL(fileURLWithPath: path))
    }
  }

  private func withLock(_ body: () throws -> Void) throws {
    let lockPath = path + ".lock"
    var descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, DurableFile.fileMode)
    if descriptor < 0 && errno == ENOENT {
      try DurableFile.createDirectory(
        URL(fileURLWithPath: (path as NSString).deletingLastPathComponent))
      descriptor = open(lockPath, O_RDWR | O_CREAT | O_CLOEXEC, DurableFile.fileMode)
    }
    guard descriptor >= 0 else { throw FileError(path: path, operation: .lock, code: errno) }
    defer { close(descriptor) }
    while flock(descriptor, LOCK_EX) != 0 {
      guard errno == EINTR else { throw FileError(path: path, operation: .lock, code: errno) }
    }
    defer { flock(descriptor, LOCK_UN) }
    try body()
  }

  private func read(_ descriptor: Int32, at offset: Int, count: Int) -> [UInt8]? {
    var buffer = [UInt8](repeating: 0, count: count)
    var done = 0
    while done < count {
      let got = buffer.withUnsafeMutableBytes {
        pread(descriptor, $0.baseAddress! + done, count - done, off_t(offset + done))
      }
      if got < 0 && errno == EINTR { continue }
      guard got > 0 else { return got == 0 ? Array(buffer[0..<done]) : nil }
      done += got
    }
    return buffer
  }
}
