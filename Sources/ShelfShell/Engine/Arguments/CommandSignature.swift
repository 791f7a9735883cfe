/// What a command takes: its positional arguments in order, then its options. Declared once
/// per command; the usage line, parsing, completion, `help`, the manual page and the completion
/// scripts come from it.
public struct CommandSignature: Sendable {
  public let arguments: [PositionalSpec]
  public let options: [OptionSpec]

  public init(arguments: [PositionalSpec] = [], options: [OptionSpec] = []) {
    self.arguments = arguments
    self.options = options
  }

  /// Nothing: `pwd`, `back`.
  public static let none = CommandSignature()

  /// `buy [REF] [-n QTY]`: the command's name, its positionals, then each option with its
  /// placeholder; an option that goes with another is written inside it
  /// (`refresh [--all [--max-pages N]]`).
  public func usage(of name: String) -> String {
    var parts = [name] + arguments.map(\.usage)
    for option in options where option.requires == nil {
      parts.append(optionUsage(option))
    }
    return parts.joined(separator: " ")
  }

  private func optionUsage(_ option: OptionSpec) -> String {
    var text = option.shortestName
    if let value = option.value { text += " " + value.placeholder }
    for dependent in options where dependent.requires == option.key {
      text += " " + optionUsage(dependent)
    }
    return "[\(text)]"
  }

  /// The option one of whose names is `name`.
  func option(named name: String) -> OptionSpec? {
    options.first { $0.names.contains(name) }
  }
}
