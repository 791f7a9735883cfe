/// A positional argument without its Swift type: its value and whether it must be given.
public struct PositionalSpec: Sendable {
  public let value: ValueSpec
  public let isRequired: Bool
  public let help: String

  /// `REF`, `[PATH]`: how the usage line writes it.
  public var usage: String { isRequired ? value.placeholder : "[\(value.placeholder)]" }
  var key: String { value.placeholder }

  /// How `help` names it: `REF`, `N`.
  public var label: String { value.placeholder }

  /// What it is, and what it may be: `the exit status (0-255)`.
  public var fullHelp: String { value.describing(help) }
}
