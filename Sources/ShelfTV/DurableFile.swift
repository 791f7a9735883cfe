import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// File writes that are on disk when they return.
///
/// `write` replaces a whole file atomically: the data goes to a temporary file in the same
/// directory, is flushed with `fsync`, and is renamed over the destination, so a reader sees
/// the old file or the new one and a crash leaves at most a stray temporary file. `append`
/// adds to the end of a file and flushes it; it is not atomic, so readers of an appended file
/// must tolerate a torn last record.
enum DurableFile {
  static func write(_ data: Data, to url: URL) throws {
    let directory = url.deletingLastPathComponent()
    do {
      try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
    } catch {
      throw TVCacheError(kind: .unwritable, path: directory.path, detail: "cannot create directory")
    }
    let temporary = directory.appendingPathComponent(
      ".\(url.lastPathComponent).\(UUID().uuidString).tmp")
    let fd = open(temporary.path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw failure(url) }
    var closed = false
    defer {
      if !closed { _ = close(fd) }
    }
    do {
      try writeAll(data, to: fd, for: url)
      guard fsync(fd) == 0 else { throw failure(url) }
      closed = true
      guard close(fd) == 0 else { throw failure(url) }
      guard rename(temporary.path, url.path) == 0 else { throw failure(url) }
    } catch {
      _ = unlink(temporary.path)
      throw error
    }
    syncDirectory(directory)
  }

  /// Appends `data` to the file (created if missing) and flushes it to disk.
  static func append(_ data: Data, to url: URL) throws {
    let fd = open(url.path, O_WRONLY | O_APPEND | O_CREAT | O_CLOEXEC, 0o644)
    guard fd >= 0 else { throw failure(url) }
    defer { _ = close(fd) }
    try writeAll(data, to: fd, for: url)
    guard fsync(fd) == 0 else { throw failure(url) }
  }

  /// Removes the file if it exists; a missing file is not an error.
  static func remove(_ url: URL) {
    _ = unlink(url.path)
  }

  private static func writeAll(_ data: Data, to fd: Int32, for url: URL) throws {
    try data.withUnsafeBytes { (buffer: UnsafeRawBufferPointer) in
      guard let base = buffer.baseAddress else { return }
      var offset = 0
      while offset < buffer.count {
        #if canImport(Darwin)
          let written = Darwin.write(fd, base + offset, buffer.count - offset)
        #elseif canImport(Musl)
          let written = Musl.write(fd, base + offset, buffer.count - offset)
        #else
          let written = Glibc.write(fd, base + offset, buffer.count - offset)
        #endif
        if written < 0 {
          if errno == EINTR { continue }
          throw failure(url)
        }
        offset += written
      }
    }
  }

  private static func syncDirectory(_ directory: URL) {
    let fd = open(directory.path, O_RDONLY | O_CLOEXEC)
    guard fd >= 0 else { return }
    _ = fsync(fd)
    _ = close(fd)
  }

  private static func failure(_ url: URL) -> TVCacheError {
    TVCacheError(kind: .unwritable, path: url.path, detail: String(cString: strerror(errno)))
  }
}
