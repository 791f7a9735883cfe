#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Names of temporary files: `.NAME.PID-RANDOM.shelf-tmp`, hidden, with 64 random bits so that
/// no one can plant a file or link at the name beforehand, and the writer's process id so that
/// a later start can tell a killed writer's leftover from a live writer's file.
enum TemporaryName {
  static let suffix = ".shelf-tmp"

  static func make(for name: String, pid: Int32 = getpid()) -> String {
    let random = String(UInt64.random(in: .min ... .max), radix: 16)
    let padded = String(repeating: "0", count: 16 - random.count) + random
    return ".\(name).\(pid)-\(padded)\(suffix)"
  }

  /// For a temporary file's name, the process that made it (nil when the name does not say);
  /// for any other name, nil at the outer level.
  ///
  /// Earlier versions of shelf named them `NAME.tmp-PID` and `.NAME.UUID.tmp`.
  static func owner(of name: String) -> Int32?? {
    if name.hasPrefix("."), name.hasSuffix(suffix) {
      let body = name.dropLast(suffix.count)
      guard let dot = body.lastIndex(of: ".") else { return nil }
      let parts = body[body.index(after: dot)...].split(separator: "-")
      guard parts.count == 2, let pid = Int32(parts[0]), parts[1].count == 16,
        parts[1].allSatisfy(\.isHexDigit), dot != body.startIndex
      else { return nil }
      return .some(pid)
    }
    if let range = name.range(of: ".tmp-", options: .backwards), range.lowerBound > name.startIndex,
      let pid = Int32(name[range.upperBound...])
    {
      return .some(pid)
    }
    if name.hasPrefix("."), name.hasSuffix(".tmp") {
      let body = name.dropLast(4)
      guard let dot = body.lastIndex(of: "."), dot != body.startIndex,
        UUIDShape.matches(body[body.index(after: dot)...])
      else { return nil }
      return .some(nil)
    }
    return nil
  }
}

/// A UUID: groups of 8, 4, 4, 4 and 12 hex digits joined by dashes.
private enum UUIDShape {
  static func matches(_ text: Substring) -> Bool {
    let groups = text.split(separator: "-", omittingEmptySubsequences: false)
    return groups.map(\.count) == [8, 4, 4, 4, 12]
      && groups.allSatisfy { $0.allSatisfy(\.isHexDigit) }
  }
}
