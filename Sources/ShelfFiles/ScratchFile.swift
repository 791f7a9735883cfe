import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A private file handed to a library that reads only by name (libedit loads its history from
/// a path): made 0600 in `directory` under a temporary name no one can guess, so that if the
/// process is killed before `remove()`, the next start deletes it with the other leftovers
/// (`DurableFile.removeStaleTemporaries(in:)`).
public struct ScratchFile {
  public let url: URL

  /// Writes `data` to a new scratch file in `directory` (created 0700 if missing), named
  /// after `name`.
  public init(_ data: Data, in directory: URL, for name: String) throws {
    let target = directory.appendingPathComponent(name).path
    let (descriptor, path) = try DurableFile.createTemporary(for: target, in: directory.path)
    let handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
    do {
      try handle.write(contentsOf: data)
    } catch {
      _ = unlink(path)
      throw FileError(path: path, operation: .save, error: error)
    }
    url = URL(fileURLWithPath: path)
  }

  public func remove() {
    _ = unlink(url.path)
  }
}
