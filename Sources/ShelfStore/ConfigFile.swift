import Foundation
import ShelfFiles

#if canImport(Glibc)
  import Glibc
#elseif canImport(Darwin)
  import Darwin
#endif

/// `$XDG_CONFIG_HOME/shelf/config`: one `key = value` per line, `#` comments and blank lines
/// ignored. Every key and value is checked when the file is read, so a mistake is reported
/// with its file and line before anything runs. A key given twice keeps its last value.
public struct ConfigFile: Equatable {
  /// A value and the line it came from.
  public struct Entry: Equatable {
    public let value: String
    public let line: Int

    public init(value: String, line: Int) {
      self.value = value
      self.line = line
    }
  }

  /// The keys the file may set, in the order `--print-config` lists them.
  public static let keys = [
    "color", "images", "pager", "resume", "tvmaze-url", "data-dir", "spoilers", "profile",
    "sync",
  ]

  public let path: String
  public let entries: [String: Entry]

  /// Parses `text`, the contents of the file at `path` (named in errors).
  public init(path: String, text: String) throws(ConfigFileError) {
    self.path = path
    var entries: [String: Entry] = [:]
    for (index, rawLine) in text.split(separator: "\n", omittingEmptySubsequences: false)
      .enumerated()
    {
      let number = index + 1
      let line = rawLine.trimmingCharacters(in: .whitespacesAndNewlines)
      if line.isEmpty || line.hasPrefix("#") { continue }
      guard let equals = line.firstIndex(of: "=") else {
        throw ConfigFileError(path: path, line: number, reason: "expected key = value")
      }
      let key = line[..<equals].trimmingCharacters(in: .whitespaces)
      let value = line[line.index(after: equals)...].trimmingCharacters(in: .whitespaces)
      if let problem = Self.problem(key: key, value: value) {
        throw ConfigFileError(path: path, line: number, reason: problem)
      }
      entries[key] = Entry(value: value, line: number)
    }
    self.entries = entries
  }

  /// Reads the file at `path`; nil when there is none.
  public static func load(path: String) throws(ConfigFileError) -> ConfigFile? {
    func failure(_ reason: String) -> ConfigFileError {
      ConfigFileError(path: path, line: nil, reason: reason)
    }
    let bytes: Data
    do {
      guard let data = try SmallFile.readIfPresent(path, limit: 1 << 20) else { return nil }
      bytes = data
    } catch {
      throw failure(FileError.systemReason(error))
    }
    guard let text = String(validating: bytes, as: UTF8.self) else {
      throw failure("not UTF-8 text")
    }
    return try ConfigFile(path: path, text: text)
  }

  /// `$XDG_CONFIG_HOME/shelf/config`, else `~/.config/shelf/config`.
  public static func defaultPath(environment: [String: String]) -> String {
    if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") {
      return URL(fileURLWithPath: xdg).appendingPathComponent("shelf/config").path
    }
    let home = HomePath.directory(environment: environment)
    return URL(fileURLWithPath: home).appendingPathComponent(".config/shelf/config").path
  }

  /// What is wrong with `key = value`, or nil when it is fine.
  private static func problem(key: String, value: String) -> String? {
    let choices: [String: [String]] = [
      "color": ["auto", "always", "never"], "images": ["auto", "blocks", "none"],
      "resume": ["yes", "no", "auto"], "spoilers": ["hide", "show"], "sync": ["auto", "off"],
    ]
    guard keys.contains(key) else {
      return "unknown key \"\(key)\" (known: \(keys.joined(separator: ", ")))"
    }
    if value.isEmpty { return "\(key) needs a value" }
    if let allowed = choices[key], !allowed.contains(value) {
      return "\(key) takes \(allowed.joined(separator: ", ")), not \"\(value)\""
    }
    if key == "tvmaze-url" {
      guard let url = URL(string: value), let scheme = url.scheme?.lowercased(),
        scheme == "http" || scheme == "https", url.host != nil
      else { return "tvmaze-url must be an http or https URL, not \"\(value)\"" }
    }
    if key == "profile", ProfileName(value) == nil {
      return "profile must be a profile's name (\(ProfileName.rule)), not \"\(value)\""
    }
    if key == "data-dir", !value.hasPrefix("/"), !value.hasPrefix("~/") {
      return "data-dir must be an absolute path (or start with ~/), not \"\(value)\""
    }
    return nil
  }
}

/// A config file that cannot be used: `file:line: reason`.
public struct ConfigFileError: Error, Equatable, CustomStringConvertible {
  public let path: String
  public let line: Int?
  public let reason: String

  public var description: String {
    if let line { return "\(path):\(line): \(reason)" }
    return "\(path): \(reason)"
  }
}
