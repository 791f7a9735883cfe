import Foundation

/// `~` in a path the user gave (a command's FILE, a launch flag, a setting, an environment
/// variable), expanded as shells do: with `$HOME`, the directory the user says is home, not
/// the account's entry in the password database. Only `~` and `~/…` are expanded; `~name` and
/// every other path are returned as they are.
public enum HomePath {
  /// `$HOME`; the account's home directory only when HOME is unset or empty.
  public static func directory(environment: [String: String]) -> String {
    if let home = environment["HOME"], !home.isEmpty { return home }
    return NSHomeDirectory()
  }

  /// `path` with a leading `~` or `~/` replaced by `home`.
  public static func expand(_ path: String, home: String) -> String {
    if path == "~" { return home }
    guard path.hasPrefix("~/") else { return path }
    let rest = path.dropFirst(2)
    return home.hasSuffix("/") ? home + rest : home + "/" + rest
  }

  /// `path` with a leading `~` or `~/` replaced by `$HOME` from `environment`.
  public static func expand(_ path: String, environment: [String: String]) -> String {
    expand(path, home: directory(environment: environment))
  }
}
