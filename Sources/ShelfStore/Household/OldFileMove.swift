import Foundation
import ShelfFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Musl)
  import Musl
#elseif canImport(Darwin)
  import Darwin
#endif

/// Moving a file of a data directory from before profiles into the first person's directory,
/// as the user made it: a symbolic link stays a link to the same file (a relative target is
/// rewritten to reach it from the new place), and a move killed half-way is finished by the
/// next one.
enum OldFileMove {
  /// Moves `old` to `new` (which must not exist, unless it is what a killed move left: a link
  /// to the same file, then `old` goes).
  static func move(_ old: URL, to new: URL) throws {
    guard let target = linkTarget(old.path), !target.hasPrefix("/") else {
      try DurableFile.move(old, to: new)
      return
    }
    let reached = URL(fileURLWithPath: target, relativeTo: old.deletingLastPathComponent())
      .standardizedFileURL.path
    if linkTarget(new.path) == nil {
      try DurableFile.createDirectory(new.deletingLastPathComponent())
      let directory = new.deletingLastPathComponent().standardizedFileURL.path
      let rewritten = relativePath(to: reached, from: directory)
      let temporary = new.deletingLastPathComponent()
        .appendingPathComponent(".\(new.lastPathComponent).link.shelf-tmp").path
      unlink(temporary)
      guard symlink(rewritten, temporary) == 0 else {
        throw FileError(path: new.path, operation: .save, code: errno)
      }
      guard rename(temporary, new.path) == 0 else {
        let code = errno
        unlink(temporary)
        throw FileError(path: new.path, operation: .save, code: code)
      }
    }
    guard unlink(old.path) == 0 || errno == ENOENT else {
      throw FileError(path: old.path, operation: .save, code: errno)
    }
  }

  /// Whether `new` is what a killed move of `old` left: a link that reaches the file `old`
  /// reaches.
  static func wasMoved(_ old: URL, to new: URL) -> Bool {
    guard linkTarget(old.path) != nil, linkTarget(new.path) != nil else { return false }
    var first = stat()
    var second = stat()
    return stat(old.path, &first) == 0 && stat(new.path, &second) == 0
      && first.st_dev == second.st_dev && first.st_ino == second.st_ino
  }

  /// The target of the symbolic link at `path`; nil when it is not one.
  static func linkTarget(_ path: String) -> String? {
    var buffer = [CChar](repeating: 0, count: Int(PATH_MAX) + 1)
    let count = readlink(path, &buffer, buffer.count - 1)
    guard count >= 0 else { return nil }
    return String(decoding: buffer[0..<count].map { UInt8(bitPattern: $0) }, as: UTF8.self)
  }

  /// `target` (an absolute path) as seen from the directory `directory`: `../dotfiles/x`.
  static func relativePath(to target: String, from directory: String) -> String {
    let to = target.split(separator: "/")
    let from = directory.split(separator: "/")
    var common = 0
    while common < min(to.count - 1, from.count), to[common] == from[common] { common += 1 }
    let up = Array(repeating: "..", count: from.count - common)
    return (up + to[common...].map(String.init)).joined(separator: "/")
  }
}
