import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Reads a file that must be a regular file of bounded size (an export the user names, the
/// config, the user's property lists, the catalog): it is opened without blocking, so a pipe
/// never hangs the reader, and a device (`/dev/zero`), a directory, a pipe or a file larger
/// than `limit` is refused before anything is read, with the reason in words.
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
    guard let file = try Opened(path, limit: limit, absentUnderAFile: true) else { return nil }
    return try file.readAll()
  }

  /// A regular file opened for reading and checked (its kind and size), not read yet: the
  /// caller can look at `status` first (a cache that knows this version of the file).
  public final class Opened {
    public let path: String
    /// The open descriptor; closed when this value goes away.
    public let descriptor: Int32
    public let status: stat
    public let limit: Int

    /// Opens `path`; nil when there is no file there (`ENOENT`, and `ENOTDIR` when
    /// `absentUnderAFile`: a path through a regular file names nothing). Anything else that is
    /// not a regular file within `limit` bytes throws a `FileError` with the reason.
    public init?(_ path: String, limit: Int, absentUnderAFile: Bool = false) throws {
      let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
      guard descriptor >= 0 else {
        if errno == ENOENT || (errno == ENOTDIR && absentUnderAFile) { return nil }
        throw FileError(path: path, operation: .read, code: errno)
      }
      var status = stat()
      guard fstat(descriptor, &status) == 0 else {
        let code = errno
        close(descriptor)
        throw FileError(path: path, operation: .read, code: code)
      }
      let kind = status.st_mode & S_IFMT
      guard kind == S_IFREG else {
        close(descriptor)
        throw FileError(path: path, operation: .read, reason: SmallFile.describe(kind: kind))
      }
      guard Int(status.st_size) <= limit else {
        close(descriptor)
        throw FileError(path: path, operation: .read, reason: SmallFile.overLimit(limit))
      }
      self.path = path
      self.descriptor = descriptor
      self.status = status
      self.limit = limit
    }

    deinit { close(descriptor) }

    /// Everything in the file, refused when it grows past the limit while it is read.
    public func readAll() throws -> Data {
      var data = Data(capacity: min(max(Int(status.st_size), 0) + 1, limit + 1))
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
          throw FileError(path: path, operation: .read, reason: SmallFile.overLimit(limit))
        }
      }
    }
  }

  /// "larger than 64 MiB".
  public static func overLimit(_ limit: Int) -> String {
    limit >= 1 << 30 && limit % (1 << 30) == 0
      ? "larger than \(limit >> 30) GiB" : "larger than \(limit >> 20) MiB"
  }

  /// Why a file of this kind (`st_mode & S_IFMT`) is not read.
  public static func describe(kind: mode_t) -> String {
    switch kind {
    case S_IFDIR: systemReasonIsDirectory
    case S_IFIFO: "a pipe (FIFO), not a regular file"
    case S_IFCHR, S_IFBLK: "a device, not a regular file"
    case S_IFSOCK: "a socket, not a regular file"
    default: "not a regular file"
    }
  }
}

/// `read(2)`, named apart from `SmallFile.read`.
private func systemRead(_ descriptor: Int32, _ buffer: UnsafeMutableRawPointer?, _ count: Int)
  -> Int
{
  read(descriptor, buffer, count)
}
