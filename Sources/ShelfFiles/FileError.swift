import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// A file or directory the program could not create, read, lock or save, with the operating
/// system's reason in its own words (`strerror`: "Permission denied", "Not a directory").
/// The one-line message is rendered here and nowhere else.
public struct FileError: Error, Equatable, Sendable, CustomStringConvertible {
  public enum Operation: Equatable, Sendable {
    case createDirectory
    case read
    case lock
    case save
  }

  public let path: String
  public let operation: Operation
  /// The system's words for what went wrong, e.g. "Permission denied".
  public let reason: String

  public init(path: String, operation: Operation, reason: String) {
    self.path = path
    self.operation = operation
    self.reason = reason
  }

  /// The error `code` (an `errno` value) in the system's words.
  public init(path: String, operation: Operation, code: Int32) {
    self.init(path: path, operation: operation, reason: Self.systemReason(code))
  }

  /// Foundation's error reduced to the system's words when it wraps a POSIX error (never
  /// "NSCocoaErrorDomain error 512").
  public init(path: String, operation: Operation, error: Error) {
    self.init(path: path, operation: operation, reason: Self.systemReason(error))
  }

  public var description: String {
    switch operation {
    case .createDirectory: "cannot create directory \(path): \(reason)"
    case .read: "cannot read \(path): \(reason)"
    case .lock: "cannot lock \(path): \(reason)"
    case .save: "cannot save \(path): \(reason)"
    }
  }

  /// `strerror(code)`.
  public static func systemReason(_ code: Int32) -> String {
    String(cString: strerror(code))
  }

  /// The POSIX reason inside a Foundation error, else its own description.
  public static func systemReason(_ error: Error) -> String {
    if let fileError = error as? FileError { return fileError.reason }
    let error = error as NSError
    if error.domain == NSPOSIXErrorDomain { return systemReason(Int32(error.code)) }
    if let underlying = error.userInfo[NSUnderlyingErrorKey] as? NSError,
      underlying.domain == NSPOSIXErrorDomain
    {
      return systemReason(Int32(underlying.code))
    }
    switch error.code {
    case NSFileReadNoSuchFileError, NSFileNoSuchFileError: return systemReason(ENOENT)
    case NSFileReadNoPermissionError, NSFileWriteNoPermissionError: return systemReason(EACCES)
    case NSFileWriteOutOfSpaceError: return systemReason(ENOSPC)
    case NSFileWriteVolumeReadOnlyError: return systemReason(EROFS)
    default: return error.localizedDescription
    }
  }
}
