import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// The lock every writer of a file takes: an exclusive `flock` on `<file>.lock` beside it,
/// held while the file is read, changed and replaced. Every command, import and sync takes
/// it the same way, so that none loses another's change. (A lock belongs to the open file, so
/// two threads of one process exclude each other too.)
public struct FileLock {
  /// The file the lock is for (not the lock file itself).
  public let file: URL

  public init(for file: URL) {
    self.file = file
  }

  public var lockPath: String { file.path + ".lock" }

  /// A lock held until `release`.
  public struct Held {
    fileprivate let descriptor: Int32

    public func release() { close(descriptor) }
  }

  /// Takes the lock, waiting as long as another holds it. The lock file (and the file's
  /// directory) is created when missing.
  public func acquire() throws -> Held {
    Held(descriptor: try open(blocking: true))
  }

  /// Takes the lock when no one else holds it; nil when someone does.
  public func acquireIfFree() throws -> Held? {
    let descriptor = try open(blocking: false)
    return descriptor < 0 ? nil : Held(descriptor: descriptor)
  }

  /// Runs `body` holding the lock (see `acquire`).
  public func withLock<Result>(_ body: () throws -> Result) throws -> Result {
    let held = try acquire()
    defer { held.release() }
    return try body()
  }

  /// The lock file's descriptor, locked; -1 when `blocking` is false and it is taken. (Closing
  /// the descriptor releases the lock.)
  private func open(blocking: Bool) throws -> Int32 {
    var descriptor = openLockFile(lockPath)
    if descriptor < 0 && errno == ENOENT {
      try DurableFile.createDirectory(file.deletingLastPathComponent())
      descriptor = openLockFile(lockPath)
    }
    guard descriptor >= 0 else {
      let code = errno
      if code == ENOTDIR {
        throw FileError(
          path: file.deletingLastPathComponent().path, operation: .createDirectory, code: code)
      }
      throw FileError(path: file.path, operation: .lock, code: code)
    }
    while flock(descriptor, blocking ? LOCK_EX : LOCK_EX | LOCK_NB) != 0 {
      let code = errno
      if code == EINTR { continue }
      close(descriptor)
      if code == EWOULDBLOCK { return -1 }
      throw FileError(path: file.path, operation: .lock, code: code)
    }
    return descriptor
  }
}

private func openLockFile(_ path: String) -> Int32 {
  open(path, O_RDWR | O_CREAT | O_CLOEXEC, DurableFile.fileMode)
}
