import Foundation

/// Where a household's repository is: any address git takes (`https://…`, `ssh://…`,
/// `host:path`, a local path). It is given to git as it is; everything shelf prints shows
/// `display`, which never holds the credentials an address may carry
/// (`https://user:token@host/…`), and text from git is passed through `redact` first.
public struct RemoteAddress: Equatable, Sendable {
  /// The address as git gets it (a local path made absolute).
  public let text: String

  /// `given` as typed; a relative local path is taken from `workingDirectory`.
  public init(_ given: String, workingDirectory: String = FileManager.default.currentDirectoryPath)
  {
    if Self.isLocalPath(given), !given.hasPrefix("/") {
      text =
        URL(
          fileURLWithPath: given,
          relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true)
        )
        .standardizedFileURL.path
    } else {
      text = given
    }
  }

  /// Whether git reads `address` as a path on this machine: no `scheme://`, and no `host:`
  /// before the first slash (git's scp-like form).
  static func isLocalPath(_ address: String) -> Bool {
    if address.contains("://") { return false }
    guard let colon = address.firstIndex(of: ":") else { return true }
    if let slash = address.firstIndex(of: "/"), slash < colon { return true }
    return false
  }

  public var isLocalPath: Bool { Self.isLocalPath(text) }

  /// The address without its credentials: `https://***@host/path` for one that had some.
  public var display: String { redact(text) }

  /// `text` with every credential of this address (and of any `scheme://user:secret@` in it)
  /// replaced by `***`, in the forms git may print them (as typed, percent-decoded).
  public func redact(_ message: String) -> String {
    var result = Self.hidingUserInfo(in: message)
    for secret in secrets where result.contains(secret) {
      result = result.replacingOccurrences(of: secret, with: "***")
    }
    return result
  }

  /// The parts of the address that are secret: the user information of an `http(s)`/`ftp(s)`
  /// address (a token is often the user name), and any password.
  private var secrets: [String] {
    guard let info = Self.userInfo(in: text) else { return [] }
    let scheme = text.prefix { $0 != ":" }.lowercased()
    var parts: [String] = []
    if let colon = info.firstIndex(of: ":") {
      parts = [info, String(info[info.index(after: colon)...])]
      if Self.hidesUser(scheme) { parts.append(String(info[..<colon])) }
    } else if Self.hidesUser(scheme) {
      parts = [info]
    }
    let decoded = parts.compactMap { $0.removingPercentEncoding }
    return Set(parts + decoded).filter { $0.count >= 3 }.sorted { $0.count > $1.count }
  }

  private static func hidesUser(_ scheme: String) -> Bool {
    !["ssh", "git+ssh", "ssh+git", "git", "file"].contains(scheme)
  }

  /// The user information of `scheme://INFO@host…`; nil when there is none.
  private static func userInfo(in address: String) -> String? {
    guard let start = address.range(of: "://")?.upperBound else { return nil }
    let rest = address[start...]
    let authority = rest.prefix { $0 != "/" && $0 != "?" && $0 != "#" }
    guard let at = authority.lastIndex(of: "@") else { return nil }
    return String(authority[..<at])
  }

  /// Every `scheme://INFO@` in `message` whose INFO has a password (or is an `http(s)` user,
  /// often a token) written `scheme://***@`.
  private static func hidingUserInfo(in message: String) -> String {
    var result = ""
    var rest = Substring(message)
    while let marker = rest.range(of: "://") {
      let schemeStart =
        rest[..<marker.lowerBound].lastIndex { !($0.isLetter || $0.isNumber || "+-.".contains($0)) }
        .map { rest.index(after: $0) } ?? rest.startIndex
      let scheme = rest[schemeStart..<marker.lowerBound].lowercased()
      result += rest[..<marker.upperBound]
      rest = rest[marker.upperBound...]
      let authority = rest.prefix { !"/?#'\" \t\n<>".contains($0) }
      guard let at = authority.lastIndex(of: "@") else { continue }
      let info = authority[..<at]
      if info.contains(":") || hidesUser(scheme) {
        result += "***"
        rest = rest[at...]
      }
    }
    return result + rest
  }
}
