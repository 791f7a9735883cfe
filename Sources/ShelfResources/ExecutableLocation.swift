import Foundation

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// The running program's own file, with every symbolic link resolved: `/proc/self/exe` on
/// Linux, `_NSGetExecutablePath` and `realpath` on macOS. Never `argv[0]`, which is only what
/// the caller typed (a bare name found through PATH, a relative path, or anything at all).
public enum ExecutableLocation {
  /// Nil only when the system will not say (no `/proc` mounted, say).
  public static func current() -> URL? {
    #if os(Linux)
      var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
      let count = readlink("/proc/self/exe", &buffer, buffer.count - 1)
      guard count > 0 else { return nil }
      let path = String(decoding: buffer[..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
      return URL(fileURLWithPath: path)
    #elseif canImport(Darwin)
      var size: UInt32 = 0
      _ = _NSGetExecutablePath(nil, &size)
      var buffer = [CChar](repeating: 0, count: Int(size) + 1)
      guard _NSGetExecutablePath(&buffer, &size) == 0, let resolved = realpath(buffer, nil) else {
        return nil
      }
      defer { free(resolved) }
      return URL(fileURLWithPath: String(cString: resolved))
    #else
      return nil
    #endif
  }
}
