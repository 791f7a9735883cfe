/// An option a command accepts, without its Swift type: `-y`/`--yes` (a flag) or
/// `-n`/`--quantity QTY` (with a value). The parser, the completer, `help`, the manual page and
/// the completion scripts all read it.
public struct OptionSpec: Sendable {
  public let names: [String]
  /// What the value is; nil for a flag.
  public let value: ValueSpec?
  public let help: String
  /// Another option (its last name) this one goes with: `--max-pages` with `--all`.
  public let requires: String?

  public var takesValue: Bool { value != nil }
  /// The name values are stored under: the last (longest) one.
  var key: String { names.last ?? "" }
  /// The name the usage line shows: the first (shortest) one.
  public var shortestName: String { names.first ?? "" }

  /// `-n, --quantity QTY`: every name, then the value's placeholder.
  public var label: String {
    names.joined(separator: ", ") + (value.map { " " + $0.placeholder } ?? "")
  }

  /// What it does, and what its value may be: `how many (1-999)`.
  public var fullHelp: String { value?.describing(help) ?? help }
}

/// A typed option: `static let quantity = CommandOption(["-n", "--quantity"], .integer("QTY", in:
/// 1...999), help: "how many")`, read back as `arguments[Self.quantity]` (an `Int?`).
public struct CommandOption<Value: Sendable>: Sendable {
  public let spec: OptionSpec

  public init(
    _ names: [String], _ value: ValueType<Value>, help: String, requires: CommandFlag? = nil
  ) {
    spec = OptionSpec(
      names: names, value: value.erased, help: help, requires: requires?.spec.key)
  }
}

/// A flag: present or not (`-y`, `--season`); `arguments[Self.yes]` is a `Bool`.
public struct CommandFlag: Sendable {
  public let spec: OptionSpec

  public init(_ names: [String], help: String) {
    spec = OptionSpec(names: names, value: nil, help: help, requires: nil)
  }
}
