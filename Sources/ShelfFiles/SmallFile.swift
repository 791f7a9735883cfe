import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file the user names (`import FILE`) that must be a regular file of modest size: a
/// device (`/dev/zero`), a directory or a pipe is refused before anything is read, and so is
/// a file larger than `limit`, with the reason in words.
public enum SmallFile {
  private static let systemReasonIsDirectory = FileError.systemReason(EISDIR)

  public static func read(_ path: String, limit: Int) throws -> Data {
    guard let data = try readIfPresent(path, limit: limit) else {
      throw FileError(path: path, operation: .read, code: access(path, F_OK) == 0 ? ENOENT : errno)
    }
    return data
  }

  /// As `read`, but nil when there is no file at `path` (an optional file such as the config),
  /// also when a directory on the way is a file (`$HOME` set to a file).
  public static func readIfPresent(_ path: String, limit: Int) throws -> Data? {
    let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
    guard descriptor >= 0 else {
      if errno == ENOENT || errno == ENOTDIR { return nil }
      throw FileError(path: path, operation: .read, code: errno)
    }
    defer { close(descriptor) }
    var status = stat()
    guard fstat(descriptor, &status) == 0 else {
      throw FileError(path: path, operation: .read, code: errno)
    }
    guard (status.st_mode & S_IFMT) == S_IFREG else {
      let isDirectory = (status.st_mode & S_IFMT) == S_IFDIR
      throw FileError(
        path: path, operation: .read,
        reason: isDirectory ? systemReasonIsDirectory : "not a regular file")
    }
    guard Int(status.st_size) <= limit else {
      throw FileError(
        path: path, operation: .read, reason: "larger than \(limit / (1 << 20)) MiB")
    }
    var data = Data()
    var buffer = [UInt8](repeating: 0, count: 1 << 16)
    while true {
      let count = buffer.withUnsafeMutableBytes { raw in
        systemRead(descriptor, raw.baseAddress, raw.count)
      }
      if count < 0 {
        if errno == EINTR { continue }
        throw FileError(path: path, operation: .read, code: errno)
      }
      if count == 0 { return data }
      data.append(contentsOf: buffer[0..<count])
      guard data.count <= limit else {
        throw FileError(
          path: path, operation: .read, reason: "larger than \(limit / (1 << 20)) MiB")
      }
    }
  }
}

/// `read(2)`, named apart from `SmallFile.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}
