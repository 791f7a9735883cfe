/// An option a command accepts: `-y`/`--yes` (a flag) or `-n`/`--quantity QTY` (with a value).
public struct OptionSpec: Sendable {
  public var names: [String]
  public var valueName: String?
  public var help: String

  public init(_ names: [String], value valueName: String? = nil, help: String) {
    self.names = names
    self.valueName = valueName
    self.help = help
  }

  public var takesValue: Bool { valueName != nil }
  var key: String { names.last ?? "" }
}

/// A command's words split into options and positional arguments.
public struct ParsedArguments: Sendable {
  public let command: String
  /// The line after the command's name, exactly as typed (for `complete`).
  public var rawText: String = ""
  public private(set) var positional: [String] = []
  private var values: [String: String] = [:]
  private var flags: Set<String> = []

  /// Parses `words` (the command name removed). `--opt=value`, `-n 2`, `-n2` and `--` work;
  /// a word like `-1` is an argument, not an option.
  public init(command: String, words: [String], options: [OptionSpec]) throws {
    self.command = command
    var index = 0
    var optionsEnded = false
    while index < words.count {
      let word = words[index]
      index += 1
      if optionsEnded || !word.hasPrefix("-") || word == "-" || Int(word) != nil {
        positional.append(word)
        continue
      }
      if word == "--" {
        optionsEnded = true
        continue
      }
      var name = word
      var inlineValue: String?
      if word.hasPrefix("--"), let equals = word.firstIndex(of: "=") {
        name = String(word[..<equals])
        inlineValue = String(word[word.index(after: equals)...])
      } else if !word.hasPrefix("--"), word.count > 2 {
        name = String(word.prefix(2))
        inlineValue = String(word.dropFirst(2))
      }
      guard let spec = options.first(where: { $0.names.contains(name) }) else {
        throw ShellError.unknownOption(command: command, option: word)
      }
      if spec.takesValue {
        if let inlineValue {
          values[spec.key] = inlineValue
        } else if index < words.count {
          values[spec.key] = words[index]
          index += 1
        } else {
          throw ShellError.usage(command: command, message: "\(name) needs a \(spec.valueName!)")
        }
      } else {
        guard inlineValue == nil else {
          throw ShellError.unknownOption(command: command, option: word)
        }
        flags.insert(spec.key)
      }
    }
  }

  public func has(_ option: String) -> Bool { flags.contains(option) }
  public func value(_ option: String) -> String? { values[option] }

  /// The single optional positional argument, or a usage error when there are more.
  public func optionalArgument(_ name: String) throws -> String? {
    guard positional.count <= 1 else {
      throw ShellError.usage(command: command, message: "too many arguments; expected [\(name)]")
    }
    return positional.first
  }

  /// REF: the positional words joined, so `open The Lantern Snail` works unquoted.
  public func reference() -> String? {
    positional.isEmpty ? nil : positional.joined(separator: " ")
  }

  public func requiredReference() throws -> String {
    guard let reference = reference() else {
      throw ShellError.usage(command: command, message: "missing REF")
    }
    return reference
  }

  public func requiredArgument(_ name: String) throws -> String {
    guard positional.count == 1 else {
      throw ShellError.usage(
        command: command,
        message: positional.isEmpty ? "missing \(name)" : "too many arguments; expected \(name)")
    }
    return positional[0]
  }
}
