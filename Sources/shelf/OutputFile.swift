import Foundation
import ShelfFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The file of `> FILE` or `>> FILE`, opened as `sh` opens it, before the command runs: the
/// file itself, in place (a symbolic link followed; a regular file truncated for `>`, keeping
/// its inode, mode, owner and links; a new one made 0666 less the umask; a device or a FIFO
/// written as it is), or appended to (`>>`). A regular file is flushed to disk (fsync) before
/// it is closed, so what the command reported is there when the next prompt shows.
final class OutputFile {
  /// The name as the user typed it, for messages.
  let name: String
  let stream: StandardStream
  private let isRegular: Bool
  private var closed = false

  /// Why the file cannot be opened or written: the name typed and the system's reason.
  struct Failure: Error, CustomStringConvertible {
    let name: String
    let reason: String
    /// The `errno` value, when one is known.
    var code: Int32 = 0

    var description: String { "cannot write \(name): \(reason)" }
  }

  /// Opens `name` (`~` is `home`). A FIFO waits for a reader, as in `sh`; Ctrl-C ends the
  /// wait (the open fails with EINTR).
  init(name: String, append: Bool, home: String) throws {
    let path = HomePath.expand(name, home: home)
    let flags = O_WRONLY | O_CREAT | O_NOCTTY | O_CLOEXEC | (append ? O_APPEND : O_TRUNC)
    let descriptor = open(path, flags, 0o666)
    guard descriptor >= 0 else {
      let code = errno
      throw Failure(name: name, reason: FileError.systemReason(code), code: code)
    }
    var status = stat()
    isRegular = fstat(descriptor, &status) == 0 && status.st_mode & S_IFMT == S_IFREG
    self.name = name
    stream = StandardStream(descriptor: descriptor)
  }

  deinit {
    if !closed { _ = close(stream.descriptor) }
  }

  /// Flushes a regular file to disk and closes it; a failure to write, flush or close is
  /// returned with the system's reason.
  func finish() throws {
    guard !closed else { return }
    closed = true
    var reason = stream.failure
    if reason == nil, isRegular, fsync(stream.descriptor) != 0 {
      reason = FileError.systemReason(errno)
    }
    if close(stream.descriptor) != 0, reason == nil {
      reason = FileError.systemReason(errno)
    }
    if let reason { throw Failure(name: name, reason: reason) }
  }
}
