import Foundation
import ShelfFiles

/// What a sync with nothing to do needs of the repository, read from its files instead of
/// asking git (a process each): the remote's address in `config`, a branch in `refs/` or
/// `packed-refs`. Anything unusual (a quoted or escaped value, no such file) answers nil, and
/// the caller asks git.
struct RepositoryFiles {
  let directory: URL

  /// `url` of `[remote "origin"]` in the repository's `config`, as `git config` wrote it.
  func remoteURL() -> String? {
    guard
      let data = try? SmallFile.read(
        directory.appendingPathComponent("config").path, limit: 1 << 20)
    else { return nil }
    var inOrigin = false
    for raw in String(decoding: data, as: UTF8.self).split(separator: "\n") {
      let line = raw.trimmingCharacters(in: .whitespaces)
      if line.hasPrefix("[") {
        inOrigin = line == "[remote \"origin\"]"
        continue
      }
      guard inOrigin, line.hasPrefix("url") else { continue }
      let parts = line.split(separator: "=", maxSplits: 1)
      guard parts.count == 2, parts[0].trimmingCharacters(in: .whitespaces) == "url" else {
        continue
      }
      let value = parts[1].trimmingCharacters(in: .whitespaces)
      if value.contains("\"") || value.contains("\\") || value.isEmpty { return nil }
      return value
    }
    return nil
  }

  /// The commit `reference` (`refs/remotes/origin/main`) points at; nil when there is no such
  /// reference, or it is not one this reads (a symbolic one).
  func commit(of reference: String) -> String? {
    let loose = directory.appendingPathComponent(reference).path
    if let data = try? SmallFile.readIfPresent(loose, limit: 4096) {
      let text = String(decoding: data, as: UTF8.self).trimmingCharacters(
        in: .whitespacesAndNewlines)
      return Self.isCommitID(text) ? text : nil
    }
    guard
      let packed = try? SmallFile.readIfPresent(
        directory.appendingPathComponent("packed-refs").path, limit: 64 << 20)
    else { return nil }
    for line in String(decoding: packed, as: UTF8.self).split(separator: "\n") {
      let parts = line.split(separator: " ", maxSplits: 1)
      if parts.count == 2, parts[1] == reference, Self.isCommitID(String(parts[0])) {
        return String(parts[0])
      }
    }
    return nil
  }

  static func isCommitID(_ text: String) -> Bool {
    text.count >= 40 && text.allSatisfy(\.isHexDigit)
  }
}
